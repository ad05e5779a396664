import { NEW_PASSWORD_RULES } from '@laurel/contract/sign-in-fields';
import { expect, test } from 'vitest';

import { passwordProblem } from './password-policy.ts';

test('the demo password passes', () => {
  expect(passwordProblem('Laurel-demo-2026!')).toBeUndefined();
});

test.each([
  ['Short-pass-1', 'Password did not conform with policy: Password not long enough'],
  [`Aa1${'x'.repeat(62)}`, 'Password did not conform with policy: Password too long'],
  [
    'laurel-demo-2026!',
    'Password did not conform with policy: Password must have uppercase characters',
  ],
  [
    'LAUREL-DEMO-2026!',
    'Password did not conform with policy: Password must have lowercase characters',
  ],
  [
    'Laurel-demo-password!',
    'Password did not conform with policy: Password must have numeric characters',
  ],
  [
    '--------------',
    'Password did not conform with policy: Password must have lowercase characters',
  ],
])('%s → %s', (password, message) => {
  expect(passwordProblem(password)).toBe(message);
});

test('bounds are inclusive: 14 and 64 characters pass', () => {
  expect(passwordProblem('Aa1-567890abcd')).toBeUndefined();
  expect(passwordProblem(`Aa1${'x'.repeat(61)}`)).toBeUndefined();
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
  expect(passwordProblem(password) === undefined).toBe(web);
});
