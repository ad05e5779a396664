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
