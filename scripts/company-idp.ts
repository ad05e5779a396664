/**
 * A small OpenID Connect provider standing in for a company's sign-in service (oidc-provider):
 * a sign-in page for a few fictional employees, authorization code with PKCE, discovery, JWKS,
 * userinfo. `npm run dev:idp` starts it for the demo world; the tests start their own.
 *
 *   npm run dev:idp        # http://localhost:4010, client laurel-demo / laurel-demo-secret
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { escape, page as idpPage, readForm } from './idp-page.ts';

export interface CompanyEmployee {
  /** Stable subject (`sub`). */
  id: string;
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  /** Sent as `email_verified`; true unless said otherwise. */
  emailVerified?: boolean;
}

export interface CompanyIdpOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  companyName?: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Read on every sign-in, so a test may change it between sign-ins. */
  employees: CompanyEmployee[];
}

export interface CompanyIdp {
  issuer: string;
  server: Server;
  close(): Promise<void>;
}

const COLORS = { backdrop: '#1f2937', button: '#7c3aed' };
/** This provider's sign-in page, in its own colours. */
const page = (company: string, body: string) => idpPage(company, body, COLORS);

/**
 * Starts the provider and its sign-in pages on one HTTP server.
 * @example const idp = await startCompanyIdp({ clientId, clientSecret, redirectUris, employees })
 */
export async function startCompanyIdp(options: CompanyIdpOptions): Promise<CompanyIdp> {
  const host = options.host ?? '127.0.0.1';
  const company = options.companyName ?? 'Company';
  const server = createServer();
  const listenHost = host === 'localhost' ? '127.0.0.1' : host;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, listenHost, resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host}:${port}`;

  const employee = (id: string) => options.employees.find((e) => e.id === id);
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: 'company-idp',
    alg: 'RS256',
    use: 'sig',
  };
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    cookies: { keys: ['company-idp-cookie-key-for-development-only'] },
    jwks: { keys: [signingKey] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const person = employee(id);
      if (!person) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: person.email,
            email_verified: person.emailVerified ?? true,
            given_name: person.givenName,
            family_name: person.familyName,
            name: `${person.givenName} ${person.familyName}`,
          };
        },
      };
    },
    // Laurel is a first-party client of the company: no consent screen.
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ??
        ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  // Quiet: a refused request is part of several tests.
  provider.on('server_error', () => undefined);
  const handle = provider.callback();

  async function interaction(request: IncomingMessage, response: ServerResponse, uid: string) {
    const details = await provider.interactionDetails(request, response);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const send = (html: string, status = 200) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html);
    };
    const form = (error?: string, email = '') =>
      page(
        company,
        `<h1>${escape(company)}</h1><p>Sign in with your company account to continue to Laurel.</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}/login">
<label for="email">Work e-mail</label><input id="email" name="email" type="email" autocomplete="username" value="${escape(email)}" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>
<ul>${options.employees.map((e) => `<li>${escape(e.email)}</li>`).join('')}</ul>`,
      );
    if (request.method === 'GET')
      return send(form(undefined, String(details.params.login_hint ?? '')));
    const body = await readForm(request);
    const email = (body.get('email') ?? '').trim().toLowerCase();
    const person = options.employees.find((e) => e.email.toLowerCase() === email);
    if (!person || person.password !== body.get('password'))
      return send(form('Wrong e-mail or password.', email), 401);
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: person.id } },
      { mergeWithLastSubmission: false },
    );
  }

  server.on('request', (request, response) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec((request.url ?? '').split('?')[0]!);
    if (match) {
      interaction(request, response, match[1]!).catch(() => {
        if (!response.headersSent) response.writeHead(400, { 'content-type': 'text/plain' });
        response.end('This sign-in has expired. Go back to Laurel and start again.');
      });
      return;
    }
    handle(request, response);
  });

  return {
    issuer,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The demo company's employees (fictional): Summit Skills Academy signs in through them. */
export const DEMO_COMPANY_EMPLOYEES: CompanyEmployee[] = [
  {
    id: 'summit-0001',
    email: 'maya.okafor@summit.demo',
    password: 'Summit-demo-2026!',
    givenName: 'Maya',
    familyName: 'Okafor',
  },
  {
    id: 'summit-0002',
    email: 'theo.lindqvist@summit.demo',
    password: 'Summit-demo-2026!',
    givenName: 'Theo',
    familyName: 'Lindqvist',
  },
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const publicUrl = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  const idp = await startCompanyIdp({
    port: Number(process.env.IDP_PORT ?? 4010),
    host: 'localhost',
    companyName: 'Summit Skills Academy',
    clientId: 'laurel-demo',
    clientSecret: 'laurel-demo-secret',
    redirectUris: [`${publicUrl}/identity/oauth2/idpresponse`],
    employees: DEMO_COMPANY_EMPLOYEES,
  });
  console.log(
    [
      '',
      `  Company sign-in (demo) is running at ${idp.issuer}`,
      `  Laurel's callback: ${publicUrl}/identity/oauth2/idpresponse`,
      '  Employees (password Summit-demo-2026!):',
      ...DEMO_COMPANY_EMPLOYEES.map((e) => `    ${e.email}`),
      '',
    ].join('\n'),
  );
}
