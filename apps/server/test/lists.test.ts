import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { API_PATHS } from '@laurel/contract/paths';

import { createTestApp, type TestApp } from './helpers/app.ts';
import { DIALECTS } from './helpers/database.ts';
import { createWorld, type World } from './helpers/world.ts';

// Every list of the API, found in the OpenAPI document rather than named here, so that a new list
// is held to the contract as soon as it has its routes: the list and its CSV export both in the
// document, every sort the document offers answered in both orders, and the export holding the
// same rows in the same order as the list's pages (exports read by keyset, pages by position).

interface Operation {
  parameters?: Array<{ name: string; in: string; schema?: { enum?: string[] } }>;
}
const document = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, { get?: Operation }>;
};

type PathKey = keyof typeof API_PATHS;
/** Lists: the paths whose CSV export is `<key>Export`. */
const LISTS = (Object.keys(API_PATHS) as PathKey[]).flatMap((key) => {
  const exportKey = `${key}Export` as PathKey;
  const path = API_PATHS[key];
  const exportPath = API_PATHS[exportKey];
  return typeof path === 'string' && typeof exportPath === 'string'
    ? [{ key, path, exportPath }]
    : [];
});

describe('the lists in the OpenAPI document', () => {
  it('are every list with an export, and both routes are documented', () => {
    // organizations, credentials, contracts, users, audits, uploads, the dashboard's organizations
    expect(LISTS.length).toBeGreaterThanOrEqual(7);
    for (const { path, exportPath } of LISTS) {
      expect(document.paths[path]?.get, path).toBeDefined();
      expect(document.paths[exportPath]?.get, exportPath).toBeDefined();
      const names = document.paths[path]!.get!.parameters!.map((p) => p.name);
      expect(names, path).toEqual(
        expect.arrayContaining(['search', 'sort', 'order', 'page', 'pageSize']),
      );
    }
  });
});

describe.each(DIALECTS)('every list on %s', (dialect) => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createWorld(t);
    // Uploads of two organizations, two of them at the same time (ties break by id).
    const at = (minute: number) => `2026-05-01T10:0${minute}:00.000Z`;
    await t.database.handle.db
      .insertInto('uploads')
      .values(
        [w.a.id, w.b.id, w.a.id].map((organizationId, i) => ({
          organizationId,
          uploadedByUserId: null,
          fileName: `awards-${i}.csv`,
          errorMessage: null,
          createdAt: at(Math.min(i, 1)),
          updatedAt: at(Math.min(i, 1)),
          startedAt: null,
          finishedAt: null,
        })),
      )
      .execute();
  }, 60_000);
  afterAll(() => t?.close());

  async function get(url: string) {
    return t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${await w.token(w.platformAdmin)}` },
    });
  }

  for (const { path, exportPath } of LISTS)
    it(`${path}: every sort in both orders, and its export in the same order`, async () => {
      const sorts = document.paths[path]!.get!.parameters!.find((p) => p.name === 'sort')!.schema!
        .enum!;
      expect(sorts.length, path).toBeGreaterThan(0);
      for (const sort of sorts)
        for (const order of ['asc', 'desc']) {
          const query = `sort=${sort}&order=${order}`;
          const page = await get(`${path}?${query}&pageSize=100`);
          expect(page.statusCode, `${path}?${query}`).toBe(200);
          const { items, total } = page.json() as { items: Array<{ id: number }>; total: number };
          expect(total, `${path}: the world seeds rows of it`).toBeGreaterThan(0);
          expect(items).toHaveLength(total);
          const exported = await get(`${exportPath}?${query}`);
          expect(exported.statusCode, `${exportPath}?${query}`).toBe(200);
          const [header, ...rows] = parse(exported.body.replace(/^\uFEFF/, '')) as string[][];
          expect(rows, `${exportPath}?${query}`).toHaveLength(total);
          if (header![0] === 'id')
            expect(
              rows.map((row) => Number(row[0])),
              `${exportPath}?${query}`,
            ).toEqual(items.map((item) => item.id));
        }
    });
});
