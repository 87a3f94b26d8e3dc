import { EditBase, useNotify, useTranslate } from 'react-admin';
import { CLASS_MESSAGES } from '../../core/validation/classes';
import { DETAIL_META } from '../../dataProvider';
import { EntityForm } from '../../src/kit/entity/EntityForm';
import { EntityEdit } from '../../src/kit/entity/EntityPages';
import { changedClass, ClassInputs } from './ClassInputs';
import './messages';

/** /classes/{id}/edit: a class's form (spec 3 §5), checked by PUT /class/{id}'s declaration; then its page. */
export default function ClassEdit() {
  const translate = useTranslate();
  return (
    <EntityEdit title={translate('classes.form.settings')} meta={DETAIL_META} transform={changedClass}>
      <ClassInputs mode="edit" />
    </EntityEdit>
  );
}

/** The class page's Settings tab: the same form on the page, saved in place ('Update successful'). */
export function ClassSettings({ id }: { id: number }) {
  const notify = useNotify();
  return (
    <EditBase resource="classes" id={id} redirect={false} mutationMode="pessimistic" transform={changedClass} queryOptions={{ meta: DETAIL_META }}
      mutationOptions={{ onSuccess: () => notify(CLASS_MESSAGES.updated, { type: 'success' }), onError: () => undefined }}>
      <EntityForm verb="update" transform={changedClass}>
        <ClassInputs mode="edit" />
      </EntityForm>
    </EditBase>
  );
}
