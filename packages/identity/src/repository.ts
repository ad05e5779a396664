/** Every query of the identity service. Rows are mapped to plain records before they leave. */
import { CamelCasePlugin, type Compilable, type CompiledQuery, type Kysely } from 'kysely';

interface UsersTable {
  username: string;
  email: string;
  emailVerified: number;
  enabled: number;
  status: string;
  srpSalt: string;
  srpVerifier: string;
  passwordSetAt: number | string;
  groups: string;
  attributes: string;
  mfaRequired: number;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpEnabled: number;
  totpPreferred: number;
  totpLastStep: number | string | null;
  totpDeviceName: string | null;
  emailMfaEnabled: number;
  emailMfaPreferred: number;
  failedAttempts: number;
  lockedUntil: number | string | null;
  createdAt: number | string;
  updatedAt: number | string;
}

interface SessionsTable {
  originJti: string;
  username: string;
  clientId: string;
  refreshTokenHash: string;
  deviceKey: string | null;
  authTime: number | string;
  createdAt: number | string;
  expiresAt: number | string;
  revokedAt: number | string | null;
}

interface AuthSessionsTable {
  idHash: string;
  username: string;
  step: string;
  state: string;
  attempts: number;
  expiresAt: number | string;
}

interface DevicesTable {
  deviceKey: string;
  username: string;
  deviceGroupKey: string;
  srpSalt: string | null;
  srpVerifier: string | null;
  name: string | null;
  confirmed: number;
  remembered: number;
  createdAt: number | string;
  lastUsedAt: number | string;
}

interface ResetCodesTable {
  username: string;
  codeHash: string;
  attempts: number;
  createdAt: number | string;
  expiresAt: number | string;
}

interface WebAuthnCredentialsTable {
  credentialId: string;
  username: string;
  publicKey: string;
  signCount: number | string;
  transports: string;
  attachment: string | null;
  friendlyName: string | null;
  relyingPartyId: string;
  createdAt: number | string;
  lastUsedAt: number | string | null;
}

interface SigningKeysTable {
  kid: string;
  publicJwk: string;
  privateKey: string;
  createdAt: number | string;
  retiredAt: number | string | null;
}

interface IdentityDatabase {
  identityUsers: UsersTable;
  identitySessions: SessionsTable;
  identityAuthSessions: AuthSessionsTable;
  identityDevices: DevicesTable;
  identityResetCodes: ResetCodesTable;
  identitySigningKeys: SigningKeysTable;
  identityWebauthnCredentials: WebAuthnCredentialsTable;
}

/** `EXTERNAL_PROVIDER`: signs in only through a company provider (no usable password), as Cognito. */
export type UserStatus =
  'CONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'RESET_REQUIRED' | 'EXTERNAL_PROVIDER';

export interface UserRecord {
  username: string;
  email: string;
  emailVerified: boolean;
  enabled: boolean;
  status: UserStatus;
  srpSalt: string;
  srpVerifier: string;
  passwordSetAt: number;
  groups: string[];
  attributes: Record<string, string>;
  mfaRequired: boolean;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpEnabled: boolean;
  totpPreferred: boolean;
  totpLastStep: number | null;
  /** The name given to the authenticator app when it was verified. */
  totpDeviceName: string | null;
  emailMfaEnabled: boolean;
  emailMfaPreferred: boolean;
  failedAttempts: number;
  lockedUntil: number | null;
  createdAt: number;
}

export interface WebAuthnCredentialRecord {
  /** base64url, as the authenticator gave it. */
  credentialId: string;
  username: string;
  /** COSE public key, base64url. */
  publicKey: string;
  signCount: number;
  transports: string[];
  attachment: string | null;
  friendlyName: string | null;
  relyingPartyId: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface SessionRecord {
  originJti: string;
  username: string;
  clientId: string;
  deviceKey: string | null;
  authTime: number;
  expiresAt: number;
  revokedAt: number | null;
}

export interface AuthSessionRecord {
  username: string;
  step: string;
  state: Record<string, unknown>;
  attempts: number;
  expiresAt: number;
}

export interface DeviceRecord {
  deviceKey: string;
  username: string;
  deviceGroupKey: string;
  srpSalt: string | null;
  srpVerifier: string | null;
  name: string | null;
  confirmed: boolean;
  remembered: boolean;
  createdAt: number;
  lastUsedAt: number;
}

export interface SigningKeyRecord {
  kid: string;
  publicJwk: string;
  privateKey: string;
  createdAt: number;
}

const num = (value: number | string) => Number(value);
const optNum = (value: number | string | null) => (value === null ? null : Number(value));
const flag = (value: boolean) => (value ? 1 : 0);

function toUser(row: UsersTable): UserRecord {
  return {
    username: row.username,
    email: row.email,
    emailVerified: Boolean(row.emailVerified),
    enabled: Boolean(row.enabled),
    status: row.status as UserStatus,
    srpSalt: row.srpSalt,
    srpVerifier: row.srpVerifier,
    passwordSetAt: num(row.passwordSetAt),
    groups: JSON.parse(row.groups) as string[],
    attributes: JSON.parse(row.attributes) as Record<string, string>,
    mfaRequired: Boolean(row.mfaRequired),
    totpSecret: row.totpSecret,
    totpPendingSecret: row.totpPendingSecret,
    totpEnabled: Boolean(row.totpEnabled),
    totpPreferred: Boolean(row.totpPreferred),
    totpLastStep: optNum(row.totpLastStep),
    totpDeviceName: row.totpDeviceName,
    emailMfaEnabled: Boolean(row.emailMfaEnabled),
    emailMfaPreferred: Boolean(row.emailMfaPreferred),
    failedAttempts: row.failedAttempts,
    lockedUntil: optNum(row.lockedUntil),
    createdAt: num(row.createdAt),
  };
}

function toCredential(row: WebAuthnCredentialsTable): WebAuthnCredentialRecord {
  return {
    credentialId: row.credentialId,
    username: row.username,
    publicKey: row.publicKey,
    signCount: num(row.signCount),
    transports: JSON.parse(row.transports) as string[],
    attachment: row.attachment,
    friendlyName: row.friendlyName,
    relyingPartyId: row.relyingPartyId,
    createdAt: num(row.createdAt),
    lastUsedAt: optNum(row.lastUsedAt),
  };
}

function toDevice(row: DevicesTable): DeviceRecord {
  return {
    deviceKey: row.deviceKey,
    username: row.username,
    deviceGroupKey: row.deviceGroupKey,
    srpSalt: row.srpSalt,
    srpVerifier: row.srpVerifier,
    name: row.name,
    confirmed: Boolean(row.confirmed),
    remembered: Boolean(row.remembered),
    createdAt: num(row.createdAt),
    lastUsedAt: num(row.lastUsedAt),
  };
}

export interface NewUser {
  username: string;
  email: string;
  status: UserStatus;
  srpSalt: string;
  srpVerifier: string;
  groups: string[];
  attributes: Record<string, string>;
  mfaRequired: boolean;
  now: number;
}

export interface UserChanges {
  enabled?: boolean;
  status?: UserStatus;
  srpSalt?: string;
  srpVerifier?: string;
  passwordSetAt?: number;
  groups?: string[];
  attributes?: Record<string, string>;
  mfaRequired?: boolean;
  totpSecret?: string | null;
  totpPendingSecret?: string | null;
  totpEnabled?: boolean;
  totpPreferred?: boolean;
  totpLastStep?: number | null;
  totpDeviceName?: string | null;
  emailMfaEnabled?: boolean;
  emailMfaPreferred?: boolean;
  failedAttempts?: number;
  lockedUntil?: number | null;
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;

/** A sign-in session as its table stores it. */
function authSessionRow(idHash: string, session: AuthSessionRecord) {
  return {
    idHash,
    username: session.username,
    step: session.step,
    state: JSON.stringify(session.state),
    attempts: session.attempts,
    expiresAt: session.expiresAt,
  };
}

/**
 * A query of the sign-in path built and compiled once, then run with new values: Kysely builds,
 * transforms (CamelCasePlugin) and compiles a query every time it runs one, which costs more than
 * SQLite's own work for these lookups. `build` is called once with stand-ins for the arguments;
 * every argument must become a parameter (else every call builds the query as before). The
 * SQL text is the same as before, so the database's prepared statement is reused too.
 */
export function reusableQuery<A extends unknown[], R>(
  executor: Pick<Kysely<unknown>, 'executeQuery'>,
  build: (...args: A) => Compilable<R>,
  arity: A['length'],
): (...args: A) => Promise<R[]> {
  let compiled: { query: CompiledQuery<R>; positions: number[] } | null | undefined;
  return async (...args) => {
    if (compiled === undefined) {
      const standIns = Array.from({ length: arity }, (_, i) => `\u0000laurel-stand-in-${i}`);
      const query = build(...(standIns as A)).compile();
      // Each parameter is an argument's stand-in (its position) or a constant of the query (-1).
      const positions = query.parameters.map((value) => standIns.indexOf(value as string));
      const usesEveryArgument = standIns.every((_, i) => positions.includes(i));
      const strayStandIn = query.parameters.some(
        (value, i) => positions[i] === -1 && String(value).includes('laurel-stand-in'),
      );
      compiled = usesEveryArgument && !strayStandIn ? { query, positions } : null;
    }
    const reused = compiled;
    const query =
      reused === null
        ? build(...args)
        : {
            ...reused.query,
            parameters: reused.positions.map((i, at) =>
              i === -1 ? reused.query.parameters[at] : args[i],
            ),
          };
    return (await executor.executeQuery(query)).rows;
  };
}

/**
 * @param database any Kysely instance; the repository adds its own CamelCasePlugin (idempotent
 *   when the caller's instance already has one) so the snake_case schema reads as camelCase.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app schema: the identity tables are typed below
export function createIdentityRepository(database: Kysely<any>) {
  const db = database.withPlugin(new CamelCasePlugin()) as unknown as Kysely<IdentityDatabase>;
  // The queries every sign-in runs (limit 1 as `executeTakeFirst` adds none: the columns are unique).
  const userByUsername = reusableQuery(
    db,
    (username: string) =>
      db.selectFrom('identityUsers').selectAll().where('username', '=', username),
    1,
  );
  const userByEmail = reusableQuery(
    db,
    (email: string) => db.selectFrom('identityUsers').selectAll().where('email', '=', email),
    1,
  );
  const insertSession = reusableQuery(
    db,
    (
      originJti: string,
      username: string,
      clientId: string,
      refreshTokenHash: string,
      deviceKey: string | null,
      authTime: number,
      now: number,
      expiresAt: number,
    ) =>
      db.insertInto('identitySessions').values({
        originJti,
        username,
        clientId,
        refreshTokenHash,
        deviceKey,
        authTime,
        createdAt: now,
        expiresAt,
        revokedAt: null,
      }),
    8,
  );

  return {
    db,

    async findUserByUsername(username: string): Promise<UserRecord | undefined> {
      const [row] = await userByUsername(username);
      return row && toUser(row);
    },

    async findUserByEmail(email: string): Promise<UserRecord | undefined> {
      const [row] = await userByEmail(email);
      return row && toUser(row);
    },

    async insertUser(user: NewUser): Promise<void> {
      await db
        .insertInto('identityUsers')
        .values({
          username: user.username,
          email: user.email,
          emailVerified: 1,
          enabled: 1,
          status: user.status,
          srpSalt: user.srpSalt,
          srpVerifier: user.srpVerifier,
          passwordSetAt: user.now,
          groups: JSON.stringify(user.groups),
          attributes: JSON.stringify(user.attributes),
          mfaRequired: flag(user.mfaRequired),
          totpSecret: null,
          totpPendingSecret: null,
          totpEnabled: 0,
          totpPreferred: 0,
          totpLastStep: null,
          totpDeviceName: null,
          emailMfaEnabled: 0,
          emailMfaPreferred: 0,
          failedAttempts: 0,
          lockedUntil: null,
          createdAt: user.now,
          updatedAt: user.now,
        })
        .execute();
    },

    async deleteUser(username: string): Promise<void> {
      // Foreign keys cascade on PostgreSQL; SQLite enforces them only when the app turned them on.
      for (const table of [
        'identitySessions',
        'identityAuthSessions',
        'identityDevices',
        'identityResetCodes',
        'identityWebauthnCredentials',
      ] as const) {
        await db.deleteFrom(table).where('username', '=', username).execute();
      }
      await (db as unknown as Kysely<{ identityOauthCodes: { username: string } }>)
        .deleteFrom('identityOauthCodes')
        .where('username', '=', username)
        .execute();
      await db.deleteFrom('identityUsers').where('username', '=', username).execute();
    },

    async updateUser(username: string, changes: UserChanges, now: number): Promise<void> {
      const values: Partial<UsersTable> = { updatedAt: now };
      if (changes.enabled !== undefined) values.enabled = flag(changes.enabled);
      if (changes.status !== undefined) values.status = changes.status;
      if (changes.srpSalt !== undefined) values.srpSalt = changes.srpSalt;
      if (changes.srpVerifier !== undefined) values.srpVerifier = changes.srpVerifier;
      if (changes.passwordSetAt !== undefined) values.passwordSetAt = changes.passwordSetAt;
      if (changes.groups !== undefined) values.groups = JSON.stringify(changes.groups);
      if (changes.attributes !== undefined) values.attributes = JSON.stringify(changes.attributes);
      if (changes.mfaRequired !== undefined) values.mfaRequired = flag(changes.mfaRequired);
      if (changes.totpSecret !== undefined) values.totpSecret = changes.totpSecret;
      if (changes.totpPendingSecret !== undefined)
        values.totpPendingSecret = changes.totpPendingSecret;
      if (changes.totpEnabled !== undefined) values.totpEnabled = flag(changes.totpEnabled);
      if (changes.totpPreferred !== undefined) values.totpPreferred = flag(changes.totpPreferred);
      if (changes.totpLastStep !== undefined) values.totpLastStep = changes.totpLastStep;
      if (changes.totpDeviceName !== undefined) values.totpDeviceName = changes.totpDeviceName;
      if (changes.emailMfaEnabled !== undefined)
        values.emailMfaEnabled = flag(changes.emailMfaEnabled);
      if (changes.emailMfaPreferred !== undefined)
        values.emailMfaPreferred = flag(changes.emailMfaPreferred);
      if (changes.failedAttempts !== undefined) values.failedAttempts = changes.failedAttempts;
      if (changes.lockedUntil !== undefined) values.lockedUntil = changes.lockedUntil;
      await db.updateTable('identityUsers').set(values).where('username', '=', username).execute();
    },

    /**
     * Records a TOTP step as used unless it (or a later one) already was: true when this call won,
     * so two concurrent submissions of one code cannot both succeed.
     */
    async claimTotpStep(username: string, step: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('identityUsers')
        .set({ totpLastStep: step, updatedAt: now })
        .where('username', '=', username)
        .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Adds one failed password attempt and returns the new count. */
    async incrementFailedAttempts(username: string, now: number): Promise<number> {
      await db
        .updateTable('identityUsers')
        .set((eb) => ({ failedAttempts: eb('failedAttempts', '+', 1), updatedAt: now }))
        .where('username', '=', username)
        .execute();
      const row = await db
        .selectFrom('identityUsers')
        .select('failedAttempts')
        .where('username', '=', username)
        .executeTakeFirst();
      return row?.failedAttempts ?? 0;
    },

    async insertSession(session: {
      originJti: string;
      username: string;
      clientId: string;
      refreshTokenHash: string;
      deviceKey: string | null;
      authTime: number;
      now: number;
      expiresAt: number;
    }): Promise<void> {
      await insertSession(
        session.originJti,
        session.username,
        session.clientId,
        session.refreshTokenHash,
        session.deviceKey,
        session.authTime,
        session.now,
        session.expiresAt,
      );
    },

    async findSessionByRefreshHash(refreshTokenHash: string): Promise<SessionRecord | undefined> {
      const row = await db
        .selectFrom('identitySessions')
        .select([
          'originJti',
          'username',
          'clientId',
          'deviceKey',
          'authTime',
          'expiresAt',
          'revokedAt',
        ])
        .where('refreshTokenHash', '=', refreshTokenHash)
        .executeTakeFirst();
      return (
        row && {
          ...row,
          authTime: num(row.authTime),
          expiresAt: num(row.expiresAt),
          revokedAt: optNum(row.revokedAt),
        }
      );
    },

    async findSession(originJti: string): Promise<SessionRecord | undefined> {
      const row = await db
        .selectFrom('identitySessions')
        .select([
          'originJti',
          'username',
          'clientId',
          'deviceKey',
          'authTime',
          'expiresAt',
          'revokedAt',
        ])
        .where('originJti', '=', originJti)
        .executeTakeFirst();
      return (
        row && {
          ...row,
          authTime: num(row.authTime),
          expiresAt: num(row.expiresAt),
          revokedAt: optNum(row.revokedAt),
        }
      );
    },

    async revokeSession(originJti: string, now: number): Promise<void> {
      await db
        .updateTable('identitySessions')
        .set({ revokedAt: now })
        .where('originJti', '=', originJti)
        .where('revokedAt', 'is', null)
        .execute();
    },

    async revokeUserSessions(username: string, now: number): Promise<string[]> {
      const rows = await db
        .updateTable('identitySessions')
        .set({ revokedAt: now })
        .where('username', '=', username)
        .where('revokedAt', 'is', null)
        .returning('originJti')
        .execute();
      return rows.map((row) => row.originJti);
    },

    async deleteExpired(now: number): Promise<void> {
      await db.deleteFrom('identityAuthSessions').where('expiresAt', '<', now).execute();
      await db.deleteFrom('identityResetCodes').where('expiresAt', '<', now).execute();
      // Keep revoked families until they would have expired anyway, so revocation stays visible.
      await db.deleteFrom('identitySessions').where('expiresAt', '<', now).execute();
    },

    async insertAuthSession(idHash: string, session: AuthSessionRecord): Promise<void> {
      await db.insertInto('identityAuthSessions').values(authSessionRow(idHash, session)).execute();
    },

    async findAuthSession(idHash: string): Promise<AuthSessionRecord | undefined> {
      const row = await db
        .selectFrom('identityAuthSessions')
        .selectAll()
        .where('idHash', '=', idHash)
        .executeTakeFirst();
      return (
        row && {
          username: row.username,
          step: row.step,
          state: JSON.parse(row.state) as Record<string, unknown>,
          attempts: row.attempts,
          expiresAt: num(row.expiresAt),
        }
      );
    },

    /** Deletes a sign-in session; true only for the one caller that removed it (single use). */
    async consumeAuthSession(idHash: string): Promise<boolean> {
      const result = await db
        .deleteFrom('identityAuthSessions')
        .where('idHash', '=', idHash)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async incrementAuthSessionAttempts(idHash: string): Promise<void> {
      await db
        .updateTable('identityAuthSessions')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('idHash', '=', idHash)
        .execute();
    },

    /** Replaces a sign-in session kept under a fixed key (one passkey registration per user). */
    async replaceAuthSession(idHash: string, session: AuthSessionRecord): Promise<void> {
      await db.deleteFrom('identityAuthSessions').where('idHash', '=', idHash).execute();
      await db.insertInto('identityAuthSessions').values(authSessionRow(idHash, session)).execute();
    },

    async insertWebAuthnCredential(credential: WebAuthnCredentialRecord): Promise<void> {
      await db
        .insertInto('identityWebauthnCredentials')
        .values({
          credentialId: credential.credentialId,
          username: credential.username,
          publicKey: credential.publicKey,
          signCount: credential.signCount,
          transports: JSON.stringify(credential.transports),
          attachment: credential.attachment,
          friendlyName: credential.friendlyName,
          relyingPartyId: credential.relyingPartyId,
          createdAt: credential.createdAt,
          lastUsedAt: credential.lastUsedAt,
        })
        .execute();
    },

    async findWebAuthnCredential(
      credentialId: string,
    ): Promise<WebAuthnCredentialRecord | undefined> {
      const row = await db
        .selectFrom('identityWebauthnCredentials')
        .selectAll()
        .where('credentialId', '=', credentialId)
        .executeTakeFirst();
      return row && toCredential(row);
    },

    /** The user's passkeys, oldest first. */
    async listWebAuthnCredentials(username: string): Promise<WebAuthnCredentialRecord[]> {
      const rows = await db
        .selectFrom('identityWebauthnCredentials')
        .selectAll()
        .where('username', '=', username)
        .orderBy('createdAt')
        .orderBy('credentialId')
        .execute();
      return rows.map(toCredential);
    },

    async countWebAuthnCredentials(username: string): Promise<number> {
      const row = await db
        .selectFrom('identityWebauthnCredentials')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * Records a verified assertion's counter unless another sign-in already moved it as far:
     * true when this call won, so one assertion cannot be used twice even concurrently.
     */
    async claimWebAuthnCounter(
      credentialId: string,
      previous: number,
      next: number,
      at: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('identityWebauthnCredentials')
        .set({ signCount: next, lastUsedAt: at })
        .where('credentialId', '=', credentialId)
        .where('signCount', '=', previous)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteWebAuthnCredential(credentialId: string, username: string): Promise<boolean> {
      const result = await db
        .deleteFrom('identityWebauthnCredentials')
        .where('credentialId', '=', credentialId)
        .where('username', '=', username)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async insertDevice(device: {
      deviceKey: string;
      username: string;
      deviceGroupKey: string;
      now: number;
    }): Promise<void> {
      await db
        .insertInto('identityDevices')
        .values({
          deviceKey: device.deviceKey,
          username: device.username,
          deviceGroupKey: device.deviceGroupKey,
          srpSalt: null,
          srpVerifier: null,
          name: null,
          confirmed: 0,
          remembered: 0,
          createdAt: device.now,
          lastUsedAt: device.now,
        })
        .execute();
    },

    async findDevice(deviceKey: string): Promise<DeviceRecord | undefined> {
      const row = await db
        .selectFrom('identityDevices')
        .selectAll()
        .where('deviceKey', '=', deviceKey)
        .executeTakeFirst();
      return row && toDevice(row);
    },

    async updateDevice(
      deviceKey: string,
      changes: {
        srpSalt?: string;
        srpVerifier?: string;
        name?: string | null;
        confirmed?: boolean;
        remembered?: boolean;
        lastUsedAt?: number;
      },
    ): Promise<void> {
      const values: Partial<DevicesTable> = {};
      if (changes.srpSalt !== undefined) values.srpSalt = changes.srpSalt;
      if (changes.srpVerifier !== undefined) values.srpVerifier = changes.srpVerifier;
      if (changes.name !== undefined) values.name = changes.name;
      if (changes.confirmed !== undefined) values.confirmed = flag(changes.confirmed);
      if (changes.remembered !== undefined) values.remembered = flag(changes.remembered);
      if (changes.lastUsedAt !== undefined) values.lastUsedAt = changes.lastUsedAt;
      if (Object.keys(values).length === 0) return;
      await db
        .updateTable('identityDevices')
        .set(values)
        .where('deviceKey', '=', deviceKey)
        .execute();
    },

    async deleteDevice(deviceKey: string): Promise<void> {
      await db.deleteFrom('identityDevices').where('deviceKey', '=', deviceKey).execute();
    },

    async listDevices(username: string): Promise<DeviceRecord[]> {
      const rows = await db
        .selectFrom('identityDevices')
        .selectAll()
        .where('username', '=', username)
        .orderBy('lastUsedAt', 'desc')
        .execute();
      return rows.map(toDevice);
    },

    async deleteUserDevices(username: string): Promise<void> {
      await db.deleteFrom('identityDevices').where('username', '=', username).execute();
    },

    async upsertResetCode(
      username: string,
      codeHash: string,
      now: number,
      expiresAt: number,
    ): Promise<void> {
      await db.deleteFrom('identityResetCodes').where('username', '=', username).execute();
      await db
        .insertInto('identityResetCodes')
        .values({ username, codeHash, attempts: 0, createdAt: now, expiresAt })
        .execute();
    },

    async findResetCode(
      username: string,
    ): Promise<{ codeHash: string; attempts: number; expiresAt: number } | undefined> {
      const row = await db
        .selectFrom('identityResetCodes')
        .select(['codeHash', 'attempts', 'expiresAt'])
        .where('username', '=', username)
        .executeTakeFirst();
      return (
        row && { codeHash: row.codeHash, attempts: row.attempts, expiresAt: num(row.expiresAt) }
      );
    },

    async incrementResetCodeAttempts(username: string): Promise<void> {
      await db
        .updateTable('identityResetCodes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('username', '=', username)
        .execute();
    },

    /** Removes the user's reset code; true only for the caller that removed it (single use). */
    async consumeResetCode(username: string, codeHash: string): Promise<boolean> {
      const result = await db
        .deleteFrom('identityResetCodes')
        .where('username', '=', username)
        .where('codeHash', '=', codeHash)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async deleteResetCode(username: string): Promise<void> {
      await db.deleteFrom('identityResetCodes').where('username', '=', username).execute();
    },

    async listSigningKeys(): Promise<SigningKeyRecord[]> {
      const rows = await db
        .selectFrom('identitySigningKeys')
        .select(['kid', 'publicJwk', 'privateKey', 'createdAt'])
        .where('retiredAt', 'is', null)
        .orderBy('createdAt', 'asc')
        .orderBy('kid', 'asc')
        .execute();
      return rows.map((row) => ({ ...row, createdAt: num(row.createdAt) }));
    },

    async insertSigningKey(key: SigningKeyRecord): Promise<void> {
      await db
        .insertInto('identitySigningKeys')
        .values({ ...key, retiredAt: null })
        .execute();
    },

    /** Stops publishing these keys (tokens they signed no longer verify). */
    async retireSigningKeys(kids: string[], at: number): Promise<void> {
      if (kids.length === 0) return;
      await db
        .updateTable('identitySigningKeys')
        .set({ retiredAt: at })
        .where('kid', 'in', kids)
        .execute();
    },
  };
}
