import { describe, expect, it } from 'vitest';

import { isUnanswered, leftUnanswered } from './load-user';

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

describe('a session check left unanswered', () => {
  it('keeps the session only while the page is being left', () => {
    const aborted = new TypeError('Failed to fetch');
    expect(leftUnanswered(aborted)).toBe(false);
    window.dispatchEvent(new Event('beforeunload'));
    expect(leftUnanswered(aborted)).toBe(true);
    expect(leftUnanswered(new Error('No session found.'))).toBe(false);
    window.dispatchEvent(new Event('pageshow'));
    expect(leftUnanswered(aborted)).toBe(false);
    window.dispatchEvent(new Event('pagehide'));
    expect(leftUnanswered(aborted)).toBe(true);
    window.dispatchEvent(new Event('pageshow'));
  });
});
