/**
 * An error the user pool answers with: HTTP 400, `{"__type": name, "message": …}` and the
 * `x-amzn-errortype` header, exactly like Cognito's JSON protocol.
 */
export class IdentityError extends Error {
  readonly type: string;
  readonly statusCode: number;

  constructor(type: string, message: string, statusCode = 400) {
    super(message);
    this.name = type;
    this.type = type;
    this.statusCode = statusCode;
  }
}

export const notAuthorized = (message: string) =>
  new IdentityError('NotAuthorizedException', message);
export const invalidParameter = (message: string) =>
  new IdentityError('InvalidParameterException', message);

export const MESSAGES = {
  incorrectCredentials: 'Incorrect username or password.',
  userDoesNotExist: 'User does not exist.',
  userDisabled: 'User is disabled.',
  attemptsExceeded: 'Password attempts exceeded',
  passwordResetRequired: 'Password reset required for the user',
  temporaryPasswordExpired: 'Temporary password has expired and must be reset by an administrator.',
  invalidSession: 'Invalid session for the user, session is expired.',
  invalidAccessToken: 'Invalid Access Token',
  expiredAccessToken: 'Access Token has expired',
  revokedAccessToken: 'Access Token has been revoked',
  invalidRefreshToken: 'Invalid Refresh Token',
  revokedRefreshToken: 'Refresh Token has been revoked',
  limitExceeded: 'Attempt limit exceeded, please try after some time.',
  tooManyRequests: 'Too many requests, please try after some time.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  codeExpired: 'Invalid code provided, please request a code again.',
  totpMismatch: 'Invalid code received for user',
  deviceNotFound: 'Device does not exist.',
  sessionUsedUp: 'Invalid session for the user.',
  otpMismatch: 'Invalid code or auth state for the user.',
  challengeNotAvailable: 'The challenge is not available for this user.',
  webAuthnNotEnabled: 'WebAuthn is not enabled for this user pool.',
  webAuthnConfigurationMissing:
    'The user pool has no relying party for WebAuthn: its public URL must name a domain, not an address.',
  webAuthnChallengeNotFound: 'Passkey registration was not started or has expired.',
  webAuthnClientMismatch: 'The passkey registration was started by another app client.',
  webAuthnRelyingPartyMismatch:
    'The relying party ID in the credential does not match the user pool.',
  webAuthnOriginNotAllowed: 'The credential comes from an origin the user pool does not allow.',
  webAuthnNotSupported:
    'The credential uses an authenticator type or algorithm that is not supported.',
  passkeyRefused: 'The passkey could not be verified.',
  passkeyNotFound: 'Credential not found.',
} as const;
