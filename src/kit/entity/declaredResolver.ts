import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { endpointKey, pathParams, type EndpointDefinition } from '../../../core/api/endpoint';
import { fieldErrors } from '../../../core/validation/wire';

// A form validated in the browser by the very schema the server parses its body with (the endpoint's
// declaration in core/api), each reason shown under its field as the server words it. In the built app
// the declarations the views import carry no schemas (vite.config.ts declarationsWithoutSchemas): the
// schemas load with the first form that validates, with zod, and never in the first load.

/** The declarations with their schemas (the built app loads this chunk with the first form). */
const withSchemas = () => import('./schemas').then((m) => m.declarations());

/** The part of a call a form fills: its body, or (a call that takes its values in the query string) its query. */
export type FormPart = 'body' | 'query';

async function schemaOf(endpoint: EndpointDefinition, part: FormPart): Promise<z.ZodType | undefined> {
  if (endpoint[part]) return endpoint[part];
  const key = endpointKey(endpoint);
  return (await withSchemas()).find((declared) => endpointKey(declared) === key)?.[part];
}

/** A missing value, as a declaration or zod itself words it. */
const MISSING = /^(is required|invalid input: expected \w+, received undefined)$/i;

/**
 * A reason as shown under its field: the server words it to follow the field's name ("value: cannot
 * be negative"), a form under the field's label ("Cannot be negative"); a missing value reads as
 * react-admin's own "Required" (translated).
 */
const underField = (message: string) =>
  (MISSING.test(message) ? 'ra.validation.required' : message.charAt(0).toUpperCase() + message.slice(1));

/** An empty input is no value (react-admin leaves '' or null in an emptied input; the form sends neither). */
const given = (value: unknown) => value !== '' && value !== null;

/** `errors['items.0.price']` as react-hook-form nests it: { items: [{ price: { type, message } }] }. */
function nested<V extends FieldValues>(errors: Record<string, string>): FieldErrors<V> {
  const tree: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(errors)) {
    const keys = path.split('.');
    let node = tree;
    keys.slice(0, -1).forEach((key, i) => {
      node[key] ??= /^\d+$/.test(keys[i + 1]) ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
    node[keys[keys.length - 1]] = { type: 'declaration', message };
  }
  return tree as FieldErrors<V>;
}

/** One registered input as react-hook-form hands it to a resolver (its rules: react-admin's validate). */
interface RegisteredInput { name: string; ref: unknown; validate?: (value: unknown, values: FieldValues) => unknown }

/** The inputs of the resolver's `fields`, which react-hook-form nests by path ('items.0.price'). */
function registered(tree: unknown, into: RegisteredInput[] = []): RegisteredInput[] {
  if (!tree || typeof tree !== 'object') return into;
  if ('ref' in tree && typeof (tree as RegisteredInput).name === 'string') into.push(tree as RegisteredInput);
  else for (const child of Object.values(tree)) registered(child, into);
  return into;
}

const valueAt = (values: FieldValues, path: string) =>
  path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), values);

/**
 * What a form asks beyond the declaration, when it says so (`inputRules`): its inputs' own validators
 * (react-admin's `validate`, e.g. required() on a field the call takes as optional), whose messages
 * react-admin words itself.
 */
async function inputsOwn(values: FieldValues, fields: unknown): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  for (const input of registered(fields)) {
    const problem = typeof input.validate === 'function' ? await input.validate(valueAt(values, input.name), values) : true;
    if (typeof problem === 'string' && problem) errors[input.name] = problem;
  }
  return errors;
}

/**
 * The resolver of a form whose values become `endpoint`'s body: the form's own inputs (the record it
 * edits also holds read-only fields no body takes), as `transform` turns them into the body when the
 * form transforms them on save. `fieldOf`: the input a body field's reason shows under, when the form
 * names it otherwise (a division picked for the body's league_id). `part`: 'query' checks the values
 * as the call's query (a contract's fee travels in it) rather than its body.
 */
export function declaredResolver<V extends FieldValues = FieldValues>(
  endpoint: EndpointDefinition,
  transform: (values: Record<string, unknown>) => unknown = (values) => values,
  inputRules = false,
  fieldOf: (path: string) => string = (path) => path,
  part: FormPart = 'body',
): Resolver<V> {
  let schema: Promise<z.ZodType | undefined> | undefined;
  return async (values, _context, { fields }) => {
    schema ??= schemaOf(endpoint, part);
    const body = await schema;
    // A call without a body (its choices in the path or query): the inputs' own rules, when the form asks.
    if (!body) {
      const byInput = inputRules ? await inputsOwn(values, fields) : {};
      return Object.keys(byInput).length ? { values: {}, errors: nested<V>(byInput) } : { values, errors: {} };
    }
    const inputs = Object.keys(fields);
    const own: Record<string, unknown> = Object.fromEntries(
      Object.entries(values).filter(([name, value]) => given(value) && inputs.some((input) => input === name || input.startsWith(`${name}.`))),
    );
    // A record changed at a path without {id} names itself in the body (as the dataProvider sends it).
    if (endpoint.method === 'PUT' && !pathParams(endpoint.path).includes('id') && values.id !== undefined) own.id = Number(values.id);
    const result = body.safeParse(transform(own));
    // The inputs' own rules, where the declaration finds nothing wrong with the field.
    const byInput = inputRules ? await inputsOwn(values, fields) : {};
    if (result.success) {
      return Object.keys(byInput).length ? { values: {}, errors: nested<V>(byInput) } : { values, errors: {} };
    }
    const byField = Object.entries(fieldErrors(result.error)).map(([path, message]) => [fieldOf(path), message] as const);
    const shown = Object.fromEntries(byField.filter(([path]) => inputs.some((input) => path === input || path.startsWith(`${input}.`))));
    // A reason about something the form has no input for is said above the form.
    const rest = result.error.issues.filter((issue) => !Object.hasOwn(shown, fieldOf(issue.path.join('.'))) && issue.code !== 'unrecognized_keys');
    const errors = nested<V>({ ...byInput, ...Object.fromEntries(Object.entries(shown).map(([path, message]) => [path, underField(message)])) });
    if (rest.length) (errors as Record<string, unknown>).root = { serverError: { type: 'declaration', message: rest.map((issue) => issue.message).join('; ') } };
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
}
