import { MESSAGES } from '@laurel/contract/messages';

import { getErrorText } from '../errors/error-text';

const PASSKEYS_UNSUPPORTED =
  'This browser or device cannot use passkeys. Try another browser, or use your password or an e-mailed code.';
const WRONG_ADDRESS =
  'Passkeys cannot be used on this web address. Open Laurel at its usual address and try again.';
const CANCELLED = 'The passkey request was cancelled or timed out. Try again when you are ready.';

/**
 * Passkey errors (spec §8): the identity client's names for what the browser reported, the
 * browser's own DOMException names where they reach us unwrapped, and the identity service's
 * WebAuthn refusals.
 */
const PASSKEY_ERRORS: Record<string, string> = {
  PasskeyNotSupported: PASSKEYS_UNSUPPORTED,
  NotSupportedError: PASSKEYS_UNSUPPORTED,
  PasskeyAlreadyExists:
    'This device already holds a passkey for your Laurel account, so there is nothing to add. You can use it to sign in.',
  InvalidStateError:
    'This device already holds a passkey for your Laurel account, so there is nothing to add. You can use it to sign in.',
  InvalidPasskeyRegistrationOptions:
    'Laurel could not start adding a passkey. Please try again in a moment.',
  InvalidPasskeyAuthenticationOptions:
    'Laurel could not start the passkey sign-in. Please try again, or choose another way to sign in.',
  RelyingPartyMismatch: WRONG_ADDRESS,
  SecurityError: WRONG_ADDRESS,
  PasskeyRegistrationFailed: 'The passkey could not be created. Please try again.',
  PasskeyRetrievalFailed:
    'Your passkey could not be read. Please try again, or choose another way to sign in.',
  PasskeyRegistrationCanceled:
    'No passkey was added: the request was cancelled or timed out. Try again when you are ready.',
  PasskeyAuthenticationCanceled:
    'The passkey sign-in was cancelled or timed out, or this device has no passkey for your account. Try again, or choose another way to sign in.',
  NotAllowedError: CANCELLED,
  PasskeyOperationAborted: 'The passkey request was interrupted. Please try again.',
  AbortError: 'The passkey request was interrupted. Please try again.',
  WebAuthnNotEnabledException:
    'Passkeys are not turned on for your organization. Use your password or an e-mailed code, or ask your administrator.',
  WebAuthnConfigurationMissingException:
    'Passkeys are not available for Laurel at the moment. Please contact support.',
  WebAuthnChallengeNotFoundException: 'The passkey request has expired. Please try again.',
  WebAuthnRelyingPartyMismatchException: WRONG_ADDRESS,
  WebAuthnOriginNotAllowedException: WRONG_ADDRESS,
  WebAuthnClientMismatchException:
    'This passkey request did not come from Laurel. Please start again from the Laurel sign-in page.',
  WebAuthnCredentialNotSupportedException:
    'This kind of passkey is not accepted. Use a passkey saved on your device or in your password manager.',
};

/** Friendly texts for the identity service's error names (spec §8). */
const FRIENDLY: Record<string, string> = {
  NotAuthorizedException: 'Incorrect e-mail address or password.',
  UserNotFoundException: 'Incorrect e-mail address or password.',
  UserNotConfirmedException:
    'Your account has not been confirmed yet. Please use the link in your invitation e-mail.',
  PasswordResetRequiredException:
    'You need to reset your password before signing in. We can e-mail you a code.',
  CodeMismatchException: 'That code is not correct. Please check it and try again.',
  ExpiredCodeException: 'That code has expired. Please request a new one.',
  InvalidPasswordException:
    'That password does not meet the requirements. Use 14 to 64 characters with lowercase and uppercase letters and a digit.',
  LimitExceededException: 'Too many attempts. Please wait a few minutes and try again.',
  TooManyRequestsException: 'Too many attempts. Please wait a few minutes and try again.',
  TooManyFailedAttemptsException:
    'Too many failed attempts. Please wait a few minutes and try again.',
  UsernameExistsException: 'An account with this e-mail address already exists.',
  UserAlreadyAuthenticatedException: MESSAGES.alreadySignedIn,
  EnableSoftwareTokenMFAException:
    'That code is not correct. Please check your authenticator app and try again.',
  SignInException: 'Your sign-in session has expired. Please start again.',
  UserUnAuthenticatedException: 'You are not signed in. Please sign in again.',
  NetworkError: 'The service could not be reached. Check your connection and try again.',
  ...PASSKEY_ERRORS,
};

/** The one place identity errors become text for people. */
export function identityErrorText(error: unknown): string {
  const name =
    error && typeof error === 'object' && 'name' in error
      ? String((error as { name: unknown }).name)
      : '';
  if (name === 'NotAuthorizedException') {
    const message = getErrorText(error);
    // The same name covers an expired sign-in session and a disabled account.
    if (/session is expired|invalid session/i.test(message)) return FRIENDLY.SignInException!;
    if (/passkey could not be verified/i.test(message))
      return 'Your passkey could not be used. Please try again, or choose another way to sign in.';
    if (/disabled/i.test(message))
      return 'This account has been disabled. Please contact your administrator.';
  }
  return FRIENDLY[name] ?? getErrorText(error);
}
