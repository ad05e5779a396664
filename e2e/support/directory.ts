import type { BrowserContext, Page } from '@playwright/test';

import { createDatabase, type DatabaseHandle } from '../../apps/server/src/db/database.ts';

/**
 * Looks up the ids of demo records (organizations, credentials, contracts, users) in the running
 * e2e server's database, so that specs open real URLs without hard-coding ids. Read-only.
 */

let handle: DatabaseHandle | undefined;

function db() {
  if (!handle) {
    const databaseUrl = process.env.E2E_DATABASE_URL;
    if (!databaseUrl)
      throw new Error(
        'E2E_DATABASE_URL is not set: run the suite through e2e/playwright.config.ts',
      );
    handle = createDatabase(databaseUrl);
  }
  return handle.db;
}

export async function organizationId(name: string): Promise<number> {
  const row = await db()
    .selectFrom('organizations')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow(() => new Error(`No organization named "${name}"`));
  return row.id;
}

export async function credentialId(name: string): Promise<number> {
  const row = await db()
    .selectFrom('credentials')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow(() => new Error(`No credential named "${name}"`));
  return row.id;
}

/** The id of an organization's first credential. */
export async function firstCredentialOf(organizationId: number): Promise<number> {
  const row = await db()
    .selectFrom('credentials')
    .select('id')
    .where('organizationId', '=', organizationId)
    .orderBy('id')
    .executeTakeFirstOrThrow(() => new Error(`No credential in organization ${organizationId}`));
  return row.id;
}

/** The first contract of an organization: its id and the name the bookmark list shows. */
export async function firstContract(
  organizationName: string,
): Promise<{ id: number; label: string }> {
  const row = await db()
    .selectFrom('contracts')
    .innerJoin('organizations', 'organizations.id', 'contracts.organizationId')
    .select(['contracts.id', 'contracts.number', 'contracts.name'])
    .where('organizations.name', '=', organizationName)
    .orderBy('contracts.id')
    .executeTakeFirstOrThrow(() => new Error(`No contract of "${organizationName}"`));
  return { id: row.id, label: row.name };
}

export async function userId(email: string): Promise<number> {
  const row = await db()
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow(() => new Error(`No user with e-mail ${email}`));
  return row.id;
}

/** The signed-in page's identity token, as the web app sends it in `Authorization`. */
export async function idTokenOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name.endsWith('.idToken'));
  if (!cookie) throw new Error('No identity token cookie: is the page signed in?');
  return cookie.value;
}

/** GETs an API path with the page's identity token (and optional extra headers). */
export async function apiGet<T>(
  page: Page,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const token = await idTokenOf(page.context());
  const response = await page.request.get(path, {
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  const text = await response.text();
  return { status: response.status(), body: (text ? JSON.parse(text) : null) as T };
}
