import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@laurel/contract/messages';

import { getErrorText } from './error-text';

describe('getErrorText', () => {
  it('takes the message of an Error', () => {
    expect(getErrorText(new Error('Boom'))).toBe('Boom');
  });

  it('takes the message of an object with one (a server error body)', () => {
    expect(getErrorText({ message: 'Name is taken', fieldErrors: {} })).toBe('Name is taken');
  });

  it('passes a string through', () => {
    expect(getErrorText(MESSAGES.requestFailed)).toBe('Something went wrong');
  });

  it.each([undefined, null, 42, {}, { message: 7 }, ''])(
    'falls back to "An error occurred" for %j',
    (value) => {
      expect(getErrorText(value)).toBe('An error occurred');
    },
  );
});
