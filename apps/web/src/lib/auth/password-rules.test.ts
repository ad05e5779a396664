import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@laurel/contract/messages';

import { LENGTH_RULE, passwordError, validatePasswordChange } from './password-rules';
import { identityErrorText } from './identity-errors';

describe('password rules (spec §5)', () => {
  it('require 14 to 64 characters', () => {
    expect(LENGTH_RULE.test('Aa1'.padEnd(13, 'x'))).toBe(false);
    expect(LENGTH_RULE.test('Aa1'.padEnd(14, 'x'))).toBe(true);
    expect(LENGTH_RULE.test('Aa1'.padEnd(64, 'x'))).toBe(true);
    expect(LENGTH_RULE.test('Aa1'.padEnd(65, 'x'))).toBe(false);
  });

  it('require a lowercase letter, an uppercase letter and a digit for a new password', () => {
    expect(passwordError('ALLUPPERCASE123')).toBe('Add a lowercase letter.');
    expect(passwordError('alllowercase123')).toBe('Add an uppercase letter.');
    expect(passwordError('NoDigitsHereAtAll')).toBe('Add a digit.');
    expect(passwordError('Laurel-demo-2026!')).toBeNull();
  });

  it('reject a change to the same password with the spec message', () => {
    expect(
      validatePasswordChange('Laurel-demo-2026!', 'Laurel-demo-2026!', 'Laurel-demo-2026!')
        .newPassword,
    ).toBe(MESSAGES.passwordUpdateError);
    expect(
      validatePasswordChange('Laurel-demo-2026!', 'Laurel-demo-2027!', 'Laurel-demo-2027!'),
    ).toEqual({});
  });

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
