import { useState, type ReactNode } from 'react';
import { Create, Edit, type RaRecord, type RedirectionSideEffect } from 'react-admin';
import { newIdempotencyKey } from '../../../core/idempotencyKey';
import { EntityForm } from './EntityForm';
import { showPath } from './paths';

// An entity's create and edit views at their own addresses (/{name}/create, /{name}/{id}/edit): the
// same inputs as its dialogs, validated by its declaration; saving goes to the record's page.

const toRecordPage = (resource?: string, id?: RaRecord['id']) => (id === undefined ? `/${resource}` : showPath(resource ?? '', id));

interface EntityPageProps {
  children: ReactNode;
  title?: string;
  transform?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Checked by its inputs' validators rather than the declaration (EntityForm's byInputs). */
  byInputs?: boolean;
  /** The declaration, and also the inputs' own validators (EntityForm's inputRules). */
  inputRules?: boolean;
  /** Where a save goes, when not the record's page. */
  redirect?: RedirectionSideEffect;
}

export function EntityCreate({ children, title, transform, byInputs, inputRules, redirect = toRecordPage, record }: EntityPageProps & {
  /** A new record's starting values (the defaults of its form). */
  record?: Partial<RaRecord>;
}) {
  // The form's Idempotency-Key: a retried save creates once (the page is left once saved).
  const [idempotencyKey] = useState(newIdempotencyKey);
  return (
    <Create title={title} redirect={redirect} transform={transform} record={record} mutationOptions={{ meta: { idempotencyKey } }}>
      <EntityForm verb="create" transform={transform} byInputs={byInputs} inputRules={inputRules}>{children}</EntityForm>
    </Create>
  );
}

export function EntityEdit({ children, title, transform, byInputs, redirect = toRecordPage, meta }: EntityPageProps & {
  /** The dataProvider's meta of the record's read (the detail a list's summary lacks: DETAIL_META). */
  meta?: Record<string, unknown>;
}) {
  return (
    <Edit title={title} redirect={redirect} mutationMode="pessimistic" transform={transform} queryOptions={meta ? { meta } : undefined}>
      <EntityForm verb="update" transform={transform} byInputs={byInputs}>{children}</EntityForm>
    </Edit>
  );
}
