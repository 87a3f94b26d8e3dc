import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, DialogActions, DialogContent, Stack, type ButtonProps } from '@mui/material';
import { Form, useTranslate } from 'react-admin';
import { useFormState, type FieldValues } from 'react-hook-form';
import { IDEMPOTENCY_KEY, type Answer, type CallInput, type EndpointDefinition } from '../../../core/api/endpoint';
import { newIdempotencyKey } from '../../../core/idempotencyKey';
import { KitDialog, type KitDialogProps } from '../layout/KitDialog';
import { errorText } from '../layout/dialogs/errorText';
import { declaredResolver, type FormPart } from './declaredResolver';
import { useDeclaredMutation } from './useDeclared';

// The kit's dialog for an action on a record (move a player, change a team's league, a class's fee):
// a react-admin form validated by the declared call's body schema (the server's own, declaredResolver),
// each reason under its field; Save sends the call through react-admin's cache (the resources it
// `invalidates` refresh in every open view), the server's reason for a field under that field and any
// other refusal above the buttons. Saved, it closes. A call declared idempotent carries one
// Idempotency-Key per form filled (a retried save writes once).

export type DialogValues = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface DeclaredDialogProps<E extends EndpointDefinition> {
  /** The title (an i18n key or text). */
  title: string;
  endpoint: E;
  /** The call's input from the form's values: its body is what the declaration checks. */
  input: (values: DialogValues) => CallInput<E>;
  /** The resources whose open views the call changes. */
  invalidates: readonly string[];
  defaultValues?: DialogValues;
  /** The input a body field's reason shows under, when the form names it otherwise. */
  fieldOf?: (path: string) => string;
  /** The part of the call the form fills, checked by its declared schema: the body (by default) or the query. */
  part?: FormPart;
  /** The inputs' own validators apply too (a field the form requires that the call does not check). */
  inputRules?: boolean;
  /** A refusal the page knows before any call (a full league), said above the buttons: nothing is sent. */
  refuse?: (values: DialogValues) => string | null;
  /** Asked once the values pass, before the call (a confirmation): false sends nothing. */
  confirm?: (values: DialogValues) => Promise<boolean>;
  /** A refusal worded otherwise than the server's message (null: the server's). */
  refusal?: (error: unknown) => string | null;
  /** A refusal the dialog answers with another call (a full class: its waitlist): its input, or null. */
  instead?: (error: unknown, input: CallInput<E>) => Promise<CallInput<E> | null>;
  onDone?: (answer: Answer<E>, values: DialogValues) => void;
  onClose(): void;
  submitLabel?: string;
  /** The Save button's colour: 'error' for a request that gives money back (a refund). */
  submitColor?: ButtonProps['color'];
  maxWidth?: KitDialogProps['maxWidth'];
  children: ReactNode;
}

/** The form's values are its own: not the fields of the page's record (react-admin's Form starts from the record in context). */
const NO_RECORD = {};

/** A body field's reasons from the server's 400 (`errors`, by path), under the form's inputs. */
function fieldReasons(error: unknown, fieldOf: (path: string) => string): Record<string, string> | null {
  const errors = (error as { body?: { errors?: unknown } } | null)?.body?.errors;
  if (!errors || typeof errors !== 'object') return null;
  const entries = Object.entries(errors as Record<string, unknown>).filter(([, message]) => typeof message === 'string');
  return entries.length ? Object.fromEntries(entries.map(([path, message]) => [fieldOf(path), message as string])) : null;
}

export function DeclaredDialog<E extends EndpointDefinition>({
  title, endpoint, input, invalidates, defaultValues, fieldOf = (path) => path, part = 'body', inputRules, refuse, confirm, refusal, instead, onDone, onClose, submitLabel = 'ra.action.save', submitColor = 'primary', maxWidth = 'sm', children,
}: DeclaredDialogProps<E>) {
  const translate = useTranslate();
  // Kept after a refusal (the server kept nothing under it), so a retry is the same write.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const call = useDeclaredMutation(endpoint, {
    invalidates, meta: { errorDialog: false }, callOptions: endpoint.idempotent ? { headers: { [IDEMPOTENCY_KEY]: idempotencyKey } } : undefined,
  });
  // The latest props, for the resolver made once.
  const latest = useRef({ input, fieldOf });
  latest.current = { input, fieldOf };
  const resolver = useMemo(() => declaredResolver(
    endpoint,
    (values) => (latest.current.input(values) as Partial<Record<FormPart, unknown>>)[part] ?? {},
    inputRules,
    (path) => latest.current.fieldOf(path),
    part,
  ), [endpoint, inputRules, part]);

  const submit = async (values: FieldValues) => {
    const refused = refuse?.(values);
    if (refused) return { root: { serverError: refused } };
    if (confirm && !(await confirm(values))) return undefined;
    try {
      const answer = await call.mutateAsync(input(values)).catch(async (error: unknown) => {
        const next = await instead?.(error, input(values));
        if (!next) throw error;
        return call.mutateAsync(next);
      });
      onDone?.(answer, values);
      onClose();
      return undefined;
    } catch (error) {
      return fieldReasons(error, fieldOf) ?? { root: { serverError: refusal?.(error) ?? errorText(error) } };
    }
  };

  return (
    <KitDialog open onClose={onClose} maxWidth={maxWidth} title={translate(title, { _: title })}>
      <Form onSubmit={submit} resolver={resolver} record={NO_RECORD} defaultValues={defaultValues} noValidate disableInvalidFormNotification>
        {/* The form sits between the title and the content: MUI's title-then-content spacing is set here. */}
        <DialogContent sx={{ pt: 0 }}>
          <Stack spacing={1} sx={{ pt: 1 }}>
            {children}
            <Refusal />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" color={submitColor} disabled={call.isPending}>{translate(submitLabel, { _: submitLabel })}</Button>
        </DialogActions>
      </Form>
    </KitDialog>
  );
}

/** What was refused without naming one of the form's inputs (the server's reason, or the declaration's). */
function Refusal() {
  const translate = useTranslate();
  const { errors } = useFormState();
  const message = errors.root?.serverError?.message;
  return typeof message === 'string' && message ? <Alert severity="error" role="alert">{translate(message, { _: message })}</Alert> : null;
}
