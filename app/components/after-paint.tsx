import { lazy, Suspense, type ComponentType } from "react";

/**
 * A component that every page may show but that the first paint does not need to run (the consent banner): the server
 * renders it in place (its code is loaded before the first request, so even a cached page or one seen without
 * JavaScript has its markup), and the browser fetches its code after the page, outside the bundle every route loads
 * (the client JS budget); hydration keeps the server's markup until then.
 */
export function afterPaint<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const loadOnce = () => load().then((component) => (loaded = component));
  if (import.meta.env.SSR) void loadOnce();
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per component at module level, never in a render
  return function AfterPaint(props: P) {
    const Component = import.meta.env.SSR && loaded ? loaded : Lazy;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };
}
