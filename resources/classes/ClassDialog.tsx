import { ResourceContextProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ClassDetail } from '../../dataProvider';
import { EntityDialog } from '../../src/kit/entity/EntityDialog';
import { showPath } from '../../src/kit/entity/paths';
import { ClassInputs, copyOf, newClass } from './ClassInputs';
import './messages';

// The class form as a dialog (spec 3 §5): Create class over the list, Clone class from a class's info
// card, New Division from a season's divisions. Saving opens the new class's page.

export function ClassDialog({ mode, source, onClose }: { mode: 'create' | 'clone' | 'division'; source?: ClassDetail; onClose(): void }) {
  const navigate = useNavigate();
  return (
    <ResourceContextProvider value="classes">
      <EntityDialog target={{ mode: 'create' }} onClose={onClose} alwaysEnable transform={newClass} record={source && mode !== 'create' ? copyOf(source, mode) : undefined}
        titles={{ create: `classes.form.${mode}` }} onSaved={(created) => navigate(showPath('classes', created.id))}>
        <ClassInputs mode={mode} />
      </EntityDialog>
    </ResourceContextProvider>
  );
}
