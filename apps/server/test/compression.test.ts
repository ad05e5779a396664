import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { API_PATHS } from '@laurel/contract/paths';
import { ROLES } from '@laurel/contract/roles';

import { CSP_NONCE_PLACEHOLDER } from '../src/plugins/security-headers.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createOrganization } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';

/** A script large enough to be worth compressing, with the copies the build stores beside it. */
const SCRIPT = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `"row ${i}"`).join(',')}];\n`;

function webBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'laurel-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(
    join(root, 'index.html'),
    `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">` +
      `<script type="module" src="/assets/index-abc123.js"></script></head>` +
      `<body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`,
  );
  writeFileSync(join(root, 'assets/index-abc123.js'), SCRIPT);
  writeFileSync(join(root, 'assets/index-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(root, 'assets/index-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
}

describe.each(DIALECTS)('compressed responses on %s', (dialect) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { webDist: webBuild() });
    const organization = await createOrganization(t.database.handle.db);
    for (let i = 0; i < 40; i += 1)
      await createOrganization(t.database.handle.db, { name: `Compressed College ${i}` });
    const admin = await t.createUser(organization.id, { roleId: ROLES.PLATFORM_ADMIN });
    token = await t.tokenFor(admin);
  });
  afterAll(() => t?.close());

  it('sends the build’s brotli or gzip copy of an asset, cached for a year', async () => {
    const url = '/assets/index-abc123.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/^application\/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers an asset the build does not have with a 404, not the app’s page', async () => {
    for (const url of ['/assets/index-old999.js', '/assets/fonts/missing.woff2']) {
      const missing = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type'], url).not.toMatch(/text\/html/);
      expect(missing.headers['cache-control'] ?? '', url).not.toMatch(/immutable/);
    }
  });

  it('serves the build’s root files for five minutes', async () => {
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cache-control']).toBe('public, max-age=300');
    expect(icon.body).toContain('<svg');
  });

  it('compresses each page with its own nonce and never caches it', async () => {
    const page = await t.app.inject({
      url: '/organizations/3/credentials',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    // A page depends on the encoding asked for and on whether a session's cookie came with it.
    expect(String(page.headers.vary).toLowerCase().split(/,\s*/).sort()).toEqual([
      'accept-encoding',
      'cookie',
    ]);
    const html = brotliDecompressSync(page.rawPayload).toString();
    expect(html).toContain('<div id="root">');
    expect(html).not.toContain(CSP_NONCE_PLACEHOLDER);
  });

  it('compresses large API answers and CSV exports, which stay uncached', async () => {
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
    const list = await t.app.inject({ url: `${API_PATHS.organizations}?pageSize=100`, headers });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(list.headers['cache-control']).toBe('no-store');
    const plainList = await t.app.inject({
      url: `${API_PATHS.organizations}?pageSize=100`,
      headers: { authorization: headers.authorization },
    });
    expect(plainList.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(list.rawPayload).toString())).toEqual(plainList.json());
    // An answer this size (above the plugin's default of 8 KiB for compressing in one call on two
    // cores) is compressed at once rather than streamed through the thread pool: it has a length.
    expect(plainList.rawPayload.length).toBeGreaterThan(8 * 1024);
    expect(list.headers['content-length']).toBe(String(list.rawPayload.length));

    const csv = await t.app.inject({ url: API_PATHS.organizationsExport, headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(csv.rawPayload).toString()).toContain('Compressed College 39');

    const small = await t.app.inject({ url: '/api/organizations/types', headers });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('reads request bodies as sent: a compressed body is refused, not inflated', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: API_PATHS.bookmarks,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload: gzipSync(JSON.stringify({ item_id: 1, item_type: 'organizations' })),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
  });
});
