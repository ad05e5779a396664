/**
 * Screenshots of every screen in light and dark, at 390 px and 1440 px, with an axe-core check.
 * API and identity calls are answered by fixtures, so this runs against `vite preview` alone:
 *   npx vite preview -c apps/web/vite.config.ts --port 4173 &
 *   node apps/web/scripts/screenshots.ts [baseUrl] [outDir]
 */
import { mkdirSync } from 'node:fs';

import AxeBuilder from '@axe-core/playwright';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:4173';
const outDir = process.argv[3] ?? '/tmp/laurel-screens';
mkdirSync(outDir, { recursive: true });

const CLIENT_ID = 'laurelwebclient';
const USERNAME = 'c3f1a2b4-0000-4000-8000-000000000001';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: object) =>
  `${base64url({ alg: 'RS256', kid: 'k1' })}.${base64url(payload)}.c2lnbmF0dXJl`;
const now = Math.floor(Date.now() / 1000);
const common = {
  sub: USERNAME,
  iss: 'http://127.0.0.1/identity/local_LaurelDemo',
  exp: now + 3600,
  iat: now,
  auth_time: now,
};
const idToken = jwt({
  ...common,
  aud: CLIENT_ID,
  token_use: 'id',
  'cognito:username': USERNAME,
  email: 'orgadmin@northwind.demo',
});
const accessToken = jwt({
  ...common,
  client_id: CLIENT_ID,
  token_use: 'access',
  username: USERNAME,
  'cognito:groups': [],
});

const profile = (nameConfirmed: boolean) => ({
  id: 12,
  email: 'orgadmin@northwind.demo',
  firstName: 'Maya',
  lastName: 'Okafor',
  salutation: 'DR',
  pronoun: 'SHE_HER',
  title: 'Director of Institutional Research',
  nameConfirmed,
  roleId: 10,
  organizationId: 3,
  organizationName: 'Northwind Technical College',
});

const webhookEndpoints = [
  {
    id: 5,
    organizationId: 3,
    url: 'https://sis.northwind.edu/hooks/laurel',
    description: 'Student information system',
    events: ['upload.completed', 'upload.failed', 'credential.issued'],
    enabled: true,
    disabledReason: null,
    failingSince: null,
    createdAt: '2026-05-02T09:30:00.000Z',
    updatedAt: '2026-05-02T09:30:00.000Z',
    secretStart: 'whsec_q3Rt',
  },
  {
    id: 6,
    organizationId: 3,
    url: 'https://crm.example.com/webhooks/northwind-technical-college',
    description: '',
    events: ['award.matched', 'insights.updated'],
    enabled: false,
    disabledReason: 'Every delivery failed for three days, since 2026-05-20 14:02 UTC.',
    failingSince: '2026-05-20T14:02:00.000Z',
    createdAt: '2026-04-11T16:00:00.000Z',
    updatedAt: '2026-05-23T14:05:00.000Z',
    secretStart: 'whsec_Zx81',
  },
];
const webhookDeliveries = [
  {
    id: 91,
    messageId: 'msg_Qm3vY8kZp1rT0aWc9LxN2dEf',
    eventType: 'upload.completed',
    status: 'SUCCEEDED',
    createdAt: '2026-05-30T14:00:02.000Z',
    nextAttemptAt: null,
    payload: '{}',
    attempts: [
      {
        attemptedAt: '2026-05-30T14:00:02.000Z',
        statusCode: 503,
        error: null,
        durationMs: 212,
        responseBody: '<html><body>Service temporarily unavailable</body></html>',
      },
      {
        attemptedAt: '2026-05-30T14:00:07.000Z',
        statusCode: 200,
        error: null,
        durationMs: 95,
        responseBody: '{"received":true}',
      },
    ],
  },
  {
    id: 90,
    messageId: 'msg_7hGf2KsLq9wE4rTy6UiO0pAs',
    eventType: 'credential.issued',
    status: 'PENDING',
    createdAt: '2026-05-30T13:40:00.000Z',
    nextAttemptAt: '2026-05-30T14:15:00.000Z',
    payload: '{}',
    attempts: [
      {
        attemptedAt: '2026-05-30T13:45:00.000Z',
        statusCode: null,
        error: 'No answer within 15 seconds',
        durationMs: 15000,
        responseBody: '',
      },
    ],
  },
];

async function mockBackend(context: BrowserContext, options: { nameConfirmed?: boolean } = {}) {
  await context.route(
    (url) => url.pathname.startsWith('/api/'),
    async (route) => {
      const url = new URL(route.request().url());
      const json = (body: unknown, status = 200) =>
        route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
      switch (url.pathname) {
        case '/api/config/app':
          return json({
            demoMode: true,
            supportEmail: 'support@laurel.demo',
            identity: 'embedded',
            version: '0.1.0',
          });
        case '/api/config/cognito':
          return json({ poolId: 'local_LaurelDemo', clientId: CLIENT_ID, endpoint: '/identity' });
        case '/api/users/profile':
          return json(profile(options.nameConfirmed ?? true));
        case '/api/users/salutations':
          return json([
            { id: 1, code: 'DR', name: 'Dr.' },
            { id: 2, code: 'MR', name: 'Mr.' },
            { id: 3, code: 'MS', name: 'Ms.' },
            { id: 4, code: 'MX', name: 'Mx.' },
          ]);
        case '/api/users/pronouns':
          return json([
            { id: 1, code: 'SHE_HER', name: 'she/her' },
            { id: 2, code: 'HE_HIM', name: 'he/him' },
            { id: 3, code: 'THEY_THEM', name: 'they/them' },
          ]);
        case '/api/auth/check_federated':
          return json({ isFederated: false, redirectUri: null });
        case '/api/users/login-time':
          return route.fulfill({ status: 204 });
        case '/api/organizations/3':
          return json({
            id: 3,
            name: 'Northwind Technical College',
            typeId: 2,
            typeName: 'College',
            loginMode: 'PASSWORD',
            city: 'Portland',
            state: 'OR',
            status: 'ACTIVE',
            userCount: 4210,
            credentialCount: 38,
            createdAt: '2024-02-01T12:00:00.000Z',
            organizationName: 'Northwind Technical College',
            loginModeId: 1,
            website: null,
            salesforceAccountId: null,
            insightsEntitled: true,
            mfaRequired: false,
            passkeysAllowed: true,
            emailCodesAllowed: true,
            isPlatform: false,
            contractCount: 2,
            updatedAt: '2026-05-01T12:00:00.000Z',
          });
        case '/api/users': {
          // A search matching more people than a list holds: its total is a lower bound.
          const pageSize = Number(url.searchParams.get('pageSize') ?? 25);
          const page = Number(url.searchParams.get('page') ?? 1);
          const searched = Boolean(url.searchParams.get('search'));
          const first = ['Ana', 'Charles', 'Chloe', 'Rachel', 'Michael', 'Chen', 'Richard'];
          const last = ['Chen', 'Chambers', 'Fletcher', 'Mitchell', 'Church', 'Chavez'];
          return json({
            items: Array.from({ length: pageSize }, (_, i) => {
              const n = (page - 1) * pageSize + i;
              const firstName = first[n % first.length]!;
              const lastName = last[(n * 5) % last.length]!;
              return {
                id: 1000 + n,
                organizationId: 3,
                organizationName: 'Northwind Technical College',
                email: `${firstName}.${lastName}.${n}@northwind.demo`.toLowerCase(),
                firstName,
                lastName,
                title: null,
                roleId: n % 9 === 0 ? 10 : 100,
                active: true,
                status: 'ACTIVE',
                lastLoginAt: n % 4 === 0 ? null : '2026-05-30T14:00:00.000Z',
                createdAt: '2025-09-01T12:00:00.000Z',
              };
            }),
            total: searched ? 1000 : 42,
            ...(searched ? { totalIsLowerBound: true } : {}),
            page,
            pageSize,
          });
        }
        case '/api/organizations/3/webhooks':
          return json({ items: webhookEndpoints });
        case '/api/organizations/3/webhooks/5/deliveries':
          return json({ items: webhookDeliveries });
        default:
          return json({ message: 'Not found' }, 404);
      }
    },
  );
  await context.route(
    (url) => url.pathname.startsWith('/identity'),
    async (route) => {
      const target = route.request().headers()['x-amz-target'] ?? '';
      const json = (body: unknown) =>
        route.fulfill({
          status: 200,
          contentType: 'application/x-amz-json-1.1',
          body: JSON.stringify(body),
        });
      if (target.endsWith('GetUser')) {
        return json({
          Username: USERNAME,
          UserAttributes: [
            { Name: 'sub', Value: USERNAME },
            { Name: 'email', Value: 'orgadmin@northwind.demo' },
          ],
          UserMFASettingList: [],
        });
      }
      if (target.endsWith('ListWebAuthnCredentials')) {
        const passkey = (id: string, name: string, lastUsedAt: number | null) => ({
          CredentialId: id,
          FriendlyCredentialName: name,
          RelyingPartyId: '127.0.0.1',
          AuthenticatorTransports: ['internal'],
          CreatedAt: now - 30 * 86_400,
          LastUsedAt: lastUsedAt,
        });
        return json({
          Credentials: [
            passkey('laptop', 'Passkey on this device', now - 86_400),
            passkey('phone', 'Passkey on a phone', null),
          ],
        });
      }
      if (target.endsWith('AssociateSoftwareToken'))
        return json({ SecretCode: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
      return route.fulfill({
        status: 400,
        contentType: 'application/x-amz-json-1.1',
        body: JSON.stringify({
          __type: 'NotAuthorizedException',
          message: 'Incorrect username or password.',
        }),
      });
    },
  );
}

async function signIn(context: BrowserContext) {
  const url = new URL(baseUrl);
  const prefix = `CognitoIdentityServiceProvider.${CLIENT_ID}`;
  const cookie = (name: string, value: string) => ({
    name,
    value,
    domain: url.hostname,
    path: '/',
    sameSite: 'Lax' as const,
  });
  await context.addCookies([
    cookie(`${prefix}.LastAuthUser`, USERNAME),
    cookie(`${prefix}.${USERNAME}.idToken`, idToken),
    cookie(`${prefix}.${USERNAME}.accessToken`, accessToken),
    cookie(`${prefix}.${USERNAME}.refreshToken`, 'refresh-token'),
    cookie(`${prefix}.${USERNAME}.clockDrift`, '0'),
  ]);
}

interface Scene {
  name: string;
  path: string;
  signedIn?: boolean;
  nameConfirmed?: boolean;
  act?: (page: Page, width: number) => Promise<void>;
}

const scenes: Scene[] = [
  { name: 'sign-in', path: '/auth/password-sign-in' },
  {
    name: 'sign-in-email-error',
    path: '/auth/password-sign-in',
    act: async (page) => {
      await page.getByLabel('E-mail address').fill('orgadmin@');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Enter a valid e-mail address').first().waitFor();
    },
  },
  {
    name: 'sign-in-password',
    path: '/auth/password-sign-in?checkEmail=true',
    act: async (page) => {
      await page.getByLabel('E-mail address').fill('orgadmin@northwind.demo');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Password', { exact: true }).fill('wrong-password-123');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('alert').first().waitFor();
    },
  },
  {
    name: 'set-password',
    path: '/auth/set-password',
    act: async (page) => {
      await page.getByLabel('New password', { exact: true }).fill('Laurel-demo');
    },
  },
  { name: 'setup-mfa-expired', path: '/auth/setup-mfa' },
  { name: 'verify-mfa', path: '/auth/verify-mfa' },
  { name: 'forgot-password', path: '/auth/forgot-password' },
  { name: 'reset-password', path: '/auth/reset-password?email=orgadmin%40northwind.demo' },
  { name: 'dashboard', path: '/', signedIn: true },
  {
    name: 'dashboard-menu',
    path: '/',
    signedIn: true,
    act: async (page, width) => {
      if (width < 960) await page.getByRole('button', { name: 'Open navigation' }).click();
      else await page.getByRole('button', { name: 'Account menu' }).click();
      await page.waitForTimeout(400);
    },
  },
  { name: 'confirm-name', path: '/', signedIn: true, nameConfirmed: false },
  { name: 'organization-users', path: '/organizations/3/users', signedIn: true },
  { name: 'users-capped-search', path: '/organizations/3/users?search=ch&page=3', signedIn: true },
  { name: 'credential', path: '/admin/organizations/3/credentials/41', signedIn: true },
  { name: 'settings', path: '/settings', signedIn: true },
  { name: 'profile', path: '/profile', signedIn: true },
  {
    name: 'profile-totp',
    path: '/profile',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Set up' }).click();
      await page.getByAltText('QR code for your authenticator app').waitFor();
    },
  },
  { name: 'webhooks', path: '/organizations/3/webhooks', signedIn: true },
  {
    name: 'webhooks-log',
    path: '/organizations/3/webhooks',
    signedIn: true,
    act: async (page) => {
      await page
        .getByRole('button', { name: 'Deliveries to https://sis.northwind.edu/hooks/laurel' })
        .click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'webhooks-new',
    path: '/organizations/3/webhooks',
    signedIn: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'New endpoint' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'not-found', path: '/no-such-page', signedIn: true },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

const violations: string[] = [];
const only = process.env.SCENES?.split(',');
for (const scene of scenes.filter((s) => !only || only.includes(s.name))) {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [390, 1440]) {
      const context = await browser.newContext({
        viewport: { width, height: width < 600 ? 844 : 900 },
        colorScheme,
        deviceScaleFactor: 1,
      });
      await mockBackend(context, { nameConfirmed: scene.nameConfirmed ?? true });
      if (scene.signedIn) await signIn(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(baseUrl + scene.path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      if (scene.act) await scene.act(page, width);
      await page.mouse.move(0, 0);
      if (!scene.name.includes('menu') && scene.name !== 'confirm-name')
        await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(300);
      const file = `${outDir}/${scene.name}-${colorScheme}-${width}.png`;
      await page.screenshot({
        path: file,
        fullPage: !scene.name.includes('menu') && scene.name !== 'confirm-name',
      });
      const axe = await new AxeBuilder({ page }).analyze();
      for (const violation of axe.violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      )) {
        violations.push(
          `${scene.name} ${colorScheme} ${width}: ${violation.id} — ${violation.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(' | ')}`,
        );
      }
      if (errors.length) console.log(`${scene.name}: page errors: ${errors.join('; ')}`);
      console.log(`wrote ${file}`);
      await context.close();
    }
  }
}
await browser.close();
console.log(
  violations.length
    ? `axe serious/critical:\n${violations.join('\n')}`
    : 'axe: no serious or critical violations',
);
