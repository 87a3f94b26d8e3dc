// `zod` as the endpoint declarations see it in the built app only (vite.config.ts,
// declarationsWithoutSchemas). The browser calls an endpoint by its method and path
// (dataProvider/call.ts) and never runs a declaration's schemas — the server does — yet building those
// schemas at import would bring zod (about 25 kB gzip) into every first load. Here every property,
// call and construction answers the same inert value, so `z.strictObject({...}).refine(...)` and the
// like evaluate to nothing without error. Forms that validate in the browser import the real zod.
type Inert = ((...args: unknown[]) => Inert) & { readonly [key: string | symbol]: Inert };

const inert: Inert = new Proxy(function inert() {} as unknown as Inert, {
  // `then` stays undefined so an awaited declaration is not taken for a promise.
  get: (_target, key) => (key === 'then' ? undefined : key === Symbol.toPrimitive ? () => '' : inert),
  apply: () => inert,
  construct: () => inert,
});

export const z = inert;
export default inert;
