import { useMemo } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { useDataProvider, useResourceContext } from 'react-admin';
import type { TouchlineDataProvider } from '../../../dataProvider';
import { declaredResolver } from './declaredResolver';

/**
 * The resolver of the current resource's create or edit form: its entity's create or update body
 * schema (core/api), so that every entity form checks in the browser exactly what the server will
 * (`<SimpleForm resolver={useEntityResolver('create')}>`). `transform`: what the form's save does to
 * its values before they are sent, when it does something; `inputRules`: the inputs' own validators
 * apply too (declaredResolver).
 */
export function useEntityResolver<V extends FieldValues = FieldValues>(
  verb: 'create' | 'update',
  transform?: (values: Record<string, unknown>) => unknown,
  inputRules = false,
): Resolver<V> {
  const resource = useResourceContext();
  const dataProvider = useDataProvider<TouchlineDataProvider>();
  return useMemo(() => {
    let resolver: Promise<Resolver<V> | null> | undefined;
    return async (values, context, options) => {
      resolver ??= dataProvider.entity(resource ?? '').then((entity) => (entity[verb] ? declaredResolver<V>(entity[verb], transform, inputRules) : null));
      const resolve = await resolver;
      return resolve ? resolve(values, context, options) : { values, errors: {} };
    };
  }, [dataProvider, resource, verb, transform, inputRules]);
}
