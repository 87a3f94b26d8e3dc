import { lazy, type ComponentType } from 'react';

/**
 * A settings list loaded when its tab is first shown, so the registry (src/app/registry.ts) keeps
 * the entry bundle free of forms and tables: `lazyList(() => import('./FooList'), (m) => m.FooList)`.
 */
export const lazyList = <M>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazy(async () => ({ default: pick(await load()) }));
