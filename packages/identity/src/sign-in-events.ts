import { IdentityError, MESSAGES } from './errors.ts';

/**
 * How a person signed in: a password at the pool (SRP or USER_PASSWORD_AUTH), a code e-mailed to
 * them, a passkey, or their company.
 */
export type SignInMethod = 'password' | 'email_code' | 'passkey' | 'company';

/** Why a sign-in did not end with tokens; a short, fixed list (safe as a metric label). */
export type SignInFailureReason =
  | 'incorrect_credentials'
  | 'user_disabled'
  | 'locked_out'
  | 'password_reset_required'
  | 'temporary_password_expired'
  | 'session_expired'
  | 'wrong_code'
  | 'invalid_new_password'
  | 'rate_limited'
  | 'invalid_request'
  | 'company_refused'
  | 'passkey_refused'
  | 'error';

export type SignInEvent =
  | { method: SignInMethod; outcome: 'success' }
  | { method: SignInMethod; outcome: 'failure'; reason: SignInFailureReason };

/**
 * Told when a sign-in ends: tokens issued, or the attempt refused. A challenge on the way (the SRP
 * verifier, a code from the authenticator app) is not an end. Called synchronously; what it
 * throws is ignored, so an observer can never break a sign-in.
 */
export type SignInObserver = (event: SignInEvent) => void;

/** The reason a pool error stands for. */
export function signInFailureReason(error: unknown): SignInFailureReason {
  if (!(error instanceof IdentityError)) return 'error';
  switch (error.type) {
    case 'NotAuthorizedException':
      switch (error.message) {
        case MESSAGES.incorrectCredentials:
          return 'incorrect_credentials';
        case MESSAGES.userDisabled:
          return 'user_disabled';
        case MESSAGES.attemptsExceeded:
          return 'locked_out';
        case MESSAGES.temporaryPasswordExpired:
          return 'temporary_password_expired';
        case MESSAGES.passkeyRefused:
          return 'passkey_refused';
        default:
          return 'session_expired';
      }
    case 'PasswordResetRequiredException':
      return 'password_reset_required';
    case 'CodeMismatchException':
    case 'ExpiredCodeException':
      return 'wrong_code';
    case 'InvalidPasswordException':
      return 'invalid_new_password';
    case 'TooManyRequestsException':
    case 'LimitExceededException':
      return 'rate_limited';
    case 'UserNotFoundException':
      // Only when user existence errors are not prevented; otherwise unknown users look like wrong passwords.
      return 'incorrect_credentials';
    default:
      return 'invalid_request';
  }
}
