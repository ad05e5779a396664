import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import { isPageTitleSettled, subscribeToPageTitle } from '../routing/page-title';

interface PageViewEvent {
  event: 'page_view';
  page_location: string;
  page_path: string;
  page_title: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Longest wait for a page's title (its record loading) before its page view goes without it. */
export const PAGE_TITLE_WAIT_MS = 5_000;

/** Pushes a `page_view` event with the full page address and title onto `window.dataLayer`. */
function trackPageView(): PageViewEvent {
  const event: PageViewEvent = {
    event: 'page_view',
    page_location: window.location.href,
    page_path: window.location.pathname,
    page_title: document.title,
  };
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(event);
  return event;
}

/**
 * Tracks one page view on every change of path (spec §2); query or hash changes do not count. The
 * event waits until the page has its title (a detail page's comes with its record), at most
 * `PAGE_TITLE_WAIT_MS`, so that it carries the page's title, not the previous page's.
 */
export function usePageViewTracking(): void {
  const { pathname } = useLocation();
  // React's development double effects must not count one visit twice.
  const lastTracked = useRef<string | null>(null);
  useEffect(() => {
    if (lastTracked.current === pathname) return;
    const track = () => {
      if (lastTracked.current === pathname) return;
      lastTracked.current = pathname;
      trackPageView();
    };
    if (isPageTitleSettled(pathname)) {
      track();
      return;
    }
    const unsubscribe = subscribeToPageTitle(() => {
      if (isPageTitleSettled(pathname)) track();
    });
    const timer = window.setTimeout(track, PAGE_TITLE_WAIT_MS);
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [pathname]);
}
