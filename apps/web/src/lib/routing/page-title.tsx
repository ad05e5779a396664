import { createContext, use, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';

import { markScreenShown } from './first-screen';

/** Last part of every document title. */
const APP_TITLE = 'Laurel';
const SEPARATOR = ' · ';

/**
 * The document title of a page from its parts, most specific first.
 * @example formatPageTitle(['Welding Certificate', 'Northwind Technical College']) // "Welding Certificate · Northwind Technical College · Laurel"
 */
function formatPageTitle(parts: readonly string[]): string {
  return [...parts.filter(Boolean), APP_TITLE].join(SEPARATOR);
}

/**
 * A page's own title: its parts (most specific first), `null` while the record that names it is
 * still loading, or `undefined` for none of its own (the title of the route around it applies).
 */
export type PageTitleParts = string | readonly string[] | null | undefined;

interface Entry {
  id: number;
  depth: number;
  /** Full title parts, or null while they are not known yet. */
  parts: readonly string[] | null;
  pathname: string;
}

// Every mounted title, so that the deepest one (a detail page inside a titled route) names the page.
const entries: Entry[] = [];
const listeners = new Set<() => void>();
let nextId = 1;

/** The deepest entry; among equals the latest. */
function deepest(list: readonly Entry[]): Entry | undefined {
  let best: Entry | undefined;
  for (const entry of list) {
    if (!best || entry.depth > best.depth || (entry.depth === best.depth && entry.id > best.id))
      best = entry;
  }
  return best;
}

function publish(): void {
  // While the deepest title waits for its record, the best one known stands in.
  const shown = deepest(entries.filter((entry) => entry.parts !== null));
  if (shown?.parts) document.title = formatPageTitle(shown.parts);
  for (const listener of listeners) listener();
}

/**
 * Whether the page at `pathname` has its final title: its deepest title belongs to this path and
 * is not waiting for a record. Page-view tracking waits for it so the event carries the title.
 */
export function isPageTitleSettled(pathname: string): boolean {
  const entry = deepest(entries);
  return entry !== undefined && entry.parts !== null && entry.pathname === pathname;
}

/** Calls `listener` whenever a title is set or removed; returns the unsubscribe function. */
export function subscribeToPageTitle(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

interface TitleContext {
  /** How deep in titled routes this part of the tree is: deeper titles win. */
  depth: number;
  /** Parts every title below ends with (an organization's name), or null while loading. */
  suffix: readonly string[] | null;
}

const PageTitleContext = createContext<TitleContext>({ depth: 0, suffix: [] });

const asParts = (title: string | readonly string[]): readonly string[] =>
  typeof title === 'string' ? [title] : title;

/**
 * Sets the document title while the calling component is mounted: "Welding Certificate ·
 * Northwind Technical College · Laurel". Pass `null` while the record that names the page loads.
 * @example usePageTitle(credential ? [credential.name, credential.organizationName] : null)
 */
export function usePageTitle(title: PageTitleParts): void {
  const { depth, suffix } = use(PageTitleContext);
  const { pathname } = useLocation();
  const key =
    title === undefined
      ? undefined
      : JSON.stringify(title === null || suffix === null ? null : [...asParts(title), ...suffix]);
  const entry = useRef<Entry | null>(null);
  useEffect(
    () => () => {
      if (!entry.current) return;
      entries.splice(entries.indexOf(entry.current), 1);
      entry.current = null;
      publish();
    },
    [],
  );
  // Changed in place, never removed and added again: in between, the page would look titled
  // by its route alone, and its page view would go out with that title.
  useEffect(() => {
    if (key === undefined) {
      if (!entry.current) return;
      entries.splice(entries.indexOf(entry.current), 1);
      entry.current = null;
    } else {
      const parts = JSON.parse(key) as readonly string[] | null;
      if (entry.current) Object.assign(entry.current, { depth, parts, pathname });
      else {
        entry.current = { id: nextId++, depth, parts, pathname };
        entries.push(entry.current);
      }
    }
    publish();
    markScreenShown();
  }, [key, depth, pathname]);
}

/**
 * A route's title ("Credentials"); a page inside may set a more specific one with `usePageTitle`.
 * @example <PageTitle title="Credentials"><CredentialsList /></PageTitle>
 */
export function PageTitle({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  const parent = use(PageTitleContext);
  const value = useMemo(
    () => ({ depth: parent.depth + 1, suffix: parent.suffix }),
    [parent.depth, parent.suffix],
  );
  return <PageTitleContext value={value}>{children}</PageTitleContext>;
}

/**
 * Pages inside end their titles with `suffix` ("Credentials · Northwind Technical College ·
 * Laurel"); `null` while the record that gives it loads.
 */
export function PageTitleScope({
  suffix,
  children,
}: {
  suffix: string | null;
  children: ReactNode;
}) {
  const parent = use(PageTitleContext);
  const value = useMemo(
    () => ({
      depth: parent.depth + 1,
      suffix: suffix === null || parent.suffix === null ? null : [suffix, ...parent.suffix],
    }),
    [parent.depth, parent.suffix, suffix],
  );
  return <PageTitleContext value={value}>{children}</PageTitleContext>;
}
