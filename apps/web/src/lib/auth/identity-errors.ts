import { type MessageId, textOf } from '../i18n/catalogue';
import { getErrorText } from '../errors/error-text';

const PASSKEYS_UNSUPPORTED = 'identityErrors.passkeysUnsupported';
const WRONG_ADDRESS = 'identityErrors.wrongAddress';
const ALREADY_HELD = 'identityErrors.passkeyAlreadyHeld';
const INTERRUPTED = 'identityErrors.passkeyInterrupted';
const TOO_MANY = 'identityErrors.tooManyAttempts';
const INCORRECT = 'identityErrors.incorrectSignIn';

/**
 * Passkey errors (spec §8): the identity client's names for what the browser reported, the
 * browser's own DOMException names where they reach us unwrapped, and the identity service's
 * WebAuthn refusals.
 */
const PASSKEY_ERRORS: Record<string, MessageId> = {
  PasskeyNotSupported: PASSKEYS_UNSUPPORTED,
  NotSupportedError: PASSKEYS_UNSUPPORTED,
  PasskeyAlreadyExists: ALREADY_HELD,
  InvalidStateError: ALREADY_HELD,
  InvalidPasskeyRegistrationOptions: 'identityErrors.passkeyAddNotStarted',
  InvalidPasskeyAuthenticationOptions: 'identityErrors.passkeySignInNotStarted',
  RelyingPartyMismatch: WRONG_ADDRESS,
  SecurityError: WRONG_ADDRESS,
  PasskeyRegistrationFailed: 'identityErrors.passkeyNotCreated',
  PasskeyRetrievalFailed: 'identityErrors.passkeyNotRead',
  PasskeyRegistrationCanceled: 'identityErrors.passkeyNotAdded',
  PasskeyAuthenticationCanceled: 'identityErrors.passkeySignInCancelled',
  NotAllowedError: 'identityErrors.passkeyCancelled',
  PasskeyOperationAborted: INTERRUPTED,
  AbortError: INTERRUPTED,
  WebAuthnNotEnabledException: 'identityErrors.passkeysOff',
  WebAuthnConfigurationMissingException: 'identityErrors.passkeysUnavailable',
  WebAuthnChallengeNotFoundException: 'identityErrors.passkeyExpired',
  WebAuthnRelyingPartyMismatchException: WRONG_ADDRESS,
  WebAuthnOriginNotAllowedException: WRONG_ADDRESS,
  WebAuthnClientMismatchException: 'identityErrors.passkeyNotFromLaurel',
  WebAuthnCredentialNotSupportedException: 'identityErrors.passkeyKindRefused',
};

/** Friendly texts for the identity service's error names (spec §8), as catalogue messages. */
const FRIENDLY: Record<string, MessageId> = {
  NotAuthorizedException: INCORRECT,
  UserNotFoundException: INCORRECT,
  UserNotConfirmedException: 'identityErrors.notConfirmed',
  PasswordResetRequiredException: 'identityErrors.resetRequired',
  CodeMismatchException: 'identityErrors.wrongCode',
  ExpiredCodeException: 'identityErrors.expiredCode',
  InvalidPasswordException: 'identityErrors.invalidPassword',
  LimitExceededException: TOO_MANY,
  TooManyRequestsException: TOO_MANY,
  TooManyFailedAttemptsException: 'identityErrors.tooManyFailedAttempts',
  UsernameExistsException: 'identityErrors.accountExists',
  UserAlreadyAuthenticatedException: 'messages.alreadySignedIn',
  EnableSoftwareTokenMFAException: 'identityErrors.wrongAppCode',
  SignInException: 'identityErrors.sessionExpired',
  UserUnAuthenticatedException: 'identityErrors.notSignedIn',
  NetworkError: 'identityErrors.unreachable',
  ...PASSKEY_ERRORS,
};

/** The one place identity errors become text for people, in the chosen language. */
export function identityErrorText(error: unknown): string {
  const name =
    error && typeof error === 'object' && 'name' in error
      ? String((error as { name: unknown }).name)
      : '';
  if (name === 'NotAuthorizedException') {
    const message = getErrorText(error);
    // The same name covers an expired sign-in session and a disabled account.
    if (/session is expired|invalid session/i.test(message))
      return textOf('identityErrors.sessionExpired');
    if (/passkey could not be verified/i.test(message))
      return textOf('identityErrors.passkeyNotUsed');
    if (/disabled/i.test(message)) return textOf('identityErrors.accountDisabled');
  }
  const id = Object.hasOwn(FRIENDLY, name) ? FRIENDLY[name] : undefined;
  return id ? textOf(id) : getErrorText(error);
}
