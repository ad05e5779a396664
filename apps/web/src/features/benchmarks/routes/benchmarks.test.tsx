import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TBenchmarkDataSet } from '@laurel/contract/benchmarks';
import { ROLES } from '@laurel/contract/roles';

import { getNavSections } from '../../../app/shell/nav-items';
import { AuthContext } from '../../../lib/auth/auth-context';
import { authValue, profileOf } from '../../../test/auth';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import BenchmarksRoute from './benchmarks';

const DEMO: TBenchmarkDataSet = {
  id: 1,
  fileName: 'demo-benchmarks.csv',
  rows: 57,
  metrics: ['hs_earnings_threshold', 'median_earnings'],
  geographies: 6,
  yearFrom: 2023,
  yearTo: 2023,
  sources: ['Fictional demo benchmark (not official statistics)'],
  importedBy: null,
  createdAt: '2026-11-25T12:00:00.000Z',
  updatedAt: '2026-11-25T12:00:00.000Z',
  precedence: 1,
  previousVersion: null,
};

function renderAs(roleId: (typeof ROLES)[keyof typeof ROLES]) {
  return renderWithProviders(
    <AuthContext.Provider
      value={authValue(profileOf(roleId, roleId === ROLES.PLATFORM_ADMIN ? 1 : 2))}
    >
      <BenchmarksRoute />
    </AuthContext.Provider>,
  );
}

describe('the benchmarks page', () => {
  it('is in the navigation of platform admins only, and answers no access to others', async () => {
    const labels = (roleId: (typeof ROLES)[keyof typeof ROLES]) =>
      getNavSections(profileOf(roleId)).flatMap((section) =>
        section.items.map((item) => item.label),
      );
    expect(labels(ROLES.PLATFORM_ADMIN)).toContain('Benchmarks');
    expect(labels(ROLES.ORGANIZATION_ADMIN)).not.toContain('Benchmarks');
    expect(labels(ROLES.USER)).not.toContain('Benchmarks');
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderAs(ROLES.ORGANIZATION_ADMIN);
    await screen.findByText(/access/i);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists the data sets with their sources, and lists a refused file’s errors by line and column', async () => {
    let sets = [DEMO];
    let posts = 0;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(request.url);
      if (url.pathname === '/api/benchmarks' && request.method === 'GET')
        return jsonResponse({ items: sets });
      if (url.pathname === '/api/benchmarks' && request.method === 'POST') {
        posts += 1;
        if (posts === 1)
          return jsonResponse(
            {
              message:
                '1 row has errors (2 in all). Nothing was imported: correct the file and import it again.',
              fieldErrors: {
                '3.value': 'must be an amount in dollars above 0, e.g. 52100',
                '3.row': 'repeats line 2',
              },
            },
            400,
          );
        const created = {
          ...DEMO,
          id: 2,
          fileName: 'oregon.csv',
          rows: 2,
          importedBy: 'Avery Quinn',
          sources: ['Oregon wage records 2023'],
        };
        sets = [created, { ...DEMO, precedence: 2 }];
        return jsonResponse(created, 201);
      }
      return jsonResponse({ message: 'Not found' }, 404);
    });
    renderAs(ROLES.PLATFORM_ADMIN);
    const demo = await screen.findByRole('article', { name: 'demo-benchmarks.csv' });
    expect(demo.textContent).toContain('57 rows · 6 places · 2023');
    expect(demo.textContent).toContain(
      'Source: Fictional demo benchmark (not official statistics)',
    );
    within(demo).getByText('High-school earnings threshold');

    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent.upload(input, new File(['x'], 'bad.csv', { type: 'text/csv' }));
    const refusal = await screen.findByTestId('benchmark-refusal');
    within(refusal).getByText('Line 3, value: must be an amount in dollars above 0, e.g. 52100');
    within(refusal).getByText('Line 3: repeats line 2');

    await userEvent.upload(input, new File(['x'], 'oregon.csv', { type: 'text/csv' }));
    await screen.findByRole('article', { name: 'oregon.csv' });
    await waitFor(() => expect(screen.queryByTestId('benchmark-refusal')).toBeNull());
    await screen.findByText('Imported 2 benchmark rows from oregon.csv', {}, { timeout: 4000 });
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(4);
  });

  it('asks before a replacement with both files’ row counts, keeps the old on cancel, and restores the previous version', async () => {
    let sets: TBenchmarkDataSet[] = [DEMO];
    const calls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(request.url);
      calls.push(`${request.method} ${url.pathname}`);
      if (url.pathname === '/api/benchmarks' && request.method === 'GET')
        return jsonResponse({ items: sets });
      if (url.pathname === '/api/benchmarks/check')
        return jsonResponse({ fileName: 'small.csv', rows: 3 });
      if (url.pathname === '/api/benchmarks/1' && request.method === 'PUT') {
        sets = [
          {
            ...DEMO,
            fileName: 'small.csv',
            rows: 3,
            updatedAt: '2026-11-28T12:00:00.000Z',
            previousVersion: {
              fileName: 'demo-benchmarks.csv',
              rows: 57,
              replacedAt: '2026-11-28T12:00:00.000Z',
              restorableUntil: '2026-12-28T12:00:00.000Z',
            },
          },
        ];
        return jsonResponse(sets[0]);
      }
      if (url.pathname === '/api/benchmarks/1/restore' && request.method === 'POST') {
        sets = [
          {
            ...DEMO,
            previousVersion: {
              fileName: 'small.csv',
              rows: 3,
              replacedAt: '2026-11-28T13:00:00.000Z',
              restorableUntil: '2026-12-28T13:00:00.000Z',
            },
          },
        ];
        return jsonResponse(sets[0]);
      }
      return jsonResponse({ message: 'Not found' }, 404);
    });
    renderAs(ROLES.PLATFORM_ADMIN);
    const card = await screen.findByRole('article', { name: 'demo-benchmarks.csv' });
    expect(within(card).queryByRole('button', { name: /Restore previous version/ })).toBeNull();
    const replaceInput = card.querySelector<HTMLInputElement>('input[type=file]')!;
    const file = new File(['x'], 'small.csv', { type: 'text/csv' });

    await userEvent.upload(replaceInput, file);
    const question = await screen.findByRole('dialog', { name: 'Replace this data set?' });
    expect(within(question).getByTestId('replace-counts').textContent).toBe(
      'demo-benchmarks.csv (57 rows) → small.csv (3 rows)',
    );
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).not.toContain('PUT /api/benchmarks/1');
    screen.getByRole('article', { name: 'demo-benchmarks.csv' });

    await userEvent.upload(replaceInput, file);
    const again = await screen.findByRole('dialog', { name: 'Replace this data set?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Replace' }));
    const replaced = await screen.findByRole('article', { name: 'small.csv' });
    expect(calls).toContain('PUT /api/benchmarks/1');
    expect(replaced.textContent).toContain('Previous version: demo-benchmarks.csv (57 rows)');

    await userEvent.click(
      within(replaced).getByRole('button', { name: 'Restore previous version of small.csv' }),
    );
    const restoreQuestion = await screen.findByRole('dialog', {
      name: 'Restore the previous version?',
    });
    expect(within(restoreQuestion).getByTestId('restore-counts').textContent).toBe(
      'small.csv (3 rows) → demo-benchmarks.csv (57 rows)',
    );
    await userEvent.click(within(restoreQuestion).getByRole('button', { name: 'Restore' }));
    const restored = await screen.findByRole('article', { name: 'demo-benchmarks.csv' });
    expect(restored.textContent).toContain('Previous version: small.csv (3 rows)');
    expect(calls).toContain('POST /api/benchmarks/1/restore');
  });

  it('says which data set is used first where their rows overlap', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonResponse({
        items: [
          { ...DEMO, id: 2, fileName: 'newer.csv', precedence: 1 },
          { ...DEMO, precedence: 2 },
        ],
      }),
    );
    renderAs(ROLES.PLATFORM_ADMIN);
    const newer = await screen.findByRole('article', { name: 'newer.csv' });
    within(newer).getByText('Used first for overlapping rows');
    const older = screen.getByRole('article', { name: 'demo-benchmarks.csv' });
    within(older).getByText('Used after 1 other data set');
    expect(screen.getByTestId('benchmark-precedence').textContent).toContain(
      'the one higher in this list is used',
    );
  });
});
