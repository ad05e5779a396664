import { MESSAGES } from '@laurel/contract/messages';

import { getErrorText } from '../errors/error-text';

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
    if (/disabled/i.test(message))
      return 'This account has been disabled. Please contact your administrator.';
  }
  return FRIENDLY[name] ?? getErrorText(error);
}
