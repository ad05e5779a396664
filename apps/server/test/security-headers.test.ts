import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ROLES } from '@laurel/contract/roles';

import { CSP_NONCE_PLACEHOLDER } from '../src/plugins/security-headers.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createOrganization } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';

/** A built web app as Vite leaves it: a nonce placeholder in index.html, a script and its map. */
function webBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'laurel-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(
    join(root, 'index.html'),
    `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">` +
      `<script type="module" nonce="${CSP_NONCE_PLACEHOLDER}" src="/assets/index.js"></script>` +
      `</head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(
    join(root, 'assets/index.js'),
    'console.log(1);\n//# sourceMappingURL=index.js.map',
  );
  writeFileSync(join(root, 'assets/index.js.map'), '{"version":3,"sources":["secret.ts"]}');
  return root;
}

type Headers = Record<string, string | string[] | number | undefined>;

function policyOf(headers: Headers): Map<string, string[]> {
  const header = String(headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectBrowserHeaders(headers: Headers) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(policyOf(headers).get('frame-ancestors')).toEqual(["'none'"]);
}

/** The web app's policy: scripts from this origin only, styles from it or with this nonce. */
function expectAppPolicy(headers: Headers): string {
  expectBrowserHeaders(headers);
  const policy = policyOf(headers);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  const styles = policy.get('style-src') ?? [];
  expect(styles[0]).toBe("'self'");
  expect(styles).toHaveLength(2);
  const nonce = /^'nonce-([A-Za-z0-9+/=]{22,})'$/.exec(styles[1] ?? '')?.[1];
  expect(nonce, `style-src ${styles.join(' ')}`).toBeDefined();
  for (const values of policy.values()) expect(values).not.toContain("'unsafe-inline'");
  return nonce!;
}

/** A JSON answer's policy: nothing may load or frame it; no nonce, since it is never a page. */
function expectApiPolicy(headers: Headers): void {
  expectBrowserHeaders(headers);
  const policy = policyOf(headers);
  expect(policy.get('default-src')).toEqual(["'none'"]);
  expect([...policy.keys()].sort()).toEqual(['default-src', 'frame-ancestors']);
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['x-dns-prefetch-control']).toBeUndefined();
}

describe.each(DIALECTS)('browser security headers on %s', (dialect) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { webDist: webBuild() });
    const organization = await createOrganization(t.database.handle.db);
    const user = await t.createUser(organization.id, { roleId: ROLES.USER });
    token = await t.tokenFor(user);
  });
  afterAll(() => t?.close());

  it.each(['/', '/organizations/12/credentials/3'])(
    'serves %s with the policy and a fresh nonce its page carries',
    async (url) => {
      const first = await t.app.inject({ method: 'GET', url });
      const second = await t.app.inject({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      const nonce = expectAppPolicy(first.headers);
      expect(first.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(first.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(expectAppPolicy(second.headers)).not.toBe(nonce);
      expect(first.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('sends the headers on API answers, successful or refused, and on identity calls', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/organizations/types',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ok.statusCode).toBe(200);
    expectApiPolicy(ok.headers);
    const refused = await t.app.inject({ method: 'GET', url: '/api/organizations' });
    expect(refused.statusCode).toBe(401);
    expectApiPolicy(refused.headers);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-route',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(missing.statusCode).toBe(404);
    expectApiPolicy(missing.headers);
    expect(missing.headers['cache-control']).toBe('no-store');
    const identity = await t.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
      },
      payload: JSON.stringify({ AccessToken: 'not-a-token' }),
    });
    expect(identity.statusCode).toBeGreaterThanOrEqual(400);
    expectBrowserHeaders(identity.headers);
  });

  it('gives the API documentation its own policy, without which Swagger UI would not run', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expectBrowserHeaders(page.headers);
    const policy = policyOf(page.headers);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')?.[0]).toBe("'self'");
    expect(policy.get('style-src')?.join(' ')).not.toMatch(/unsafe-inline|nonce/);
    // Every script and stylesheet the page loads comes from this server, none inline.
    expect(page.body).not.toMatch(/<script>|<style>|<script(?![^>]*\bsrc=)[^>]*>/);
    const script = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-bundle.js',
    });
    expect(script.statusCode).toBe(200);
    expectBrowserHeaders(script.headers);
  });

  it('does not serve source maps unless WEB_SOURCEMAPS is on', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/assets/index.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    const map = await t.app.inject({ method: 'GET', url: '/assets/index.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
  });

  it('styles the dev mailbox with the nonce of its own policy', async () => {
    const mailbox = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(mailbox.statusCode).toBe(200);
    const nonce = expectAppPolicy(mailbox.headers);
    expect(mailbox.body).toContain(`<style nonce="${nonce}">`);
  });
});

describe.each(DIALECTS)('security headers of an https deployment on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      webDist: webBuild(),
      env: { PUBLIC_URL: 'https://laurel.example.org', WEB_SOURCEMAPS: 'true' },
    });
  });
  afterAll(() => t?.close());

  it('asks browsers to keep to https', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(policyOf(page.headers).has('upgrade-insecure-requests')).toBe(true);
    const api = await t.app.inject({ method: 'GET', url: '/api/organizations' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('serves source maps when WEB_SOURCEMAPS=true', async () => {
    const map = await t.app.inject({ method: 'GET', url: '/assets/index.js.map' });
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('secret.ts');
  });
});
