import { expect, test } from 'vitest';

import { passwordProblem } from './password-policy.ts';

test('the demo password passes', () => {
  expect(passwordProblem('Laurel-demo-2026!')).toBeUndefined();
});

test.each([
  ['Short-pass-1', 'Password must be at least 14 characters long.'],
  [`Aa1${'x'.repeat(62)}`, 'Password must be at most 64 characters long.'],
  ['laurel-demo-2026!', 'Password must contain at least an uppercase letter.'],
  ['LAUREL-DEMO-2026!', 'Password must contain at least a lowercase letter.'],
  ['Laurel-demo-password!', 'Password must contain at least a number.'],
  [
    '--------------',
    'Password must contain at least a lowercase letter, an uppercase letter and a number.',
  ],
])('%s → %s', (password, message) => {
  expect(passwordProblem(password)).toBe(message);
});

test('bounds are inclusive: 14 and 64 characters pass', () => {
  expect(passwordProblem('Aa1-567890abcd')).toBeUndefined();
  expect(passwordProblem(`Aa1${'x'.repeat(61)}`)).toBeUndefined();
});
