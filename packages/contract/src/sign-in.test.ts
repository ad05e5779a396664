import { describe, expect, it } from 'vitest';

import { MESSAGES } from './messages.ts';
import {
  NEW_PASSWORD_RULES,
  SIGN_IN_MESSAGES,
  emailAddressProblem,
  passwordProblem,
  passwordSignInProblems,
  readEmailAddress,
} from './sign-in-fields.ts';
import {
  ZChangePasswordForm,
  ZEmailForm,
  ZOneTimeCodeForm,
  ZPasswordSignInForm,
  ZResetPasswordForm,
} from './sign-in.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('sign-in screens (spec §5)', () => {
  it('a new password needs 14 to 64 characters', () => {
    const length = NEW_PASSWORD_RULES.find((rule) => rule.id === 'length')!;
    expect(length.test('Aa1'.padEnd(13, 'x'))).toBe(false);
    expect(length.test('Aa1'.padEnd(14, 'x'))).toBe(true);
    expect(length.test('Aa1'.padEnd(64, 'x'))).toBe(true);
    expect(length.test('Aa1'.padEnd(65, 'x'))).toBe(false);
    expect(passwordProblem('Aa1'.padEnd(65, 'x'))).toBe('Use at most 64 characters.');
  });

  it('a new password needs a lowercase letter, an uppercase letter and a digit', () => {
    expect(passwordProblem('')).toBe(SIGN_IN_MESSAGES.enterNewPassword);
    expect(passwordProblem('ALLUPPERCASE123')).toBe('Add a lowercase letter.');
    expect(passwordProblem('alllowercase123')).toBe('Add an uppercase letter.');
    expect(passwordProblem('NoDigitsHereAtAll')).toBe('Add a digit.');
    expect(passwordProblem('Laurel-demo-2026!')).toBeNull();
  });

  it('an e-mail address is needed, valid, and read lowercased', () => {
    expect(messages(ZEmailForm.safeParse({ email: '  ' }))).toEqual({
      email: SIGN_IN_MESSAGES.enterEmail,
    });
    expect(messages(ZEmailForm.safeParse({ email: 'not-an-address' }))).toEqual({
      email: SIGN_IN_MESSAGES.invalidEmail,
    });
    expect(ZEmailForm.parse({ email: ' Someone@Example.TEST ' })).toEqual({
      email: 'someone@example.test',
    });
  });

  it('the first screen checks an address without zod as the schema does', () => {
    for (const typed of [
      '',
      '  ',
      'not-an-address',
      'a@b',
      'a..b@example.test',
      ' Someone@Example.TEST ',
    ]) {
      expect(emailAddressProblem(typed)).toBe(
        messages(ZEmailForm.safeParse({ email: typed })).email ?? null,
      );
    }
    expect(readEmailAddress(' Someone@Example.TEST ')).toBe('someone@example.test');
    expect(passwordSignInProblems({ email: 'x', password: '' })).toEqual(
      messages(ZPasswordSignInForm.safeParse({ email: 'x', password: '' })),
    );
    expect(passwordSignInProblems({ email: 'someone@example.test', password: 'p' })).toEqual({});
  });

  it('a code has exactly six digits', () => {
    expect(ZOneTimeCodeForm.safeParse({ code: '123456' }).success).toBe(true);
    expect(messages(ZOneTimeCodeForm.safeParse({ code: '12345' }))).toEqual({
      code: SIGN_IN_MESSAGES.enterAppCode,
    });
  });

  it('a reset needs the e-mail, the code and a repeated new password', () => {
    expect(
      messages(
        ZResetPasswordForm.safeParse({
          email: '',
          code: '12',
          password: 'short',
          confirmation: '',
        }),
      ),
    ).toEqual({
      email: SIGN_IN_MESSAGES.enterEmail,
      code: SIGN_IN_MESSAGES.enterMailedCode,
      password: 'Use at least 14 characters.',
      confirmation: SIGN_IN_MESSAGES.passwordsDiffer,
    });
  });

  it('a change to the same password is refused with the spec message', () => {
    const same = 'Laurel-demo-2026!';
    expect(
      messages(
        ZChangePasswordForm.safeParse({ oldPassword: same, newPassword: same, confirmation: same }),
      ),
    ).toEqual({ newPassword: MESSAGES.passwordUpdateError });
    expect(
      ZChangePasswordForm.safeParse({
        oldPassword: same,
        newPassword: 'Laurel-demo-2027!',
        confirmation: 'Laurel-demo-2027!',
      }).success,
    ).toBe(true);
  });
});
