// Custom methods whose module (and the endpoint declarations it brings) loads on their first call,
// not with the app: the first-load budget (bench/FIRST_LOAD.md) has no room for every area's calls.
// `names` lists every method, so that the dataProvider can spread them like the eager ones.

type AsyncMethods<M> = { [K in keyof M]: M[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => Promise<R> : never };

export function lazyMethods<M extends AsyncMethods<M>>(load: () => Promise<M>, names: Record<keyof M, true>): M {
  let loaded: Promise<M> | undefined;
  const methods = (Object.keys(names) as Array<keyof M>).map((name) => [name, async (...args: unknown[]) => {
    loaded ??= load();
    const target = await loaded;
    return (target[name] as (...a: unknown[]) => Promise<unknown>)(...args);
  }]);
  return Object.fromEntries(methods) as M;
}
