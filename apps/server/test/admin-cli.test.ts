import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ROLES } from '@laurel/contract/roles';
import { createCognitoIdentityAdmin } from '@laurel/identity/cognito-admin';

import { createAdminCommands } from '../src/admin-commands.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createCredential, createOrganization } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { TEST_CLIENT_ID, TEST_POOL_ID, TEST_PUBLIC_URL } from './helpers/tokens.ts';

const CLI = fileURLToPath(new URL('../src/scripts/admin.ts', import.meta.url));
const SECRET_KEY = 'admin-cli-test-secret-key-0123456789abcdef';

async function identityCall(t: TestApp, target: string, body: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/identity/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    payload: JSON.stringify(body),
  });
  return {
    status: response.statusCode,
    body: response.json() as {
      ChallengeName?: string;
      Session?: string;
      AuthenticationResult?: { IdToken?: string };
    },
  };
}

describe.each(DIALECTS)('npm run admin on %s', (dialect) => {
  let t: TestApp;
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [CLI, ...args], {
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        ...process.env,
        DATABASE_URL: t.database.url,
        DEMO_MODE: 'false',
        SECRET_KEY,
        COGNITO_POOL_ID: TEST_POOL_ID,
        COGNITO_CLIENT_ID: TEST_CLIENT_ID,
        PUBLIC_URL: TEST_PUBLIC_URL,
        LOG_LEVEL: 'silent',
      },
    });

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { DEMO_MODE: 'false', SECRET_KEY } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates the first platform admin, who signs in with the temporary password and chooses their own', async () => {
    const created = run(
      'create-platform-admin',
      '--email',
      'Ada.Lovelace@Lakeside.edu',
      '--last-name',
      'Lovelace',
    );
    expect(created.status, created.stderr).toBe(0);
    const password = /Temporary password \(shown this once\): (\S+)/.exec(created.stdout)?.[1];
    expect(password).toMatch(/^[A-Z][a-z]{2}\d(-[A-Z][a-z]{2}\d){3}$/);

    const row = await t.database.handle.db
      .selectFrom('users')
      .innerJoin('organizations', 'organizations.id', 'users.organizationId')
      .select(['users.roleId', 'users.firstName', 'users.lastName', 'organizations.name'])
      .where('users.email', '=', 'ada.lovelace@lakeside.edu')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      roleId: ROLES.PLATFORM_ADMIN,
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Laurel Platform',
    });

    const first = await identityCall(t, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: TEST_CLIENT_ID,
      AuthParameters: { USERNAME: 'ada.lovelace@lakeside.edu', PASSWORD: password },
    });
    expect(first.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const chosen = await identityCall(t, 'RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId: TEST_CLIENT_ID,
      Session: first.body.Session,
      ChallengeResponses: {
        USERNAME: 'ada.lovelace@lakeside.edu',
        NEW_PASSWORD: 'Lakeside-admin-2026!',
      },
    });
    const idToken = chosen.body.AuthenticationResult?.IdToken as string;
    expect(idToken, JSON.stringify(chosen.body)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      roleId: ROLES.PLATFORM_ADMIN,
      organizationName: 'Laurel Platform',
    });

    const audit = await t.database.handle.db
      .selectFrom('auditEntries')
      .select(['summary', 'actorUserId'])
      .where('summary', 'like', '%ada.lovelace@lakeside.edu%')
      .orderBy('id')
      .execute();
    const admin = await t.database.handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'ada.lovelace@lakeside.edu')
      .executeTakeFirstOrThrow();
    // The command line's record, then the first sign-in's own (told by the identity pool).
    expect(audit).toEqual([
      {
        summary: 'Created platform admin ada.lovelace@lakeside.edu (from the command line)',
        actorUserId: null,
      },
      {
        summary: 'ada.lovelace@lakeside.edu chose their password at their first sign-in',
        actorUserId: admin.id,
      },
      {
        summary: 'ada.lovelace@lakeside.edu signed in with e-mail and password',
        actorUserId: admin.id,
      },
    ]);
  });

  it('refuses a second run for the same e-mail, and says why', async () => {
    const again = run('create-platform-admin', '--email', 'ada.lovelace@lakeside.edu');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(
      'A Laurel user with the e-mail address ada.lovelace@lakeside.edu already exists.',
    );
    const count = await t.database.handle.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', 'ada.lovelace@lakeside.edu')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('disables a user (their tokens are refused, sign-in too) and enables them again', async () => {
    const organization = await t.database.handle.db
      .selectFrom('organizations')
      .select('id')
      .executeTakeFirstOrThrow();
    const user = await t.createUser(organization.id, { email: 'grace@lakeside.edu' });
    const token = await t.tokenFor(user);

    const disabled = run('disable-user', '--email', 'grace@lakeside.edu');
    expect(disabled.status, disabled.stderr).toBe(0);
    expect(disabled.stdout).toContain('grace@lakeside.edu is deactivated');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.statusCode).toBe(401);
    await expect(t.tokenFor(user)).rejects.toThrow(/disabled/i);

    const enabled = run('enable-user', '--email', 'grace@lakeside.edu');
    expect(enabled.status, enabled.stderr).toBe(0);
    expect(await t.tokenFor(user)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('resets two-step verification', async () => {
    const organization = await t.database.handle.db
      .selectFrom('organizations')
      .select('id')
      .executeTakeFirstOrThrow();
    const user = await t.createUser(organization.id, { email: 'mfa@lakeside.edu' });
    await t.identityAdmin.setMfaRequired(user.identityUsername, true);
    const reset = run('reset-mfa', '--email', 'mfa@lakeside.edu');
    expect(reset.status, reset.stderr).toBe(0);
    expect(reset.stdout).toContain('mfa@lakeside.edu signs in without an authenticator app now');
  });

  it('answers bad input with a sentence and an exit code, never a stack trace', () => {
    const cases: Array<[string[], number, string]> = [
      [['frobnicate'], 2, 'Unknown command "frobnicate"'],
      [['create-platform-admin'], 1, 'Give the person’s e-mail address with --email.'],
      [
        ['create-platform-admin', '--email', 'not-an-address'],
        1,
        '"not-an-address" is not an e-mail address.',
      ],
      [
        ['reset-mfa', '--email', 'nobody@lakeside.edu'],
        1,
        'No Laurel user has the e-mail address nobody@lakeside.edu.',
      ],
      [
        ['disable-user', '--email', 'a@b.edu', '--first-name', 'X'],
        2,
        'disable-user takes only --email.',
      ],
      [['enable-user', '--mail', 'a@b.edu'], 2, "Unknown option '--mail'"],
    ];
    for (const [args, status, message] of cases) {
      const result = run(...args);
      expect(result.status, args.join(' ')).toBe(status);
      expect(result.stderr).toContain(message);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    const help = run('help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('create-platform-admin --email <address>');
    // Seven runs of the command, each loading the server's modules: up to half a minute on a busy
    // machine.
  }, 120_000);

  it('rotates the signing key: a token of the new key is accepted by an instance that has not read it yet, and older tokens stay valid', async () => {
    const organization = await t.database.handle.db
      .selectFrom('organizations')
      .select('id')
      .executeTakeFirstOrThrow();
    const user = await t.createUser(organization.id, { email: 'keys@lakeside.edu' });
    const before = await t.tokenFor(user);
    const kidOf = (token: string) =>
      (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { kid: string })
        .kid;

    const rotated = run('rotate-signing-key');
    expect(rotated.status, rotated.stderr).toBe(0);
    const kid = /New signing key (\S+):/.exec(rotated.stdout)?.[1];
    expect(kid).toBeDefined();

    // A second instance started after the rotation signs with the new key…
    const other = await createTestApp(dialect, {
      env: { DEMO_MODE: 'false', SECRET_KEY },
      sameDatabaseAs: t,
    });
    try {
      const after = await other.tokenFor(user);
      expect(kidOf(after)).toBe(kid);
      expect(kidOf(after)).not.toBe(kidOf(before));
      // …which the first instance, still holding the old key set, accepts after reading it again,
      const profile = (token: string, app: TestApp) =>
        app.app.inject({
          method: 'GET',
          url: '/api/users/profile',
          headers: { authorization: `Bearer ${token}` },
        });
      expect((await profile(after, t)).statusCode).toBe(200);
      // and the token signed before the rotation still verifies on both.
      expect((await profile(before, t)).statusCode).toBe(200);
      expect((await profile(before, other)).statusCode).toBe(200);
      const jwks = await t.app.inject({
        method: 'GET',
        url: `/identity/${TEST_POOL_ID}/.well-known/jwks.json`,
      });
      expect((jwks.json() as { keys: { kid: string }[] }).keys.map((key) => key.kid)).toContain(
        kid,
      );
    } finally {
      await other.close();
    }
  });

  it('queues the insights consistency check of one organization, or of every one with insights and awards, to run now', async () => {
    const db = t.database.handle.db;
    const organization = await createOrganization(db, { name: 'Northwind Technical College' });
    const without = await createOrganization(db, { name: 'Quiet College' });
    const credentialId = await createCredential(db, organization.id, {
      code: 'W1',
      name: 'Welding',
    });
    const at = new Date().toISOString();
    await db
      .insertInto('awards')
      .values({
        organizationId: organization.id,
        credentialId,
        externalId: 'CHECK-1',
        firstName: 'Test',
        lastName: 'Graduate',
        email: null,
        dateOfBirth: null,
        awardDate: '2020-06-15',
        awardYear: 2020,
        uploadId: null,
        matchStatus: 'NOT_MATCHED',
        matchProvider: 'EQUIFAX_TWN',
        matchedAt: null,
        createdAt: at,
        updatedAt: at,
      })
      .execute();

    const one = run('check-insights', '--organization', String(organization.id));
    expect(one.status, one.stderr).toBe(0);
    expect(one.stdout).toContain('The insights check of Northwind Technical College is queued');
    const queued = await db
      .selectFrom('jobs')
      .select(['organizationId', 'status'])
      .where('type', '=', 'check-insights')
      .where('organizationId', 'in', [organization.id, without.id])
      .execute();
    expect(queued).toEqual([{ organizationId: organization.id, status: 'QUEUED' }]);

    const none = run('check-insights', '--organization', String(without.id));
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('Quiet College has no insights to check');
    expect(run('check-insights', '--email', 'a@b.edu').status).toBe(2);

    // Every organization with insights and awards; Northwind's is covered by its job of the day.
    const all = run('check-insights');
    expect(all.status, all.stderr).toBe(0);
    expect(all.stdout).toMatch(/^The insights checks? of \d+ organizations? (is|are) queued/);
    const ofNorthwind = await db
      .selectFrom('jobs')
      .select('id')
      .where('type', '=', 'check-insights')
      .where('organizationId', '=', organization.id)
      .execute();
    expect(ofNorthwind).toHaveLength(1);
  }, 120_000);

  it('queues a full rebuild of one organization’s insights, its stored blocks forgotten', async () => {
    const db = t.database.handle.db;
    const organization = await createOrganization(db, { name: 'Harbor Institute' });
    await db
      .insertInto('insightBlocks')
      .values({
        organizationId: organization.id,
        block: 0,
        version: 0,
        basis: '{}',
        awards: 0,
        cells: '[]',
        wages: Buffer.alloc(0),
      })
      .execute();
    const rebuilt = run('rebuild-insights', '--organization', String(organization.id));
    expect(rebuilt.status, rebuilt.stderr).toBe(0);
    expect(rebuilt.stdout).toContain(
      'A full rebuild of the insights of Harbor Institute is queued',
    );
    expect(
      await db
        .selectFrom('insightBlocks')
        .where('organizationId', '=', organization.id)
        .select('block')
        .execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('jobs')
        .select('status')
        .where('type', '=', 'rebuild-insights')
        .where('organizationId', '=', organization.id)
        .execute(),
    ).toEqual([{ status: 'QUEUED' }]);
    expect(run('rebuild-insights').status).toBe(2);
    const unknown = run('rebuild-insights', '--organization', '999999');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No organization has the id 999999.');
  }, 120_000);

  it('stops with a message naming SECRET_KEY when the key does not match the database', () => {
    const result = spawnSync(process.execPath, [CLI, 'reset-mfa', '--email', 'mfa@lakeside.edu'], {
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        ...process.env,
        DATABASE_URL: t.database.url,
        DEMO_MODE: 'false',
        SECRET_KEY: 'another-secret-key-0123456789abcdef0123456789',
        COGNITO_POOL_ID: TEST_POOL_ID,
        COGNITO_CLIENT_ID: TEST_CLIENT_ID,
        LOG_LEVEL: 'silent',
      },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'Invalid configuration: SECRET_KEY does not match this database',
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('npm run admin with AWS Cognito', () => {
  it('creates the platform admin through AdminCreateUser with its own temporary password, suppressed e-mail and the Admins group', async () => {
    const t = await createTestApp('sqlite', { env: { DEMO_MODE: 'false', SECRET_KEY } });
    try {
      const sent: Array<{ name: string; input: Record<string, unknown> }> = [];
      const identity = createCognitoIdentityAdmin({
        poolId: 'eu-west-1_AbC123',
        client: {
          async send(command: object) {
            const name = command.constructor.name;
            sent.push({ name, input: (command as { input: Record<string, unknown> }).input });
            if (name === 'AdminCreateUserCommand') return { User: { Username: 'cognito-uuid-1' } };
            if (name === 'ListUsersCommand') return { Users: [] };
            return {};
          },
        },
      });
      const commands = createAdminCommands({
        db: t.database.handle.db,
        identity,
        identityMode: 'cognito',
        demoMode: false,
        publicUrl: TEST_PUBLIC_URL,
      });
      const created = await commands.createPlatformAdmin({ email: 'ops@lakeside.edu' });
      const names = sent.map((command) => command.name);
      expect(names).toContain('AdminCreateUserCommand');
      expect(names).toContain('AdminAddUserToGroupCommand');
      const create = sent.find((command) => command.name === 'AdminCreateUserCommand')!;
      expect(create.input).toMatchObject({
        UserPoolId: 'eu-west-1_AbC123',
        Username: 'ops@lakeside.edu',
        MessageAction: 'SUPPRESS',
        TemporaryPassword: created.temporaryPassword,
      });
      expect(
        sent.find((command) => command.name === 'AdminAddUserToGroupCommand')!.input,
      ).toMatchObject({
        Username: 'cognito-uuid-1',
        GroupName: 'Admins',
      });

      sent.length = 0;
      await commands.disableUser({ email: 'ops@lakeside.edu' });
      expect(sent.map((command) => command.name)).toEqual([
        'AdminDisableUserCommand',
        'AdminUserGlobalSignOutCommand',
      ]);
      expect(sent[0]!.input).toEqual({
        UserPoolId: 'eu-west-1_AbC123',
        Username: 'cognito-uuid-1',
      });

      sent.length = 0;
      await commands.enableUser({ email: 'ops@lakeside.edu' });
      expect(sent).toEqual([
        {
          name: 'AdminEnableUserCommand',
          input: { UserPoolId: 'eu-west-1_AbC123', Username: 'cognito-uuid-1' },
        },
      ]);

      sent.length = 0;
      await commands.resetMfa({ email: 'ops@lakeside.edu' });
      expect(sent).toEqual([
        {
          name: 'AdminSetUserMFAPreferenceCommand',
          input: {
            UserPoolId: 'eu-west-1_AbC123',
            Username: 'cognito-uuid-1',
            SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
          },
        },
      ]);
      // Each change is on the audit trail, as made from the command line.
      const summaries = await t.database.handle.db
        .selectFrom('auditEntries')
        .select('summary')
        .where('summary', 'like', '%ops@lakeside.edu%')
        .orderBy('id')
        .execute();
      expect(summaries.map((row) => row.summary)).toEqual([
        'Created platform admin ops@lakeside.edu (from the command line)',
        'Deactivated ops@lakeside.edu (from the command line)',
        'Activated ops@lakeside.edu (from the command line)',
        'Reset two-step verification of ops@lakeside.edu (from the command line)',
      ]);
    } finally {
      await t.close();
    }
  });

  it('refuses rotate-signing-key: AWS Cognito rotates its own keys', async () => {
    const t = await createTestApp('sqlite', { env: { DEMO_MODE: 'false', SECRET_KEY } });
    try {
      // The embedded pool's keys (its own tables, read here as SQL).
      const keys = async () =>
        (
          await sql<{ kid: string }>`select kid from identity_signing_keys order by kid`.execute(
            t.database.handle.db,
          )
        ).rows;
      const keysBefore = await keys();
      const result = spawnSync(process.execPath, [CLI, 'rotate-signing-key'], {
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          ...process.env,
          DATABASE_URL: t.database.url,
          DEMO_MODE: 'false',
          IDENTITY: 'cognito',
          COGNITO_POOL_ID: 'eu-west-1_AbC123',
          COGNITO_CLIENT_ID: 'cognito-client-id',
          COGNITO_REGION: 'eu-west-1',
          PUBLIC_URL: TEST_PUBLIC_URL,
          LOG_LEVEL: 'silent',
        },
      });
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr).toContain(
        'AWS Cognito signs its own tokens and rotates its keys itself: nothing to rotate here.',
      );
      expect(result.stderr).not.toMatch(/\n\s+at /);
      // Nothing changed in the embedded pool's keys either.
      expect(await keys()).toEqual(keysBefore);
    } finally {
      await t.close();
    }
  });
});
