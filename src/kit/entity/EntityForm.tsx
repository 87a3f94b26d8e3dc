import { useCallback, useRef } from 'react';
import { SimpleForm, useSaveContext, type SimpleFormProps } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useEntityResolver } from './useEntityResolver';

/**
 * An entity's create or edit form: react-admin's SimpleForm validated by the entity's declared body
 * schema (the server's own, src/kit/entity/useEntityResolver.ts), each reason under its field. Empty
 * inputs are left out of a new record (sanitizeEmptyValues), as the resolver reads them. A save runs
 * once at a time: a double click before Save is disabled sends one call (issue 22 item 3).
 */
export function EntityForm({ verb, transform, byInputs, inputRules, ...props }: SimpleFormProps & {
  verb: 'create' | 'update';
  transform?: (values: Record<string, unknown>) => unknown;
  /**
   * Checked by its inputs' own validators instead: a form whose rules follow another record chosen in
   * it (a product's GL: core/productForm, which the server applies too).
   */
  byInputs?: boolean;
  /** The declaration, and also its inputs' own validators (a field the form requires, the call does not). */
  inputRules?: boolean;
}) {
  const resolver = useEntityResolver(verb, transform, inputRules);
  const onSubmit = useSaveOnce();
  const shared = { onSubmit, ...props };
  return byInputs ? <SimpleForm noValidate {...shared} /> : <SimpleForm noValidate sanitizeEmptyValues resolver={resolver} {...shared} />;
}

/** The save of the form's create or edit, ignored while the previous one runs. */
function useSaveOnce() {
  const { save } = useSaveContext();
  const running = useRef(false);
  return useCallback(async (values: FieldValues) => {
    if (!save || running.current) return undefined;
    running.current = true;
    try {
      return await save(values);
    } finally {
      running.current = false;
    }
  }, [save]);
}
