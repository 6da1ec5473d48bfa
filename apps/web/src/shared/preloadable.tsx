import { createElement, lazy, useState, type ComponentType } from 'react';

/** A lazily loaded component that can be loaded before it first renders (`preload`). */
export type Preloadable<P extends object> = ComponentType<P> & {
  /** Starts loading (once); resolves when the component renders without suspending. */
  preload(): Promise<unknown>;
};

/**
 * A lazily loaded component (its own chunk, like `React.lazy`) that renders at once when it was
 * loaded beforehand, instead of suspending.
 *
 * Why: each time a Suspense boundary shows its fallback, React holds back every reveal of content
 * that follows by up to 300 ms (its fallback throttle). A shell part that suspends while the first
 * page loads (the header's actions, the query provider, the menu search) so delayed the page by
 * about 400 ms. The shell preloads its parts beside the session's requests (app/shell-preload.ts),
 * and they then mount without a fallback.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function PreloadableComponent(props: P) {
    // Chosen once per mount: going from the lazy wrapper to the loaded component would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(PreloadableComponent, { preload });
}
