import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

/**
 * The sign-in screens' field rules as plain functions, without zod: the first screen checks its
 * fields with these and shows before the schema library has loaded (decision 024). The schemas in
 * `sign-in.ts` are built on the same messages, rules and pattern.
 */

export const SIGN_IN_MESSAGES = {
  enterEmail: 'Enter your e-mail address.',
  invalidEmail: 'Enter a valid e-mail address.',
  enterPassword: 'Enter your password.',
  enterNewPassword: 'Enter a password.',
  passwordsDiffer: 'The passwords do not match.',
  enterAppCode: 'Enter the 6-digit code from your authenticator app.',
  enterMailedCode: 'Enter the 6-digit code from the e-mail.',
  enterSignInCode: 'Enter the 8-digit code from the e-mail.',
} as const;

/** Digits in the code e-mailed for signing in without a password, or as a second step. */
export const EMAIL_SIGN_IN_CODE_LENGTH = 8;

/**
 * How the web and the identity pool count and classify a password's characters, the one place
 * both read: length in Unicode code points (an emoji is one character), lowercase and uppercase
 * letters of any script (`\p{Ll}`, `\p{Lu}`), digits 0-9.
 */
export const passwordLength = (password: string): number => [...password].length;
export const hasLowercase = (password: string): boolean => /\p{Ll}/u.test(password);
export const hasUppercase = (password: string): boolean => /\p{Lu}/u.test(password);
export const hasDigit = (password: string): boolean => /\d/.test(password);

export interface PasswordRule {
  id: 'length' | 'lowercase' | 'uppercase' | 'digit';
  label: string;
  test: (password: string) => boolean;
}

/** Rules for choosing a new password (spec §5 and §9: 14 to 64 characters; lower, upper, digit). */
export const NEW_PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
    test: (password) =>
      passwordLength(password) >= PASSWORD_MIN_LENGTH &&
      passwordLength(password) <= PASSWORD_MAX_LENGTH,
  },
  { id: 'lowercase', label: 'A lowercase letter', test: hasLowercase },
  { id: 'uppercase', label: 'An uppercase letter', test: hasUppercase },
  { id: 'digit', label: 'A digit', test: hasDigit },
];

/**
 * The first unmet rule as a sentence, or null when the password passes them all.
 * @example passwordProblem('short') // 'Use at least 14 characters.'
 */
export function passwordProblem(password: string): string | null {
  if (!password) return SIGN_IN_MESSAGES.enterNewPassword;
  const failed = NEW_PASSWORD_RULES.find((rule) => !rule.test(password));
  if (!failed) return null;
  if (failed.id === 'length') {
    return passwordLength(password) < PASSWORD_MIN_LENGTH
      ? `Use at least ${PASSWORD_MIN_LENGTH} characters.`
      : `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  }
  return `Add ${failed.label.toLowerCase()}.`;
}

/**
 * An e-mail address as the identity service accepts it: zod's "practical" pattern, which
 * `ZEmailAddress` uses too.
 */
export const EMAIL_ADDRESS_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * An e-mail address as typed, read as it is kept: trimmed and lowercased (spec §5).
 * @example readEmailAddress(' Someone@Example.TEST ') // 'someone@example.test'
 */
export const readEmailAddress = (typed: string): string => typed.trim().toLowerCase();

/**
 * What is wrong with a typed e-mail address, or null when it is one.
 * @example emailAddressProblem('') // 'Enter your e-mail address.'
 */
export function emailAddressProblem(typed: string): string | null {
  const address = readEmailAddress(typed);
  if (!address) return SIGN_IN_MESSAGES.enterEmail;
  return EMAIL_ADDRESS_PATTERN.test(address) ? null : SIGN_IN_MESSAGES.invalidEmail;
}

/**
 * The password sign-in form's problems by field (the e-mail step, then the password step).
 * @example passwordSignInProblems({ email: 'a@b.test', password: '' }) // { password: 'Enter your password.' }
 */
export function passwordSignInProblems(values: {
  email: string;
  password: string;
}): Partial<Record<'email' | 'password', string>> {
  const problems: Partial<Record<'email' | 'password', string>> = {};
  const email = emailAddressProblem(values.email);
  if (email) problems.email = email;
  if (!values.password) problems.password = SIGN_IN_MESSAGES.enterPassword;
  return problems;
}
