import { createElement, lazy, type ComponentType } from 'react';

/**
 * React.lazy that can be started before it renders and, once loaded, renders without suspending.
 * A lazy component suspends on its first render even when its chunk is already there, and React
 * holds a revealed Suspense boundary back for up to 300 ms after its fallback showed: a page whose
 * chunk was fetched at boot (src/app/main.tsx) would still wait for that. `preload` starts the import
 * (once); after it resolved, `Component` renders the module's component directly.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let started: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (started ??= load().then((module) => { loaded = module.default; return module; }, (error: unknown) => { started = undefined; throw error; }));
  const Lazy = lazy(preload);
  function Component(props: P) {
    return loaded ? createElement(loaded, props) : createElement(Lazy as ComponentType<P>, props);
  }
  return { Component, preload };
}
