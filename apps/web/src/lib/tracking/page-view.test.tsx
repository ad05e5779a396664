import { act, fireEvent, render, screen } from '@testing-library/react';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { usePageViewTracking } from './page-view';

function Tracked() {
  usePageViewTracking();
  return (
    <>
      <Link to="/organizations/7">org</Link>
      <Link to="/organizations/7?tab=users">same path</Link>
      <Routes>
        <Route path="*" element={null} />
      </Routes>
    </>
  );
}

describe('page view tracking', () => {
  afterEach(() => {
    delete window.dataLayer;
    window.history.replaceState(null, '', '/');
  });

  it('pushes a page_view with the full address on every path change', () => {
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <Tracked />
      </BrowserRouter>,
    );
    expect(window.dataLayer).toHaveLength(1);
    expect(window.dataLayer?.[0]).toMatchObject({
      event: 'page_view',
      page_location: `${window.location.origin}/`,
    });

    act(() => fireEvent.click(screen.getByText('org')));
    expect(window.dataLayer).toHaveLength(2);
    expect(window.dataLayer?.[1]).toMatchObject({
      event: 'page_view',
      page_location: `${window.location.origin}/organizations/7`,
    });

    // Only the query changes: not a new page.
    act(() => fireEvent.click(screen.getByText('same path')));
    expect(window.dataLayer).toHaveLength(2);
  });
});
