import type { Kysely } from 'kysely';
import SCIMMY from 'scimmy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { API_PATHS } from '@laurel/contract/paths';
import { ROLES } from '@laurel/contract/roles';

import type { Database } from '../src/db/schema.ts';
import {
  ENTRA_ID_SEQUENCE,
  OKTA_SEQUENCE,
  type PublishedRequest,
} from './fixtures/scim-published-requests.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/app.ts';
import type { BuiltUser } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { TEST_CLIENT_ID, TEST_PUBLIC_URL } from './helpers/tokens.ts';
import { createWorld, type World } from './helpers/world.ts';

const SCIM_JSON = 'application/scim+json';
const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const SCHEMAS_PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** An answer checked against RFC 7643's schemas by an independent implementation (SCIMMY). */
function validUser(body: Record<string, unknown>) {
  expect(() => new SCIMMY.Schemas.User(body, 'out')).not.toThrow();
  return body as unknown as ScimUserBody;
}
function validGroup(body: Record<string, unknown>) {
  expect(() => new SCIMMY.Schemas.Group(body, 'out')).not.toThrow();
  return body;
}
function validList(body: Record<string, unknown>, each: (r: Record<string, unknown>) => unknown) {
  expect(body.schemas).toEqual([LIST_SCHEMA]);
  expect(
    () => new SCIMMY.Messages.ListResponse(body as unknown as SCIMMY.Messages.ListResponse),
  ).not.toThrow();
  // RFC 7644 §3.4.2: integers, never strings.
  for (const key of ['totalResults', 'startIndex', 'itemsPerPage'])
    expect(Number.isInteger(body[key]), key).toBe(true);
  const resources = body.Resources as Array<Record<string, unknown>>;
  expect(body.itemsPerPage).toBe(resources.length);
  resources.forEach(each);
  return body as { totalResults: number; startIndex: number; Resources: ScimUserBody[] };
}
function validError(
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  scimType?: string,
) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toContain(SCIM_JSON);
  const body = response.json() as Record<string, unknown>;
  expect(body.schemas).toEqual([ERROR_SCHEMA]);
  expect(body.status).toBe(String(status));
  expect(typeof body.detail).toBe('string');
  if (scimType) expect(body.scimType).toBe(scimType);
  return body;
}

interface ScimUserBody {
  id: string;
  userName: string;
  externalId?: string;
  active: boolean;
  name: { givenName?: string; familyName?: string };
  emails: Array<{ value: string }>;
  groups: Array<{ value: string; display: string }>;
  meta: { location: string };
}

describe.each(DIALECTS)('SCIM 2.0 provisioning on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  let db: Kysely<Database>;
  let tokenA = '';
  let tokenB = '';
  let baseA = '';
  let baseB = '';

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createWorld(t);
    db = t.database.handle.db;
    const made = async (admin: BuiltUser, organizationId: number, name: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: API_PATHS.organizationScimTokens(organizationId),
        headers: { authorization: `Bearer ${await w.token(admin)}` },
        payload: { name },
      });
      expect(response.statusCode).toBe(201);
      const settings = await t.app.inject({
        method: 'GET',
        url: API_PATHS.organizationScim(organizationId),
        headers: { authorization: `Bearer ${await w.token(admin)}` },
      });
      return {
        secret: response.json().secret as string,
        base: (settings.json().baseUrl as string).slice(TEST_PUBLIC_URL.length),
      };
    };
    // Room on the world's contracts for the people these tests provision; one test fills them.
    await db
      .updateTable('contractLineItems')
      .set({ includedQuantity: 1000 })
      .where('billingCode', '=', 'A_ADDL_USER')
      .execute();
    ({ secret: tokenA, base: baseA } = await made(w.adminA, w.a.id, 'Entra ID'));
    ({ secret: tokenB, base: baseB } = await made(w.adminB, w.b.id, 'Okta'));
  });
  afterAll(() => t?.close());

  const scim = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    options: { token?: string; base?: string } = {},
  ) =>
    t.app.inject({
      method,
      url: `${options.base ?? baseA}${path}`,
      headers: {
        authorization: `Bearer ${options.token ?? tokenA}`,
        ...(body === undefined ? {} : { 'content-type': SCIM_JSON }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  const signIn = async (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      payload: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: TEST_CLIENT_ID,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    });
  const profile = (app: TestApp, idToken: string) =>
    app.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${idToken}` },
    });
  const entries = (resourceId: number) =>
    db
      .selectFrom('auditEntries as a')
      .innerJoin('auditTypes as t', 't.id', 'a.typeId')
      .select(['t.code', 'a.summary', 'a.actorUserId', 'a.actorScimTokenId', 'a.organizationId'])
      .where('a.resourceType', '=', 'user')
      .where('a.resourceId', '=', String(resourceId))
      .orderBy('a.id')
      .execute();

  it('answers the discovery endpoints as RFC 7643 describes them', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.statusCode).toBe(200);
    expect(String(config.headers['content-type'])).toContain(SCIM_JSON);
    expect(() =>
      SCIMMY.Schemas.ServiceProviderConfig.definition.coerce(config.json()),
    ).not.toThrow();
    expect(config.json()).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });

    const types = await scim('GET', '/ResourceTypes');
    validList(types.json(), (type) =>
      expect(() => SCIMMY.Schemas.ResourceType.definition.coerce(type)).not.toThrow(),
    );
    expect(types.json().Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);

    const schemas = await scim('GET', '/Schemas');
    const list = validList(schemas.json(), () => undefined);
    const ids = (list.Resources as unknown as Array<{ id: string; attributes: unknown[] }>).map(
      (s) => s.id,
    );
    expect(ids).toEqual([
      'urn:ietf:params:scim:schemas:core:2.0:User',
      'urn:ietf:params:scim:schemas:core:2.0:Group',
    ]);
    // Each attribute Laurel describes is one of RFC 7643's, with the same type.
    const rfc = SCIMMY.Schemas.User.definition.describe() as {
      attributes: Array<{ name: string; type: string }>;
    };
    const user = (
      list.Resources as unknown as Array<{ attributes: Array<{ name: string; type: string }> }>
    )[0]!;
    for (const attribute of user.attributes)
      expect(rfc.attributes.find((a) => a.name === attribute.name)?.type, attribute.name).toBe(
        attribute.type,
      );
    const one = await scim('GET', '/Schemas/urn:ietf:params:scim:schemas:core:2.0:Group');
    expect(one.json().name).toBe('Group');
  });

  it('refuses calls without a live token of the organization, in SCIM’s shape', async () => {
    validError(await t.app.inject({ method: 'GET', url: `${baseA}/Users` }), 401);
    validError(await scim('GET', '/Users', undefined, { token: 'laurel_scim_nope' }), 401);
    // A person's id token or an API key is not a SCIM token.
    validError(await scim('GET', '/Users', undefined, { token: await w.token(w.adminA) }), 401);
    // Organization B's token never reaches organization A's people.
    const other = validError(await scim('GET', '/Users', undefined, { token: tokenB }), 401);
    expect(other.detail).toBe('This SCIM token belongs to another organization');
    validError(await scim('GET', `/Users/${w.userA.id}`, undefined, { token: tokenB }), 401);
    validError(
      await scim(
        'PATCH',
        `/Users/${w.userA.id}`,
        { schemas: [], Operations: [] },
        { token: tokenB },
      ),
      401,
    );
    // Nor does a valid token reach another organization's people through its own address.
    validError(await scim('GET', `/Users/${w.userB.id}`), 404);
    validError(await scim('GET', '/Nothing'), 404);
  });

  /** Replays a published sequence in order, each answer checked against RFC 7643 (SCIMMY). */
  async function replay(
    sequence: PublishedRequest[],
    ids: { other: number; token: string; base: string },
  ) {
    const groups = validList(
      (await scim('GET', '/Groups', undefined, { token: ids.token, base: ids.base })).json(),
      validGroup,
    );
    const group = String(
      (groups.Resources as unknown as Array<{ id: string; displayName: string }>).find(
        (g) => g.displayName === 'Organization Admin',
      )!.id,
    );
    let user = '';
    const fill = (text: string) =>
      text
        .replaceAll('{user}', user)
        .replaceAll('{other}', String(ids.other))
        .replaceAll('{group}', group);
    const answers: Array<{ title: string; body: Record<string, unknown> | undefined }> = [];
    for (const step of sequence) {
      const response = await scim(
        step.method,
        fill(step.path),
        step.body === undefined ? undefined : JSON.parse(fill(JSON.stringify(step.body))),
        { token: ids.token, base: ids.base },
      );
      expect({ step: step.title, status: response.statusCode, body: response.body }).toMatchObject({
        step: step.title,
        status: step.expected,
      });
      const body = response.body ? (response.json() as Record<string, unknown>) : undefined;
      if (step.answer === 'none') expect(response.body, step.title).toBe('');
      else expect(String(response.headers['content-type']), step.title).toContain(SCIM_JSON);
      if (step.answer === 'user') validUser(body!);
      if (step.answer === 'group') validGroup(body!);
      if (step.answer === 'users') validList(body!, validUser);
      if (step.answer === 'groups') validList(body!, validGroup);
      if (step.answer === 'error') validError(response, step.expected);
      if (step.method === 'POST' && step.path === '/Users') user = String(body!.id);
      answers.push({ title: step.title, body });
    }
    const answer = (title: string) => answers.find((a) => a.title === title)!.body!;
    return { user: Number(user), answer };
  }
  const roleOf = async (id: number) =>
    (await db.selectFrom('users').select('roleId').where('id', '=', id).executeTakeFirstOrThrow())
      .roleId;

  it('replays Okta’s published request sequence verbatim', async () => {
    const { user, answer } = await replay(OKTA_SEQUENCE, {
      other: w.adminB.id,
      token: tokenB,
      base: baseB,
    });
    expect(answer(OKTA_SEQUENCE[0]!.title)).toMatchObject({ totalResults: 0, Resources: [] });
    expect(answer(OKTA_SEQUENCE[1]!.title)).toMatchObject({
      userName: 'test.user@okta.local',
      externalId: '00ujl29u0le5T6Aj10h7',
      active: true,
      name: { givenName: 'Test', familyName: 'User' },
    });
    expect(answer('Update a specific User (PUT) — Update the User')).toMatchObject({
      name: { givenName: 'Another', familyName: 'User' },
    });
    expect(answer('Update a specific User (PATCH) — deactivate')).toMatchObject({ active: false });
    expect(answer('Update a specific User (PATCH) — activate')).toMatchObject({ active: true });
    expect(answer('Retrieve Groups — filter by displayName')).toMatchObject({ totalResults: 1 });
    // Okta's placeholder password is not a password Laurel keeps: the person has none.
    expect((await signIn('test.user@okta.local', '1mz050nq')).statusCode).toBe(400);
    // Group membership is the role: after the full push both are admins.
    expect(await roleOf(user)).toBe(ROLES.ORGANIZATION_ADMIN);
    expect(await roleOf(w.adminB.id)).toBe(ROLES.ORGANIZATION_ADMIN);
    const trail = (await entries(user)).map((e) => e.summary);
    expect(trail).toEqual([
      'User test.user@okta.local provisioned through SCIM as User; the password sent was not kept (password: Password did not conform with password policy: Password not long enough)',
      'User test.user@okta.local changed through SCIM (PUT): name Test User → Another User',
      'User test.user@okta.local deactivated through SCIM (PATCH)',
      'User test.user@okta.local activated through SCIM (PATCH)',
      'User test.user@okta.local: role User → Organization Admin through SCIM (added to Organization Admin)',
      'Sign-in of test.user@okta.local with e-mail and password refused: wrong password',
    ]);
    // Back to the world the other tests expect.
    await scim(
      'PATCH',
      `/Groups/organization-admin`,
      {
        schemas: [SCHEMAS_PATCH],
        Operations: [{ op: 'remove', path: `members[value eq "${user}"]` }],
      },
      { token: tokenB, base: baseB },
    );
  });

  it('replays Entra ID’s published request sequence verbatim', async () => {
    const { user, answer } = await replay(ENTRA_ID_SEQUENCE, {
      other: w.adminA.id,
      token: tokenA,
      base: baseA,
    });
    expect(answer('Tutorial — Get User by query')).toMatchObject({ totalResults: 1 });
    expect(answer('Tutorial — Get User by query - Zero results')).toMatchObject({
      totalResults: 0,
    });
    expect(answer('Tutorial — Update User [Multi-valued properties]')).toMatchObject({
      name: { familyName: 'updatedFamilyName' },
      emails: [{ value: 'updatedemail@microsoft.com' }],
    });
    expect(
      answer('Known issues — Requests made to disable users, without feature flag'),
    ).toMatchObject({ active: false });
    expect(
      answer('Tutorial — Get User by query (a disabled user is found, inactive)'),
    ).toMatchObject({ totalResults: 1, Resources: [{ active: false }] });
    expect(answer('Known issues — enable again, without feature flag')).toMatchObject({
      active: true,
    });
    expect(
      answer('Known issues — Requests to replace multiple attributes, without feature flag'),
    ).toMatchObject({
      externalId: 'Eqpj',
      name: { givenName: 'Gtfd', familyName: 'Pkqf' },
      emails: [{ value: 'testbcwqnm@test.microsoft.com' }],
    });
    expect(
      answer('Known issues — Requests to replace multiple attributes, with feature flag'),
    ).toMatchObject({
      name: { givenName: 'Kkom', familyName: 'Unua' },
      emails: [{ value: 'testmhvaes@test.microsoft.com' }],
    });
    expect(answer('Tutorial — Disable User')).toMatchObject({ active: false });
    expect(await roleOf(user)).toBe(ROLES.USER);
    const row = await db
      .selectFrom('users')
      .select(['active', 'email'])
      .where('id', '=', user)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.active)).toBe(false);
    expect(row.email).toBe('testmhvaes@test.microsoft.com');
    const trail = (await entries(user)).filter((e) => e.code === 'ACCESS_CHANGE');
    expect(trail.map((e) => e.summary)).toEqual([
      'User updatedemail@microsoft.com deactivated through SCIM (PATCH)',
      'User updatedemail@microsoft.com activated through SCIM (PATCH)',
      'User testmhvaes@test.microsoft.com deactivated through SCIM (PATCH)',
      'User testmhvaes@test.microsoft.com activated through SCIM (PATCH)',
      'User testmhvaes@test.microsoft.com: role User → Organization Admin through SCIM (added to Organization Admin)',
      'User testmhvaes@test.microsoft.com: role Organization Admin → User through SCIM (removed from Organization Admin)',
      'User testmhvaes@test.microsoft.com: role User → Organization Admin through SCIM (added to Organization Admin)',
      'User testmhvaes@test.microsoft.com: role Organization Admin → User through SCIM (removed from Organization Admin)',
      'User testmhvaes@test.microsoft.com deprovisioned through SCIM (DELETE): deactivated, history kept',
    ]);
  });

  it('follows Entra ID’s dialect: duplicates, every filter, "False" and "True", delete, the token on the trail', async () => {
    // Shaped as Microsoft's "Create User" request.
    const created = await scim('POST', '/Users', {
      schemas: [
        'urn:ietf:params:scim:schemas:core:2.0:User',
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
      ],
      externalId: 'directory-0001',
      userName: 'Directory_User_0001',
      active: true,
      emails: [
        {
          primary: true,
          type: 'work',
          value: 'Directory.User.0001@testuser.com',
        },
      ],
      meta: { resourceType: 'User' },
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      roles: [],
    });
    expect(created.statusCode).toBe(201);
    const user = validUser(created.json());
    expect(created.headers.location).toBe(user.meta.location);
    expect(user).toMatchObject({
      externalId: 'directory-0001',
      userName: 'Directory_User_0001',
      active: true,
      name: { familyName: 'familyName', givenName: 'givenName' },
      emails: [{ value: 'directory.user.0001@testuser.com' }],
      groups: [{ value: 'user', display: 'User' }],
    });
    const id = Number(user.id);
    const row = await db
      .selectFrom('users')
      .select(['organizationId', 'roleId', 'active', 'invited', 'email'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      organizationId: w.a.id,
      roleId: ROLES.USER,
      email: user.emails[0]!.value,
    });

    // "Create a duplicate user": refused as not unique.
    const duplicate = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'Directory_User_0001',
      emails: [{ primary: true, type: 'work', value: 'someone.else@testuser.com' }],
    });
    validError(duplicate, 409, 'uniqueness');

    // "Get User", "Get User by query", by the work e-mail, and with zero results.
    validUser((await scim('GET', `/Users/${id}`)).json());
    validError(await scim('GET', '/Users/5171a35d82074e068ce2'), 404);
    const byName = validList(
      (
        await scim(
          'GET',
          `/Users?filter=${encodeURIComponent('userName eq "Directory_User_0001"')}`,
        )
      ).json(),
      validUser,
    );
    expect(byName).toMatchObject({ totalResults: 1, startIndex: 1 });
    expect(byName.Resources[0]!.id).toBe(user.id);
    const byEmail = validList(
      (
        await scim(
          'GET',
          `/Users?filter=${encodeURIComponent('emails[type eq "work"].value eq "Directory.User.0001@testuser.com"')}`,
        )
      ).json(),
      validUser,
    );
    expect(byEmail.Resources.map((r) => r.id)).toEqual([user.id]);
    const byExternalId = validList(
      (
        await scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "directory-0001"')}`)
      ).json(),
      validUser,
    );
    expect(byExternalId.Resources.map((r) => r.id)).toEqual([user.id]);
    const none = validList(
      (
        await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "non-existent user"')}`)
      ).json(),
      validUser,
    );
    expect(none).toMatchObject({ totalResults: 0, Resources: [] });

    // "Update User [Multi-valued properties]": capitalised Replace, a value path.
    const multi = await scim('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        {
          op: 'Replace',
          path: 'emails[type eq "work"].value',
          value: 'Updated.Directory@testuser.com',
        },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
      ],
    });
    expect(multi.statusCode).toBe(200);
    expect(validUser(multi.json())).toMatchObject({
      name: { givenName: 'givenName', familyName: 'updatedFamilyName' },
      emails: [{ value: 'updated.directory@testuser.com' }],
    });
    // "Update User [Single-valued properties]".
    const single = await scim('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        {
          op: 'Replace',
          path: 'userName',
          value: 'directory.user.0002@testuser.com',
        },
      ],
    });
    expect(validUser(single.json()).userName).toBe('directory.user.0002@testuser.com');

    // "Disable User" with Entra ID's string "False", then enabled again with "True".
    const disabled = await scim('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(validUser(disabled.json()).active).toBe(false);
    const byFilter = validList(
      (
        await scim(
          'GET',
          `/Users?filter=${encodeURIComponent('userName eq "directory.user.0002@testuser.com"')}`,
        )
      ).json(),
      validUser,
    );
    expect(byFilter.Resources[0]!.active).toBe(false);
    const enabled = await scim('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(validUser(enabled.json()).active).toBe(true);

    // "Delete User": deprovisioned, not removed; the trail keeps every step.
    const deleted = await scim('DELETE', `/Users/${id}`);
    expect(deleted.statusCode).toBe(204);
    validError(await scim('GET', `/Users/${id}`), 404);
    const kept = await db
      .selectFrom('users')
      .select(['active'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Boolean(kept.active)).toBe(false);
    const trail = await entries(id);
    expect(trail.map((e) => e.code)).toEqual([
      'CREATE',
      'UPDATE',
      'UPDATE',
      'ACCESS_CHANGE',
      'ACCESS_CHANGE',
      'ACCESS_CHANGE',
    ]);
    expect(trail.every((e) => e.actorUserId === null && e.actorScimTokenId !== null)).toBe(true);
    expect(trail.every((e) => Number(e.organizationId) === w.a.id)).toBe(true);
    expect(trail[3]!.summary).toContain('deactivated through SCIM');
    expect(trail[5]!.summary).toContain('deprovisioned through SCIM');

    // The audit list names the token as the actor.
    const audits = await t.app.inject({
      method: 'GET',
      url: `/api/audits?search=${encodeURIComponent('through SCIM')}`,
      headers: { authorization: `Bearer ${await w.token(w.adminA)}` },
    });
    expect(audits.json().items[0].actorName).toBe('SCIM token “Entra ID”');
  });

  it('follows Okta’s dialect: a kept password, PUT, path-less replace, group push and its refusals', async () => {
    // Okta tests the connection with a page of one, and looks the person up before creating.
    validList(
      (
        await scim('GET', '/Users?startIndex=1&count=1', undefined, { token: tokenB, base: baseB })
      ).json(),
      validUser,
    );
    const lookup = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "second.user@okta.local"')}&startIndex=1&count=100`,
      undefined,
      { token: tokenB, base: baseB },
    );
    expect(validList(lookup.json(), validUser).totalResults).toBe(0);
    const oktaCreate = {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'second.user@okta.local',
      name: { givenName: 'Test', familyName: 'User' },
      emails: [{ primary: true, value: 'second.user@okta.local', type: 'work' }],
      displayName: 'Test User',
      locale: 'en-US',
      externalId: '00ujl29u0le5T6Aj10h8',
      groups: [],
      password: '1mz050nq',
      active: true,
    };
    // With password sync on and a password that meets the rules, the person signs in with it.
    const created = await scim(
      'POST',
      '/Users',
      { ...oktaCreate, password: TEST_PASSWORD },
      { token: tokenB, base: baseB },
    );
    expect(created.statusCode).toBe(201);
    const user = validUser(created.json());
    expect(JSON.stringify(user)).not.toContain(TEST_PASSWORD);
    const id = user.id;
    expect((await signIn('second.user@okta.local', TEST_PASSWORD)).statusCode).toBe(200);

    // Okta updates with PUT of the whole user.
    const replaced = await scim(
      'PUT',
      `/Users/${id}`,
      {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        id,
        userName: 'second.user@okta.local',
        name: { givenName: 'Another', familyName: 'User' },
        emails: [{ primary: true, value: 'second.user@okta.local', type: 'work' }],
        displayName: 'Another User',
        locale: 'en-US',
        externalId: '00ujl29u0le5T6Aj10h8',
        groups: [],
        active: true,
      },
      { token: tokenB, base: baseB },
    );
    expect(validUser(replaced.json()).name.givenName).toBe('Another');

    // Deactivate and reactivate: Okta's path-less replace with a boolean.
    const patchActive = (active: boolean) =>
      scim(
        'PATCH',
        `/Users/${id}`,
        {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [{ op: 'replace', value: { active } }],
        },
        { token: tokenB, base: baseB },
      );
    expect(validUser((await patchActive(false)).json()).active).toBe(false);
    const refused = await signIn('second.user@okta.local', TEST_PASSWORD);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().__type).toBe('NotAuthorizedException');
    expect(validUser((await patchActive(true)).json()).active).toBe(true);
    expect((await signIn('second.user@okta.local', TEST_PASSWORD)).statusCode).toBe(200);

    // Group push: Organization Admin's members are its admins; a removal makes a User again.
    const groups = validList(
      (
        await scim(
          'GET',
          `/Groups?filter=${encodeURIComponent('displayName eq "Organization Admin"')}&excludedAttributes=members`,
          undefined,
          { token: tokenB, base: baseB },
        )
      ).json(),
      validGroup,
    );
    expect(groups.totalResults).toBe(1);
    const admins = groups.Resources[0]!;
    expect(admins).not.toHaveProperty('members');
    const added = await scim(
      'PATCH',
      `/Groups/${admins.id}`,
      {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [
          { op: 'add', path: 'members', value: [{ value: id, display: 'second.user@okta.local' }] },
        ],
      },
      { token: tokenB, base: baseB },
    );
    expect(added.statusCode).toBe(204);
    const promoted = validUser(
      (await scim('GET', `/Users/${id}`, undefined, { token: tokenB, base: baseB })).json(),
    );
    expect(promoted.groups).toMatchObject([
      { value: 'organization-admin', display: 'Organization Admin' },
    ]);
    const group = validGroup(
      (await scim('GET', `/Groups/${admins.id}`, undefined, { token: tokenB, base: baseB })).json(),
    ) as { members: Array<{ value: string }> };
    expect(group.members.map((m) => m.value)).toContain(id);
    const removed = await scim(
      'PATCH',
      `/Groups/${admins.id}`,
      {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'remove', path: `members[value eq "${id}"]` }],
      },
      { token: tokenB, base: baseB },
    );
    expect(removed.statusCode).toBe(204);
    const demoted = await db
      .selectFrom('users')
      .select('roleId')
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(demoted.roleId).toBe(ROLES.USER);
    // Entra ID removes by a value list on the path itself, with capitalised ops.
    await scim(
      'PATCH',
      `/Groups/${admins.id}`,
      {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'Add', path: 'members', value: [{ $ref: null, value: id }] }],
      },
      { token: tokenB, base: baseB },
    );
    await scim(
      'PATCH',
      `/Groups/${admins.id}`,
      {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: id }] }],
      },
      { token: tokenB, base: baseB },
    );
    const trail = (await entries(Number(id))).filter((e) => e.code === 'ACCESS_CHANGE');
    expect(trail.map((e) => e.summary)).toEqual([
      'User second.user@okta.local deactivated through SCIM (PATCH)',
      'User second.user@okta.local activated through SCIM (PATCH)',
      'User second.user@okta.local: role User → Organization Admin through SCIM (added to Organization Admin)',
      'User second.user@okta.local: role Organization Admin → User through SCIM (removed from Organization Admin)',
      'User second.user@okta.local: role User → Organization Admin through SCIM (added to Organization Admin)',
      'User second.user@okta.local: role Organization Admin → User through SCIM (removed from Organization Admin)',
    ]);
    // A PUT of the group replaces its members: the person is an admin again, the others are not.
    const put = await scim(
      'PUT',
      `/Groups/${admins.id}`,
      {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        displayName: 'Organization Admin',
        members: [{ value: id }],
      },
      { token: tokenB, base: baseB },
    );
    expect(put.statusCode).toBe(200);
    expect(validGroup(put.json())).toMatchObject({ members: [{ value: id }] });
    const adminB = await db
      .selectFrom('users')
      .select('roleId')
      .where('id', '=', w.adminB.id)
      .executeTakeFirstOrThrow();
    expect(adminB.roleId).toBe(ROLES.USER);
    validError(
      await scim(
        'PUT',
        `/Groups/${admins.id}`,
        { displayName: 'Organization Admin' },
        { token: tokenB, base: baseB },
      ),
      400,
      'invalidSyntax',
    );
    // Restored for the tests after this one.
    await scim(
      'PATCH',
      `/Groups/${admins.id}`,
      {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [
          { op: 'add', path: 'members', value: [{ value: String(w.adminB.id) }] },
          { op: 'remove', path: `members[value eq "${id}"]` },
        ],
      },
      { token: tokenB, base: baseB },
    );
    expect(
      (
        await db
          .selectFrom('users')
          .select('roleId')
          .where('id', '=', w.adminB.id)
          .executeTakeFirstOrThrow()
      ).roleId,
    ).toBe(ROLES.ORGANIZATION_ADMIN);
    // Okta's path-less replace repeats the group's id and name: nothing changes.
    const same = await scim(
      'PATCH',
      `/Groups/${admins.id}`,
      {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [
          { op: 'replace', value: { id: admins.id, displayName: 'Organization Admin' } },
          { op: 'Replace', path: 'displayName', value: 'Organization Admin' },
        ],
      },
      { token: tokenB, base: baseB },
    );
    expect(same.statusCode).toBe(204);
    expect(
      (
        await db
          .selectFrom('users')
          .select('roleId')
          .where('id', '=', w.adminB.id)
          .executeTakeFirstOrThrow()
      ).roleId,
    ).toBe(ROLES.ORGANIZATION_ADMIN);
    // Groups cannot be made, renamed or deleted: they are Laurel's roles.
    validError(
      await scim(
        'POST',
        '/Groups',
        { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'displayName' },
        { token: tokenB, base: baseB },
      ),
      400,
      'invalidValue',
    );
    validError(
      await scim(
        'PATCH',
        `/Groups/${admins.id}`,
        {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [{ op: 'Replace', path: 'displayName', value: 'Renamed' }],
        },
        { token: tokenB, base: baseB },
      ),
      400,
      'mutability',
    );
    validError(
      await scim('DELETE', `/Groups/${admins.id}`, undefined, { token: tokenB, base: baseB }),
      400,
      'mutability',
    );
    // A member of another organization cannot be pushed into this one's group.
    validError(
      await scim(
        'PATCH',
        `/Groups/${admins.id}`,
        {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [{ op: 'add', path: 'members', value: [{ value: String(w.userA.id) }] }],
        },
        { token: tokenB, base: baseB },
      ),
      400,
      'invalidValue',
    );
    const untouched = await db
      .selectFrom('users')
      .select('roleId')
      .where('id', '=', w.userA.id)
      .executeTakeFirstOrThrow();
    expect(untouched.roleId).toBe(ROLES.USER);
  });

  it('takes over a person the organization invited, and refuses another organization’s person, saying why', async () => {
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/organizations/${w.a.id}/invitations`,
      headers: { authorization: `Bearer ${await w.token(w.adminA)}` },
      payload: {
        email: 'invited.person@alpha.example',
        first_name: 'Invited',
        last_name: 'Person',
        role_id: ROLES.ORGANIZATION_ADMIN,
      },
    });
    expect(invited.statusCode).toBe(201);
    const userId = invited.json().user.id as number;
    const created = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'invited.person@ALPHA.example',
      externalId: 'dir-invited-1',
      name: { givenName: 'Invited', familyName: 'Person-Directory' },
      emails: [{ primary: true, type: 'work', value: 'invited.person@alpha.example' }],
      password: '1mz050nq',
      active: true,
    });
    expect(created.statusCode).toBe(201);
    const user = validUser(created.json());
    // The same person, not a second one: the invitation's role stays until a group says otherwise.
    expect(Number(user.id)).toBe(userId);
    expect(user).toMatchObject({
      externalId: 'dir-invited-1',
      name: { familyName: 'Person-Directory' },
      groups: [{ value: 'organization-admin' }],
    });
    const row = await db
      .selectFrom('users')
      .select(['invited', 'active'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.invited)).toBe(false);
    expect(Boolean(row.active)).toBe(true);
    const invitations = await db
      .selectFrom('invitations')
      .select('status')
      .where('userId', '=', userId)
      .execute();
    expect(invitations.map((i) => i.status)).toEqual(['REVOKED']);
    expect((await entries(userId)).map((e) => e.summary)).toContain(
      'User invited.person@alpha.example taken over through SCIM (POST): the pending invitation is withdrawn and the directory manages the person',
    );
    // Found by the directory from now on, and a second create is a duplicate.
    validError(
      await scim('POST', '/Users', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: 'someone-else',
        emails: [{ primary: true, type: 'work', value: 'invited.person@alpha.example' }],
      }),
      409,
      'uniqueness',
    );
    // A person of another organization is never taken over.
    const other = validError(
      await scim('POST', '/Users', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: 'not-ours',
        emails: [{ primary: true, type: 'work', value: w.userB.email }],
      }),
      409,
      'uniqueness',
    );
    expect(other.detail).toBe(
      `The e-mail address ${w.userB.email} belongs to a person of another organization in Laurel`,
    );
  });

  it('provisions no one beyond the contract’s seats, and says so to the directory', async () => {
    const seats = (n: number) =>
      db
        .updateTable('contractLineItems')
        .set({ includedQuantity: n })
        .where('billingCode', '=', 'A_ADDL_USER')
        .where(
          'contractId',
          'in',
          db.selectFrom('contracts').select('id').where('organizationId', '=', w.a.id),
        )
        .execute();
    const taken = async () =>
      Number(
        (
          await db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('organizationId', '=', w.a.id)
            .where((eb) => eb.or([eb('active', '=', true), eb('invited', '=', true)]))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const first = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'seat.one@alpha.example',
    });
    expect(first.statusCode).toBe(201);
    await seats(await taken());
    try {
      const refused = validError(
        await scim('POST', '/Users', {
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
          userName: 'seat.two@alpha.example',
        }),
        403,
      );
      expect(refused.detail).toMatch(
        /^seat\.two@alpha\.example would take a seat beyond the organization's contract: seat \d+ of \d+ under contract LC-A-1 \(Contract LC-A-1\)\. Laurel provisions no one beyond a contract’s seats/,
      );
      expect(
        await db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'seat.two@alpha.example')
          .execute(),
      ).toEqual([]);
      // Deactivating frees a seat; taking it back needs one.
      const id = first.json().id as string;
      const off = await scim('PATCH', `/Users/${id}`, {
        schemas: [SCHEMAS_PATCH],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      });
      expect(off.statusCode).toBe(200);
      const second = await scim('POST', '/Users', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: 'seat.two@alpha.example',
      });
      expect(second.statusCode).toBe(201);
      validError(
        await scim('PATCH', `/Users/${id}`, {
          schemas: [SCHEMAS_PATCH],
          Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
        }),
        403,
      );
      expect(validUser((await scim('GET', `/Users/${id}`)).json()).active).toBe(false);
      // An inactive create takes no seat.
      const inactive = await scim('POST', '/Users', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: 'seat.three@alpha.example',
        active: false,
      });
      expect(inactive.statusCode).toBe(201);
    } finally {
      await seats(1000);
    }
  });

  it('pages with integers and refuses what it does not understand, saying why', async () => {
    const page = validList((await scim('GET', '/Users?startIndex=2&count=1')).json(), validUser);
    expect(page).toMatchObject({ startIndex: 2 });
    expect(page.Resources).toHaveLength(1);
    const all = validList((await scim('GET', '/Users?count=0')).json(), validUser);
    expect(all.Resources).toEqual([]);
    expect(all.totalResults).toBeGreaterThanOrEqual(2);
    validError(await scim('GET', '/Users?count=ten'), 400, 'invalidValue');
    validError(
      await scim('GET', `/Users?filter=${encodeURIComponent('userName co "a"')}`),
      400,
      'invalidFilter',
    );
    validError(
      await scim('GET', `/Users?filter=${encodeURIComponent('userName eq')}`),
      400,
      'invalidFilter',
    );
    validError(await scim('POST', '/Users', { schemas: [], userName: '' }), 400, 'invalidValue');
    validError(await scim('POST', '/Users', { userName: 'no-address' }), 400, 'invalidValue');
    validError(
      await scim('POST', '/Users', { userName: 'x@example.com', active: 'maybe' }),
      400,
      'invalidValue',
    );
    validError(
      await scim('PATCH', `/Users/${w.userA.id}`, {
        Operations: [{ op: 'replace', value: { active: false } }],
      }),
      400,
      'invalidSyntax',
    );
    validError(
      await scim('PATCH', `/Users/${w.userA.id}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'move', path: 'active' }],
      }),
      400,
      'invalidSyntax',
    );
    validError(
      await scim('PATCH', `/Users/${w.userA.id}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'add', path: 'groups', value: [{ value: 'organization-admin' }] }],
      }),
      400,
      'mutability',
    );
    const broken = await t.app.inject({
      method: 'POST',
      url: `${baseA}/Users`,
      headers: { authorization: `Bearer ${tokenA}`, 'content-type': SCIM_JSON },
      payload: '{"userName":',
    });
    validError(broken, 400, 'invalidSyntax');
    // An existing person is found by their e-mail address as userName (a directory links them).
    const found = validList(
      (
        await scim(
          'GET',
          `/Users?filter=${encodeURIComponent(`userName eq "${w.userA.email.toUpperCase()}"`)}`,
        )
      ).json(),
      validUser,
    );
    expect(found.Resources.map((r) => Number(r.id))).toEqual([w.userA.id]);
    // Platform admins are never seen.
    validError(await scim('GET', `/Users/${w.platformAdmin.id}`), 404);
  });

  it('answers hostile input on every SCIM endpoint with a SCIM error, never a failure', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      { userName: 'x'.repeat(100_000) },
      { userName: 'ok@example.com', emails: 'nope' },
      { userName: 'ok@example.com', emails: [{ value: 7 }] },
      { userName: 'ok@example.com', name: 'flat' },
      { userName: 'ok@example.com', name: { givenName: ['a'] } },
      { userName: '\u0000@example.com' },
      { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: 'x' },
      {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', path: 'emails[type eq', value: 1 }],
      },
      {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'add', path: 'members', value: [{ value: '../../1' }] }],
      },
      {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'remove', path: 'members[value eq "1" or ]' }],
      },
    ];
    const ids = [
      '0',
      '-1',
      '99999999999999999999',
      "1' or '1'='1",
      '%00',
      'user',
      String(w.userB.id),
    ];
    type Target = ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
    const targets: Target[] = [
      ['POST', '/Users'],
      ...ids.flatMap((id) => [
        ['GET', `/Users/${encodeURIComponent(id)}`] as Target,
        ['PUT', `/Users/${encodeURIComponent(id)}`] as Target,
        ['PATCH', `/Users/${encodeURIComponent(id)}`] as Target,
        ['DELETE', `/Users/${encodeURIComponent(id)}`] as Target,
        ['GET', `/Groups/${encodeURIComponent(id)}`] as Target,
        ['PATCH', `/Groups/${encodeURIComponent(id)}`] as Target,
      ]),
      ['PATCH', `/Users/${w.userA.id}`],
      ['PUT', `/Users/${w.userA.id}`],
      ['PATCH', '/Groups/organization-admin'],
      ['PUT', '/Groups/organization-admin'],
      ['POST', '/Groups'],
    ];
    for (const [method, path] of targets)
      for (const body of method === 'GET' || method === 'DELETE' ? [undefined] : bodies) {
        const response = await scim(method, path, body);
        const label = `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        if (response.statusCode >= 400) validError(response, response.statusCode);
      }
    // Nesting deep enough to exhaust a recursive reader.
    for (const raw of [
      `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
      `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${baseA}/Users`,
        headers: { authorization: `Bearer ${tokenA}`, 'content-type': SCIM_JSON },
        payload: raw,
      });
      expect(response.statusCode).toBeLessThan(500);
      validError(response, response.statusCode);
    }
    for (const query of [
      `filter=${encodeURIComponent('userName eq "\u0000"')}`,
      `filter=${encodeURIComponent('x'.repeat(5000))}`,
      `filter=${encodeURIComponent('userName eq "a" or userName eq "b"')}`,
      `filter=${encodeURIComponent('not (userName eq "a")')}`,
      'startIndex=-5&count=-1',
      'startIndex=1e9&count=1e9',
      'attributes=userName,name.givenName&excludedAttributes=emails',
      `attributes=${'a,'.repeat(2000)}`,
    ]) {
      const response = await scim('GET', `/Users?${query}`);
      expect(response.statusCode, query).toBeLessThan(500);
      if (response.statusCode >= 400) validError(response, response.statusCode);
      const groups = await scim('GET', `/Groups?${query}`);
      expect(groups.statusCode, query).toBeLessThan(500);
      if (groups.statusCode >= 400) validError(groups, groups.statusCode);
    }
    // Control characters are refused with the field that carries them, before anything changes.
    const control = validError(
      await scim('PUT', `/Users/${w.userA.id}`, { userName: '\u0000@example.com' }),
      400,
      'invalidValue',
    );
    expect(control.detail).toMatch(/^userName: /);
    validError(
      await scim('POST', '/Users', { userName: 'bell\u0007@example.com' }),
      400,
      'invalidValue',
    );
    validError(
      await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "\u0000"')}`),
      400,
      'invalidValue',
    );
    // Organization A's people are as they were.
    const row = await db
      .selectFrom('users')
      .select(['active', 'roleId', 'email'])
      .where('id', '=', w.userA.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ roleId: ROLES.USER, email: w.userA.email });
    expect(Boolean(row.active)).toBe(true);
    const admin = await db
      .selectFrom('users')
      .select('roleId')
      .where('id', '=', w.adminA.id)
      .executeTakeFirstOrThrow();
    expect(admin.roleId).toBe(ROLES.ORGANIZATION_ADMIN);
  });

  it('ends a deactivated person’s session within a second, on every instance', async () => {
    const second = await createTestApp(dialect, { sameDatabaseAs: t });
    try {
      const created = await scim('POST', '/Users', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: 'session.person@alpha.example',
        name: { givenName: 'Session', familyName: 'Person' },
        password: TEST_PASSWORD,
      });
      expect(created.statusCode).toBe(201);
      const signedIn = await signIn('session.person@alpha.example', TEST_PASSWORD);
      const idToken = signedIn.json().AuthenticationResult.IdToken as string;
      expect((await profile(t, idToken)).statusCode).toBe(200);
      expect((await profile(second, idToken)).statusCode).toBe(200);

      const at = Date.now();
      const patched = await scim('PATCH', `/Users/${created.json().id}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      });
      expect(patched.statusCode).toBe(200);
      expect((await profile(t, idToken)).statusCode).toBe(401);
      // The other instance has it cached for at most a second.
      let refusedAt = 0;
      while (Date.now() - at < 3000) {
        if ((await profile(second, idToken)).statusCode === 401) {
          refusedAt = Date.now();
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(refusedAt).toBeGreaterThan(0);
      expect(refusedAt - at).toBeLessThanOrEqual(1100);
      // And no way back in.
      expect((await signIn('session.person@alpha.example', TEST_PASSWORD)).statusCode).toBe(400);
    } finally {
      await second.close();
    }
  });

  it('lets a person provisioned without a password choose one, and refuses every way in once deactivated', async () => {
    const identity = (action: string, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/identity/',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
        },
        payload: JSON.stringify(body),
      });
    const lastMailTo = async (to: string) =>
      (
        await db
          .selectFrom('outboxEmails')
          .select('textBody')
          .where('toAddress', '=', to)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).textBody;
    const email = 'no.password@alpha.example';
    const created = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: email,
      name: { givenName: 'No', familyName: 'Password' },
    });
    expect(created.statusCode).toBe(201);
    expect(
      (await identity('ForgotPassword', { ClientId: TEST_CLIENT_ID, Username: email })).statusCode,
    ).toBe(200);
    const code = /reset code is (\d{6})/.exec(await lastMailTo(email))?.[1];
    expect(code).toBeDefined();
    const chosen = await identity('ConfirmForgotPassword', {
      ClientId: TEST_CLIENT_ID,
      Username: email,
      ConfirmationCode: code,
      Password: 'Chosen-password-2026!',
    });
    expect(chosen.statusCode).toBe(200);
    expect((await signIn(email, 'Chosen-password-2026!')).statusCode).toBe(200);

    const deactivated = await scim('PATCH', `/Users/${created.json().id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(deactivated.json().active).toBe(false);
    const mails = async () =>
      (await db.selectFrom('outboxEmails').select('id').where('toAddress', '=', email).execute())
        .length;
    const before = await mails();
    const password = await signIn(email, 'Chosen-password-2026!');
    expect(password.json().__type).toBe('NotAuthorizedException');
    const emailCode = await identity('InitiateAuth', {
      AuthFlow: 'USER_AUTH',
      ClientId: TEST_CLIENT_ID,
      AuthParameters: { USERNAME: email, PREFERRED_CHALLENGE: 'EMAIL_OTP' },
    });
    expect(emailCode.statusCode).toBe(400);
    expect(emailCode.json().ChallengeName).toBeUndefined();
    // A reset code is not sent either (the answer does not tell whether the person exists).
    await identity('ForgotPassword', { ClientId: TEST_CLIENT_ID, Username: email });
    // No code of any kind went out to the deactivated person.
    expect(await mails()).toBe(before);
  });

  it('lets only the organization’s admins and platform admins manage its tokens, shown once and revoked within a second', async () => {
    const as = async (
      user: BuiltUser,
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      payload?: object,
    ) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${await w.token(user)}` },
        ...(payload ? { payload } : {}),
      });
    expect((await as(w.userA, 'GET', API_PATHS.organizationScim(w.a.id))).statusCode).toBe(403);
    expect(
      (await as(w.userA, 'POST', API_PATHS.organizationScimTokens(w.a.id), { name: 'x' }))
        .statusCode,
    ).toBe(403);
    expect([403, 404]).toContain(
      (await as(w.adminB, 'GET', API_PATHS.organizationScim(w.a.id))).statusCode,
    );
    expect([403, 404]).toContain(
      (await as(w.adminB, 'POST', API_PATHS.organizationScimTokens(w.a.id), { name: 'x' }))
        .statusCode,
    );
    const refused = await as(w.adminA, 'POST', API_PATHS.organizationScimTokens(w.a.id), {
      name: ' ',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.name).toBeDefined();

    const made = await as(w.platformAdmin, 'POST', API_PATHS.organizationScimTokens(w.a.id), {
      name: 'Made by the platform',
    });
    expect(made.statusCode).toBe(201);
    const { secret, id } = made.json() as { secret: string; id: number };
    expect(secret).toMatch(/^laurel_scim_[0-9A-Za-z]{38}$/);
    const settings = (await as(w.adminA, 'GET', API_PATHS.organizationScim(w.a.id))).json();
    expect(JSON.stringify(settings)).not.toContain(secret);
    expect(settings.baseUrl).toBe(`${TEST_PUBLIC_URL}${baseA}`);
    expect(settings.lastActivity).toMatch(/through SCIM/);
    const stored = await db
      .selectFrom('scimTokens')
      .select('tokenHash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.tokenHash).not.toContain(secret.slice(12));

    expect((await scim('GET', '/Users?count=1', undefined, { token: secret })).statusCode).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const used = (await as(w.adminA, 'GET', API_PATHS.organizationScim(w.a.id))).json();
    expect(used.tokens.find((token: { id: number }) => token.id === id).lastUsedAt).not.toBeNull();

    const second = await createTestApp(dialect, { sameDatabaseAs: t });
    try {
      expect(
        (
          await second.app.inject({
            method: 'GET',
            url: `${baseA}/Users?count=1`,
            headers: { authorization: `Bearer ${secret}` },
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await as(w.adminA, 'DELETE', API_PATHS.organizationScimToken(w.a.id, id))).statusCode,
      ).toBe(200);
      validError(await scim('GET', '/Users', undefined, { token: secret }), 401);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      validError(
        await second.app.inject({
          method: 'GET',
          url: `${baseA}/Users?count=1`,
          headers: { authorization: `Bearer ${secret}` },
        }),
        401,
      );
    } finally {
      await second.close();
    }
    const tokenTrail = await db
      .selectFrom('auditEntries as a')
      .innerJoin('auditTypes as t', 't.id', 'a.typeId')
      .select(['t.code', 'a.summary'])
      .where('a.resourceType', '=', 'scim-token')
      .where('a.resourceId', '=', String(id))
      .orderBy('a.id')
      .execute();
    expect(tokenTrail.map((e) => e.code)).toEqual(['CREATE', 'DELETE']);
    expect(tokenTrail.map((e) => e.summary)).toEqual([
      expect.stringMatching(/^Created the SCIM token "/),
      expect.stringMatching(/^Revoked the SCIM token "/),
    ]);
  });
});
