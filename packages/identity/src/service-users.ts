/** The embedded pool's users: finding them, their passwords, lockout and devices. */
import { timingSafeEqual } from 'node:crypto';
import { IdentityError, MESSAGES, notAuthorized } from './errors.ts';
import { type PasswordAction, passwordProblem } from './password-policy.ts';
import type { DeviceRecord, UserRecord } from './repository.ts';
import { computeVerifier, randomSaltHex } from './srp.ts';
import type { Pool } from './pool.ts';
import type { Events } from './service-events.ts';
import type { Output } from './types.ts';

const USERNAME_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type Users = ReturnType<typeof createUsers>;

export function createUsers(pool: Pool, events: Events) {
  /** The user a password flow names; users of company sign-in have no password and count as unknown. */
  async function findUser(login: string): Promise<UserRecord | undefined> {
    const trimmed = login.trim();
    let user: UserRecord | undefined;
    if (trimmed.includes('@')) user = await pool.repo.findUserByEmail(trimmed.toLowerCase());
    else if (USERNAME_PATTERN.test(trimmed.toLowerCase()))
      user = await pool.repo.findUserByUsername(trimmed.toLowerCase());
    if (!user || user.status === 'EXTERNAL_PROVIDER') return undefined;
    events.concerns(user.username);
    return user;
  }

  async function requireUser(username: string): Promise<UserRecord> {
    const user = await pool.repo.findUserByUsername(username);
    if (!user) throw new IdentityError('UserNotFoundException', MESSAGES.userDoesNotExist);
    events.concerns(user.username);
    return user;
  }

  function assertCanSignIn(user: UserRecord): void {
    if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
    if (user.lockedUntil !== null && user.lockedUntil > pool.now())
      throw notAuthorized(MESSAGES.attemptsExceeded);
    if (user.status === 'RESET_REQUIRED')
      throw new IdentityError('PasswordResetRequiredException', MESSAGES.passwordResetRequired);
  }

  async function recordFailedPassword(user: UserRecord): Promise<never> {
    const count = await pool.repo.incrementFailedAttempts(user.username, pool.now());
    if (count >= pool.limits.lockoutThreshold) {
      const delay = Math.min(
        pool.limits.lockoutMaxMs,
        pool.limits.lockoutBaseMs * 2 ** (count - pool.limits.lockoutThreshold),
      );
      await pool.repo.updateUser(user.username, { lockedUntil: pool.now() + delay }, pool.now());
    }
    throw notAuthorized(MESSAGES.incorrectCredentials);
  }

  async function recordPasswordSuccess(user: UserRecord): Promise<void> {
    if (user.failedAttempts !== 0 || user.lockedUntil !== null) {
      await pool.repo.updateUser(
        user.username,
        { failedAttempts: 0, lockedUntil: null },
        pool.now(),
      );
    }
  }

  /** Refuses a password the policy does not allow, in the words of the action setting it. */
  function assertPolicy(password: string, action: PasswordAction): void {
    const problem = passwordProblem(password, action, pool.policy);
    if (problem) throw new IdentityError('InvalidPasswordException', problem);
  }

  function passwordFields(
    username: string,
    password: string,
  ): { srpSalt: string; srpVerifier: string; passwordSetAt: number } {
    const srpSalt = randomSaltHex();
    return {
      srpSalt,
      srpVerifier: computeVerifier(pool.poolName!, username, password, srpSalt),
      passwordSetAt: pool.now(),
    };
  }

  function passwordMatches(user: UserRecord, password: string): boolean {
    const candidate = Buffer.from(
      computeVerifier(pool.poolName!, user.username, password, user.srpSalt),
    );
    const stored = Buffer.from(user.srpVerifier);
    return candidate.length === stored.length && timingSafeEqual(candidate, stored);
  }

  async function requireDevice(deviceKey: string, username: string): Promise<DeviceRecord> {
    const device = await pool.repo.findDevice(deviceKey);
    if (!device || device.username !== username)
      throw new IdentityError('ResourceNotFoundException', MESSAGES.deviceNotFound);
    return device;
  }

  return {
    findUser,
    requireUser,
    assertCanSignIn,
    recordFailedPassword,
    recordPasswordSuccess,
    assertPolicy,
    passwordFields,
    passwordMatches,
    requireDevice,
  };
}

/** `UserMFASettingList` and `PreferredMfaSetting` as GetUser and GetUserAuthFactors answer them. */
export function mfaSettings(user: UserRecord): Output {
  return {
    ...(user.totpEnabled || user.emailMfaEnabled
      ? {
          UserMFASettingList: [
            ...(user.totpEnabled ? ['SOFTWARE_TOKEN_MFA'] : []),
            ...(user.emailMfaEnabled ? ['EMAIL_OTP'] : []),
          ],
        }
      : {}),
    ...(user.totpEnabled && user.totpPreferred
      ? { PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' }
      : user.emailMfaEnabled && user.emailMfaPreferred
        ? { PreferredMfaSetting: 'EMAIL_OTP' }
        : {}),
  };
}
