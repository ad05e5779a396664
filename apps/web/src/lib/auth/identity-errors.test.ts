import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@laurel/contract/messages';

import { identityErrorText } from './identity-errors';

describe('identity errors (spec §8)', () => {
  it('turn identity error names into friendly text', () => {
    expect(identityErrorText({ name: 'CodeMismatchException', message: 'Invalid code' })).toMatch(
      /code is not correct/,
    );
    expect(identityErrorText({ name: 'UserAlreadyAuthenticatedException', message: 'x' })).toBe(
      MESSAGES.alreadySignedIn,
    );
    expect(identityErrorText({ name: 'SomethingNew', message: 'Raw text' })).toBe('Raw text');
  });
});

describe('passkey errors (spec §8)', () => {
  const textOf = (name: string) => identityErrorText({ name, message: `raw ${name}` });

  it('say in words what happened when a person cancels or the browser gives up', () => {
    // The browser's own names, and the identity client's names for them.
    expect(textOf('NotAllowedError')).toMatch(/cancelled or timed out/);
    expect(textOf('AbortError')).toMatch(/interrupted/);
    expect(textOf('PasskeyAuthenticationCanceled')).toMatch(/choose another way to sign in/);
    expect(textOf('PasskeyRegistrationCanceled')).toMatch(/^No passkey was added/);
    expect(textOf('PasskeyOperationAborted')).toMatch(/interrupted/);
    expect(textOf('PasskeyAlreadyExists')).toMatch(/already holds a passkey/);
    expect(textOf('PasskeyNotSupported')).toMatch(/cannot use passkeys/);
  });

  it('say that a passkey was refused at sign-in, not that a password was wrong', () => {
    expect(
      identityErrorText({
        name: 'NotAuthorizedException',
        message: 'The passkey could not be verified.',
      }),
    ).toMatch(/^Your passkey could not be used/);
    expect(identityErrorText({ name: 'NotAuthorizedException', message: 'Incorrect' })).toBe(
      'Incorrect e-mail address or password.',
    );
  });

  it('cover every WebAuthn refusal of the identity service', () => {
    for (const name of [
      'WebAuthnNotEnabledException',
      'WebAuthnConfigurationMissingException',
      'WebAuthnChallengeNotFoundException',
      'WebAuthnRelyingPartyMismatchException',
      'WebAuthnClientMismatchException',
      'WebAuthnOriginNotAllowedException',
      'WebAuthnCredentialNotSupportedException',
      'RelyingPartyMismatch',
      'InvalidPasskeyRegistrationOptions',
      'InvalidPasskeyAuthenticationOptions',
      'PasskeyRegistrationFailed',
      'PasskeyRetrievalFailed',
      'SecurityError',
      'InvalidStateError',
      'NotSupportedError',
    ]) {
      const text = textOf(name);
      expect(text, name).not.toContain('raw');
      expect(text, name).toMatch(/\.$/);
    }
    expect(textOf('WebAuthnNotEnabledException')).toMatch(/not turned on for your organization/);
  });
});
