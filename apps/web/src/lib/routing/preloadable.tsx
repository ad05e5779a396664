import { type ComponentType, lazy } from 'react';

/**
 * A screen loaded on demand, like `React.lazy`, whose `preload` starts fetching it early. Once its
 * module has arrived the screen renders it directly: `React.lazy` would suspend on its first
 * render even then, and React keeps a fallback it has shown on screen for 300 ms, so a screen
 * fetched ahead of time (the first frame's, the dashboard's) would still show a spinner that the
 * screen then pushes away.
 * @example const [Dashboard, preloadDashboard] = preloadable(() => import('./routes/dashboard'));
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): [ComponentType<P>, () => Promise<unknown>] {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Screen(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return [Screen, preload];
}
