import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CSP_NONCE_PLACEHOLDER } from '../src/plugins/security-headers.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

const FONT =
  '<link rel="preload" as="font" type="font/woff2" crossorigin="" href="/assets/lato-1.woff2">';
const SESSION_COOKIE = 'CognitoIdentityServiceProvider.client1.LastAuthUser=ada%40example.com';

/** A build with the list of the signed-in first screen's files that the web app's build writes. */
function webBuild(signedInFiles: unknown): string {
  const root = mkdtempSync(join(tmpdir(), 'laurel-pages-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, '.vite'));
  writeFileSync(
    join(root, 'index.html'),
    `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">\n` +
      `<script type="module" src="/assets/index-abc.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>\n` +
      `${FONT}\n</head><body><div id="root"></div></body></html>`,
  );
  if (signedInFiles !== undefined)
    writeFileSync(join(root, '.vite', 'signed-in.json'), JSON.stringify(signedInFiles));
  return root;
}

const FILES = {
  early: 'assets/early-1.js',
  frame: { scripts: ['assets/ui-1.js', 'assets/shell-1.js'], styles: ['assets/shell-1.css'] },
  home: { scripts: ['assets/dashboard-1.js'], styles: [] },
};

/** The modulepreloads and style preloads of a page, in order. */
const preloads = (html: string) =>
  [
    ...html.matchAll(
      /<link rel="(?:modulepreload|preload" as="style)" crossorigin href="\/([^"]+)" nonce="([^"]+)">/g,
    ),
  ].map((match) => match[1]);

describe('the page of a visit with a stored session', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { webDist: webBuild(FILES) });
  });
  afterAll(() => t?.close());

  it('names the signed-in frame’s files, and on / the dashboard’s, instead of the fonts', async () => {
    const home = await t.app.inject({
      url: '/',
      headers: { cookie: `theme=dark; ${SESSION_COOKIE}`, 'accept-encoding': 'identity' },
    });
    expect(home.statusCode).toBe(200);
    expect(preloads(home.body)).toEqual([
      'assets/ui-1.js',
      'assets/shell-1.js',
      'assets/shell-1.css',
      'assets/dashboard-1.js',
    ]);
    // The early requests run as a script of their own, named before the page's own scripts.
    const early = '<script type="module" async crossorigin src="/assets/early-1.js" nonce="';
    expect(home.body.indexOf(early)).toBeGreaterThan(0);
    expect(home.body.indexOf(early)).toBeLessThan(home.body.indexOf('/assets/index-abc.js'));
    // Each link carries the page's nonce, like the build's own tags.
    expect(home.body).not.toContain(CSP_NONCE_PLACEHOLDER);
    expect(home.body).not.toContain('as="font"');
    // Its text waits for Lato only once its first screen has been painted.
    expect(home.body).toContain('<html data-fonts="later">');
    expect(String(home.headers.vary)).toMatch(/cookie/i);
    expect(home.headers['cache-control']).toBe('no-cache');

    const list = await t.app.inject({
      url: '/organizations?page=2',
      headers: { cookie: SESSION_COOKIE },
    });
    expect(preloads(list.body)).toEqual([
      'assets/ui-1.js',
      'assets/shell-1.js',
      'assets/shell-1.css',
    ]);
  });

  it('is the build’s page, fonts preloaded, without that cookie', async () => {
    for (const cookie of [
      undefined,
      'theme=dark',
      'CognitoIdentityServiceProvider.client1.idToken=x',
    ]) {
      const page = await t.app.inject({ url: '/', headers: cookie ? { cookie } : {} });
      expect(page.statusCode).toBe(200);
      expect(preloads(page.body)).toEqual([]);
      expect(page.body).not.toContain('early-1.js');
      expect(page.body).not.toContain('data-fonts');
      expect(page.body).toContain(FONT);
    }
  });
});

describe('a build without the list of signed-in files', () => {
  it('serves its page as built to everyone', async () => {
    const t = await createTestApp('sqlite', { webDist: webBuild(undefined) });
    try {
      const page = await t.app.inject({ url: '/', headers: { cookie: SESSION_COOKIE } });
      expect(page.statusCode).toBe(200);
      expect(preloads(page.body)).toEqual([]);
      expect(page.body).not.toContain('early-1.js');
      expect(page.body).not.toContain('data-fonts');
      expect(page.body).toContain(FONT);
    } finally {
      await t.close();
    }
  });

  it('refuses to start on a list that is not one, naming the file', async () => {
    await expect(
      createTestApp('sqlite', { webDist: webBuild({ frame: 'shell.js' }) }),
    ).rejects.toThrow(/signed-in\.json does not list the signed-in screen's files/);
  });
});
