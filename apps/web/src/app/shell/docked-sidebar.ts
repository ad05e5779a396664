import { preloadable } from '../../lib/routing/preloadable';

/** Where the sidebar is docked beside the page (MUI's `md` breakpoint, spec: md 960). */
const DOCKED_SIDEBAR_QUERY = '(min-width: 960px)';

/**
 * The docked sidebar's navigation (MUI's lists and the role chip), a chunk of its own: a phone
 * never docks it, so its first screen does not wait for that code; a wide screen asks for it with
 * the shell's code (see `startFirstScreen`).
 */
const [DockedSidebarContent, loadDockedSidebarContent] = preloadable(
  () => import('./sidebar-content'),
);
export { DockedSidebarContent };

/** Fetches the docked sidebar's navigation on a screen wide enough to dock it, else nothing. */
export function loadDockedSidebarWhereDocked(): Promise<unknown> | undefined {
  return window.matchMedia?.(DOCKED_SIDEBAR_QUERY).matches ? loadDockedSidebarContent() : undefined;
}
