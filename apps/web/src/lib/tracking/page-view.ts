import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export interface PageViewEvent {
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

/** Pushes a `page_view` event with the full page address onto `window.dataLayer`. */
export function trackPageView(): PageViewEvent {
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

/** Tracks one page view on every change of path (spec §2); query or hash changes do not count. */
export function usePageViewTracking(): void {
  const { pathname } = useLocation();
  // React's development double effects must not count one visit twice.
  const lastTracked = useRef<string | null>(null);
  useEffect(() => {
    if (lastTracked.current === pathname) return;
    lastTracked.current = pathname;
    trackPageView();
  }, [pathname]);
}
