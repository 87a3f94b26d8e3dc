import { useTranslate } from 'react-admin';
import { EntityCreate } from '../../src/kit/entity/EntityPages';
import { ClassInputs, newClass } from './ClassInputs';
import './messages';

/** /classes/create: Create class (spec 3 §2.15, §5) at an address of its own; then the class's page. */
export default function ClassCreate() {
  const translate = useTranslate();
  return (
    <EntityCreate title={translate('classes.form.create')} transform={newClass}>
      <ClassInputs mode="create" />
    </EntityCreate>
  );
}
