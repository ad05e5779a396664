import type { Kysely } from 'kysely';

import type {
  IdentityEvent,
  RenewalFailureReason,
  SignInFailureReason,
  SignInMethod,
} from '@laurel/identity';

import type { Database } from '../../db/schema.ts';
import { validAddress } from '../../lib/actor.ts';
import { type AuditTypeCode, type NewAuditEntry, SESSION_RESOURCE } from '../../lib/audit.ts';
import type { AuditsRepository } from './audits.repository.ts';

const FAILURE_REASONS: Record<SignInFailureReason, string> = {
  incorrect_credentials: 'wrong password',
  user_disabled: 'the account is deactivated',
  locked_out: 'too many wrong passwords, locked for a while',
  password_reset_required: 'a password reset is required',
  temporary_password_expired: 'the temporary password has expired',
  session_expired: 'the sign-in took too long',
  wrong_code: 'wrong or expired code',
  invalid_new_password: 'the new password does not meet the rules',
  rate_limited: 'too many attempts',
  invalid_request: 'the request was not valid',
  company_refused: "refused by the company's sign-in",
  passkey_refused: 'the passkey was not accepted',
  error: 'an error',
};

const RENEWAL_REASONS: Record<RenewalFailureReason, string> = {
  revoked: 'it was signed out',
  expired: 'it has expired',
  user_disabled: 'the account is deactivated',
};

const METHODS: Record<SignInMethod, string> = {
  password: 'e-mail and password',
  email_code: 'a code e-mailed to them',
  passkey: 'a passkey',
  company: 'company sign-in (SSO)',
};

const PROTOCOLS = { SAML: 'SAML 2.0', OIDC: 'OpenID Connect' } as const;

/** What an account event says in the audit trail: its type, resource and summary. */
function describe(
  event: IdentityEvent,
  person: { id: number; email: string; companyProtocol: 'SAML' | 'OIDC' | null },
): Pick<NewAuditEntry, 'typeCode' | 'resourceType' | 'resourceId' | 'summary'> {
  const user = { resourceType: 'user', resourceId: String(person.id) };
  const email = person.email;
  // A company sign-in says which protocol the organization's provider speaks.
  const how = (method: SignInMethod) =>
    method === 'company' && person.companyProtocol
      ? `company sign-in (SSO, ${PROTOCOLS[person.companyProtocol]})`
      : METHODS[method];
  const entry = (typeCode: AuditTypeCode, on: typeof user, summary: string) => ({
    typeCode,
    ...on,
    summary,
  });
  switch (event.type) {
    case 'SIGN_IN':
      return entry(
        'SIGN_IN',
        { resourceType: SESSION_RESOURCE, resourceId: event.sessionId },
        `${email} signed in with ${how(event.method)}`,
      );
    case 'SIGN_IN_FAILED':
      return entry(
        'SIGN_IN_FAILED',
        user,
        `Sign-in of ${email} with ${how(event.method)} refused: ${FAILURE_REASONS[event.reason]}`,
      );
    case 'SIGN_OUT':
      return entry(
        'SIGN_OUT',
        { resourceType: SESSION_RESOURCE, resourceId: event.sessionId },
        event.everywhere ? `${email} signed out on every device` : `${email} signed out`,
      );
    case 'SESSION_RENEWAL_FAILED':
      return entry(
        'SESSION_RENEWAL_FAILED',
        { resourceType: SESSION_RESOURCE, resourceId: event.sessionId },
        `The session of ${email} could not be renewed: ${RENEWAL_REASONS[event.reason]}`,
      );
    case 'PASSWORD_CHANGE':
      return entry(
        'PASSWORD_CHANGE',
        user,
        event.firstPassword
          ? `${email} chose their password at their first sign-in`
          : `${email} changed their password`,
      );
    case 'PASSWORD_RESET':
      return entry(
        'PASSWORD_RESET',
        user,
        event.step === 'code_sent'
          ? `${email} asked for a password reset code`
          : `${email} reset their password with an e-mailed code and was signed out everywhere`,
      );
    case 'MFA_SET_UP':
      return entry(
        'MFA_SET_UP',
        user,
        event.replaced
          ? `${email} replaced their authenticator app`
          : `${email} set up an authenticator app${event.duringSignIn ? ' at sign-in' : ''}`,
      );
    case 'MFA_REMOVED':
      return entry('MFA_REMOVED', user, `${email} turned off their authenticator app`);
    case 'EMAIL_MFA_CHANGED':
      return event.enabled
        ? entry('MFA_SET_UP', user, `${email} turned on codes by e-mail as their second step`)
        : entry('MFA_REMOVED', user, `${email} turned off codes by e-mail as their second step`);
    case 'PASSKEY_ADDED':
      return entry(
        'PASSKEY_ADDED',
        user,
        `${email} added a passkey${event.name ? ` (${event.name})` : ''}`,
      );
    case 'PASSKEY_REMOVED':
      return entry(
        'PASSKEY_REMOVED',
        user,
        `${email} removed a passkey${event.name ? ` (${event.name})` : ''}`,
      );
  }
}

/**
 * The one way account events reach the audit trail. The embedded pool tells them through its
 * event hook (inside the transaction of the change); the API tells the ones it sees itself (the
 * sign-in the web app reports after DONE, company sign-in's callback, sign-out), which is all it
 * learns with AWS Cognito. An entry about a session is written once whoever tells it first, so a
 * sign-in told by both is one entry. Events of identities without a Laurel user are not recorded.
 */
export function createAccountEventRecorder(audits: AuditsRepository) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the pool hands its executor over untyped
  return async (event: IdentityEvent, executor: Kysely<any>): Promise<void> => {
    const db = executor as Kysely<Database>;
    const person = await audits.personOfIdentity(db, event.username);
    if (!person) return;
    await audits.insert(db, {
      actorUserId: person.id,
      organizationId: person.organizationId,
      impersonating: false,
      ...describe(event, person),
      ipAddress: validAddress(event.origin.ip),
      requestId: event.origin.requestId ?? null,
    });
  };
}
export type AccountEventRecorder = ReturnType<typeof createAccountEventRecorder>;
