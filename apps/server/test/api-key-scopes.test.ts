import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { API_KEY_SCOPES, type ApiKeyScope } from '@laurel/contract/api-keys';
import { API_PATHS } from '@laurel/contract/paths';

import { createTestApp, type TestApp } from './helpers/app.ts';
import { createWorld, type World } from './helpers/world.ts';

interface Operation {
  method: string;
  path: string;
  /** The scopes the document lists for an API key; null when keys are not accepted. */
  scopes: ApiKeyScope[] | null;
}

type OpenApiDocument = {
  paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> } | undefined>>;
};

/** Every operation that needs a caller, with the API key scopes the document gives it. */
function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!operation?.security?.length) continue;
      const key = operation.security.find((entry) => 'apiKey' in entry);
      operations.push({
        method: method.toUpperCase(),
        path,
        scopes: key ? (key.apiKey as ApiKeyScope[]) : null,
      });
    }
  }
  return operations;
}

/**
 * The permission matrix of API keys: every operation of the API, as the OpenAPI document lists
 * it, with a key holding every scope and with keys lacking the operation's scopes. Keys reach only
 * what declares a scope, and only with one of the scopes declared.
 */
describe('API key scopes over every operation', () => {
  let t: TestApp;
  let w: World;
  const keys = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    w = await createWorld(t);
    const token = await w.token(w.adminA);
    const make = async (name: string, scopes: readonly ApiKeyScope[]) => {
      const response = await t.app.inject({
        method: 'POST',
        url: API_PATHS.apiKeys(w.a.id),
        headers: { authorization: `Bearer ${token}` },
        payload: { name, scopes },
      });
      expect(response.statusCode, response.body).toBe(201);
      keys.set(name, response.json().secret as string);
    };
    await make('all', API_KEY_SCOPES);
    for (const scope of API_KEY_SCOPES) await make(scope, [scope]);
  });
  afterAll(() => t?.close());

  const call = (operation: Operation, key: string) =>
    t.app.inject({
      method: operation.method as 'GET',
      url: operation.path.replace(/\{[^}]+\}/g, String(w.a.id)),
      headers: { authorization: `Bearer ${key}` },
    });

  it('refuses a key, whatever its scopes, on every operation that declares none', async () => {
    const closed = operationsOf(t.app.swagger() as unknown as OpenApiDocument).filter(
      (operation) => operation.scopes === null,
    );
    // Users, profiles, organizations, contracts, audits, API keys themselves…
    expect(closed.length).toBeGreaterThan(40);
    expect(closed.map((o) => o.path)).toContain(API_PATHS.users);
    expect(closed.map((o) => o.path)).toContain('/api/organizations/{organizationId}/api-keys');
    for (const operation of closed) {
      const response = await call(operation, keys.get('all')!);
      expect(response.statusCode, `${operation.method} ${operation.path}`).toBe(403);
      expect(response.json().message).toBe('API keys cannot call this endpoint');
    }
  });

  it('refuses a key on an operation whose scopes it lacks, naming them', async () => {
    const scoped = operationsOf(t.app.swagger() as unknown as OpenApiDocument).filter(
      (operation) => operation.scopes !== null,
    );
    expect(scoped.length).toBeGreaterThan(20);
    let refusals = 0;
    for (const operation of scoped) {
      for (const scope of API_KEY_SCOPES) {
        if (operation.scopes!.includes(scope)) continue;
        const response = await call(operation, keys.get(scope)!);
        expect(response.statusCode, `${operation.method} ${operation.path} with ${scope}`).toBe(
          403,
        );
        expect(response.json().message).toBe(
          `This API key needs the scope ${operation.scopes!.join(' or ')} for this endpoint`,
        );
        refusals += 1;
      }
    }
    expect(refusals).toBeGreaterThan(100);
  });
});
