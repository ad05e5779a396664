import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PageTitle, PageTitleScope, usePageTitle } from '../routing/page-title';
import { PAGE_TITLE_WAIT_MS, usePageViewTracking } from './page-view';

/** A detail page whose record arrives when the test says so. */
function Credential({ loaded }: { loaded: boolean }) {
  usePageTitle(loaded ? ['Welding Certificate', 'Northwind Technical College'] : null);
  return <p>{loaded ? 'Welding Certificate' : 'Loading'}</p>;
}

function Untitled() {
  return <p>No title of its own</p>;
}

function App() {
  usePageViewTracking();
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Link to="/organizations/7">organization</Link>
      <Link to="/organizations/7?tab=users">same path</Link>
      <Link to="/organizations/7/users">users</Link>
      <Link to="/organizations/7/credentials/3">credential</Link>
      <Link to="/nowhere">untitled</Link>
      <button type="button" onClick={() => setLoaded(true)}>
        load
      </button>
      <Routes>
        <Route path="/" element={<PageTitle title="Dashboard">home</PageTitle>} />
        <Route
          path="/organizations/7/*"
          element={
            <PageTitle title="Northwind Technical College">
              <PageTitleScope suffix="Northwind Technical College">
                <Routes>
                  <Route index element={null} />
                  <Route path="users" element={<PageTitle title="Users">users</PageTitle>} />
                </Routes>
              </PageTitleScope>
            </PageTitle>
          }
        />
        <Route
          path="/organizations/7/credentials/3"
          element={
            <PageTitle title="Credential">
              <Credential loaded={loaded} />
            </PageTitle>
          }
        />
        <Route path="*" element={<Untitled />} />
      </Routes>
    </>
  );
}

const views = () => (window.dataLayer ?? []) as Array<Record<string, string>>;
const click = (text: string) => act(() => fireEvent.click(screen.getByText(text)));

describe('page view tracking', () => {
  afterEach(() => {
    delete window.dataLayer;
    window.history.replaceState(null, '', '/');
    vi.useRealTimers();
  });

  it('pushes a page_view with the full address and the page title on every path change', () => {
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    expect(document.title).toBe('Dashboard · Laurel');
    expect(views()).toEqual([
      {
        event: 'page_view',
        page_location: `${window.location.origin}/`,
        page_path: '/',
        page_title: 'Dashboard · Laurel',
      },
    ]);

    click('organization');
    expect(document.title).toBe('Northwind Technical College · Laurel');
    expect(views()).toHaveLength(2);
    expect(views()[1]).toMatchObject({
      page_location: `${window.location.origin}/organizations/7`,
      page_title: 'Northwind Technical College · Laurel',
    });

    // Only the query changes: not a new page.
    click('same path');
    expect(views()).toHaveLength(2);

    // A tab inside the organization ends its title with the organization's name.
    click('users');
    expect(document.title).toBe('Users · Northwind Technical College · Laurel');
    expect(views()[2]).toMatchObject({
      page_path: '/organizations/7/users',
      page_title: 'Users · Northwind Technical College · Laurel',
    });
  });

  it("waits for a detail page's record, then names the page after it", () => {
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    click('credential');
    // Loading: the route's own title stands in, and the page view waits for the record's name.
    screen.getByText('Loading');
    expect(document.title).toBe('Credential · Laurel');
    expect(views()).toHaveLength(1);

    click('load');
    expect(document.title).toBe('Welding Certificate · Northwind Technical College · Laurel');
    expect(views()).toHaveLength(2);
    expect(views()[1]).toMatchObject({
      page_path: '/organizations/7/credentials/3',
      page_title: 'Welding Certificate · Northwind Technical College · Laurel',
    });

    // Back to a titled page: its title returns, once.
    click('organization');
    expect(document.title).toBe('Northwind Technical College · Laurel');
    expect(views()).toHaveLength(3);
  });

  it('does not hold a page view back for long when a page never gets a title', () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    click('untitled');
    expect(views()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(PAGE_TITLE_WAIT_MS));
    expect(views()).toHaveLength(2);
    expect(views()[1]).toMatchObject({ page_path: '/nowhere' });
  });
});
