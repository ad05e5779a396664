import { describe, expect, it } from 'vitest';

import { outcomeForStep } from './sign-in-steps';

const email = 'user@northwind.demo';

describe('sign-in steps (spec §4)', () => {
  it('goes to the spec routes for each step', () => {
    expect(outcomeForStep('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', { email })).toEqual({
      kind: 'navigate',
      href: '/auth/set-password',
    });
    expect(outcomeForStep('CONTINUE_SIGN_IN_WITH_TOTP_SETUP', { email })).toEqual({
      kind: 'navigate',
      href: '/auth/setup-mfa',
    });
    expect(outcomeForStep('CONFIRM_SIGN_IN_WITH_TOTP_CODE', { email })).toEqual({
      kind: 'navigate',
      href: '/auth/verify-mfa',
    });
    expect(outcomeForStep('RESET_PASSWORD', { email })).toEqual({
      kind: 'navigate',
      href: '/auth/reset-password?email=user%40northwind.demo',
    });
    expect(outcomeForStep('DONE', { email })).toEqual({ kind: 'done' });
  });

  it('goes to the screens of first-factor selection, e-mailed codes and MFA selection', () => {
    expect(outcomeForStep('CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION', { email })).toEqual({
      kind: 'navigate',
      href: '/auth/select-method',
    });
    expect(outcomeForStep('CONFIRM_SIGN_IN_WITH_PASSWORD', { email })).toEqual({
      kind: 'navigate',
      href: '/auth/select-method?with=password',
    });
    expect(outcomeForStep('CONFIRM_SIGN_IN_WITH_EMAIL_CODE', { email })).toEqual({
      kind: 'navigate',
      href: '/auth/verify-email-code',
    });
    expect(
      outcomeForStep('CONTINUE_SIGN_IN_WITH_MFA_SELECTION', { email, redirectTo: '/users' }),
    ).toEqual({ kind: 'navigate', href: '/auth/select-mfa?redirectTo=%2Fusers' });
  });

  it('keeps where the user wanted to go across the steps', () => {
    expect(
      outcomeForStep('CONFIRM_SIGN_IN_WITH_TOTP_CODE', {
        email,
        redirectTo: '/organizations/7/users',
      }),
    ).toEqual({
      kind: 'navigate',
      href: '/auth/verify-mfa?redirectTo=%2Forganizations%2F7%2Fusers',
    });
  });

  it('explains an unconfirmed account and refuses steps Laurel does not offer', () => {
    expect(outcomeForStep('CONFIRM_SIGN_UP', { email })).toMatchObject({
      kind: 'message',
      severity: 'warning',
    });
    expect(outcomeForStep('CONFIRM_SIGN_IN_WITH_SMS_CODE', { email })).toMatchObject({
      kind: 'message',
      severity: 'error',
    });
  });
});
