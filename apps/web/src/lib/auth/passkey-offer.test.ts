import { describe, expect, it } from 'vitest';

import {
  forgetPasswordSignIn,
  offerAnswered,
  rememberOfferAnswered,
  rememberPasswordSignIn,
  signedInWithPassword,
} from './passkey-offer';

describe('the offer of a passkey after a password sign-in', () => {
  it('is considered once per sign-in of this tab', () => {
    expect(signedInWithPassword()).toBe(false);
    rememberPasswordSignIn();
    expect(signedInWithPassword()).toBe(true);
    forgetPasswordSignIn();
    expect(signedInWithPassword()).toBe(false);
  });

  it('is answered per person, and stays answered on this browser', () => {
    expect(offerAnswered('person-a')).toBe(false);
    rememberOfferAnswered('person-a');
    expect(offerAnswered('person-a')).toBe(true);
    expect(offerAnswered('person-b')).toBe(false);
  });
});
