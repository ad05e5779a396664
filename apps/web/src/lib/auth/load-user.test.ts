import { describe, expect, it } from 'vitest';

import { isUnanswered } from './load-user';

describe('a session check the identity service never answered', () => {
  it('is a network failure or an aborted call, never a refusal', () => {
    expect(isUnanswered(new TypeError('Failed to fetch'))).toBe(true);
    const network = Object.assign(new Error('A network error has occurred.'), {
      name: 'NetworkError',
    });
    expect(isUnanswered(network)).toBe(true);
    const refused = Object.assign(new Error('Access Token has been revoked'), {
      name: 'NotAuthorizedException',
    });
    expect(isUnanswered(refused)).toBe(false);
    expect(isUnanswered(new Error('No session found.'))).toBe(false);
  });
});
