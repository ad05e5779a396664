/** The embedded pool's codes: reset and sign-in codes, kept as HMACs, and e-mailed sign-in codes. */
import { createHmac, randomInt } from 'node:crypto';
import type { UserRecord } from './repository.ts';
import type { Pool } from './pool.ts';
import type { AuthSessions } from './service-sessions.ts';
import type { Guards } from './service-guards.ts';
import type { Output } from './types.ts';

/** E-mailed sign-in codes: eight digits, valid three minutes. */
const EMAIL_CODE_TTL_MS = 3 * 60_000;

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

export type Codes = ReturnType<typeof createCodes>;

export function createCodes(pool: Pool, guards: Guards, sessions: AuthSessions) {
  const hashCode = (username: string, code: string): string =>
    createHmac('sha256', pool.codeKey).update(`${username}:${code}`).digest('hex');

  /** E-mails an eight-digit sign-in code and answers with the EMAIL_OTP challenge. */
  async function sendSignInCode(user: UserRecord, state: Record<string, unknown>): Promise<Output> {
    await guards.rateLimit(
      `email-code:${user.username}`,
      pool.limits.emailCodesPerUserPerHour,
      3600_000,
      'LimitExceededException',
    );
    const code = String(randomInt(0, 100_000_000)).padStart(8, '0');
    // The session outlives its code by a minute, so that a late code is told as expired.
    const session = await sessions.createAuthSession(
      user.username,
      'EMAIL_OTP',
      {
        ...state,
        codeHash: hashCode(user.username, `sign-in:${code}`),
        codeExpiresAt: pool.now() + EMAIL_CODE_TTL_MS,
      },
      Math.max(pool.authSessionTtlMs, EMAIL_CODE_TTL_MS + 60_000),
    );
    await pool.options.sendEmail({
      to: user.email,
      subject: 'Your sign-in code',
      text: `Your sign-in code is ${code}. It expires in 3 minutes and works once. If you did not try to sign in, ignore this message.`,
      html: `<p>Your sign-in code is <strong>${code}</strong>.</p><p>It expires in 3 minutes and works once. If you did not try to sign in, ignore this message.</p>`,
      template: { name: 'sign-in-code', code, expiresInMinutes: 3 },
    });
    return {
      ChallengeName: 'EMAIL_OTP',
      Session: session,
      ChallengeParameters: {
        CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
        CODE_DELIVERY_DESTINATION: maskEmail(user.email),
      },
    };
  }

  return { hashCode, sendSignInCode };
}
