import { NEW_PASSWORD_RULES } from '@laurel/contract/sign-in-fields';
import { expect, test } from 'vitest';

import {
  brokenPasswordRule,
  DEFAULT_PASSWORD_POLICY,
  passwordProblem,
  type PasswordAction,
} from './password-policy.ts';

test('the demo password passes', () => {
  expect(brokenPasswordRule('Laurel-demo-2026!')).toBeUndefined();
  expect(passwordProblem('Laurel-demo-2026!', 'ChangePassword')).toBeUndefined();
});

test.each([
  ['Short-pass-1', 'Password not long enough'],
  [`Aa1${'x'.repeat(62)}`, 'Password too long'],
  ['laurel-demo-2026!', 'Password must have uppercase characters'],
  ['LAUREL-DEMO-2026!', 'Password must have lowercase characters'],
  ['Laurel-demo-password!', 'Password must have numeric characters'],
  ['--------------', 'Password must have lowercase characters'],
])('%s → %s', (password, rule) => {
  expect(brokenPasswordRule(password)).toBe(rule);
});

test.each<[PasswordAction, string]>([
  ['SignUp', 'Password did not conform with policy: Password not long enough'],
  ['AdminCreateUser', 'Password did not conform with password policy: Password not long enough'],
  [
    'AdminSetUserPassword',
    'Password did not conform with password policy: Password not long enough',
  ],
  ['ChangePassword', 'Password does not conform to policy: Password not long enough'],
  ['ConfirmForgotPassword', 'Password does not conform to policy: Password not long enough'],
  ['RespondToAuthChallenge', 'Password does not conform to policy: Password not long enough'],
])('%s words it as Cognito does: %s', (action, message) => {
  expect(passwordProblem('Short-pass-1', action)).toBe(message);
});

test.each([
  ['no symbol', 'Laurel2026password', 'Password must have symbol characters'],
  [
    'leading and trailing spaces are not symbols',
    ' Laurel2026password ',
    'Password must have symbol characters',
  ],
  ['a space inside counts', 'Laurel 2026 password', undefined],
  ['a backslash counts', 'Laurel2026\\password', undefined],
  ['a backtick counts', 'Laurel2026`password', undefined],
  [
    'a letter outside Basic Latin is no symbol',
    'Laurel2026passwordé',
    'Password must have symbol characters',
  ],
])('symbols, when the policy requires them: %s', (_name, password, rule) => {
  expect(brokenPasswordRule(password, { ...DEFAULT_PASSWORD_POLICY, requireSymbols: true })).toBe(
    rule,
  );
});

test('bounds are inclusive: 14 and 64 characters pass', () => {
  expect(brokenPasswordRule('Aa1-567890abcd')).toBeUndefined();
  expect(brokenPasswordRule(`Aa1${'x'.repeat(61)}`)).toBeUndefined();
});

test.each([
  // 13 emoji and one letter are 14 code points (28 UTF-16 units): long enough for both.
  ['emoji count once', `Aa1${'😀'.repeat(11)}`],
  // Letters of other scripts count as upper- and lowercase for both.
  ['accented capitals', 'ÉCOLE-été-2026x'],
  ['Cyrillic', 'Пароль-надёжный-1'],
  ['too short in code points', `Aa1${'😀'.repeat(10)}`],
  ['no uppercase in any script', 'école-été-2026xx'],
])('the pool and the web judge a password alike: %s', (_name, password) => {
  const web = NEW_PASSWORD_RULES.every((rule) => rule.test(password));
  expect(brokenPasswordRule(password) === undefined).toBe(web);
});
