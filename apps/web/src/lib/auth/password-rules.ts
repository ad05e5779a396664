import { MESSAGES } from '@laurel/contract/messages';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@laurel/contract/constants';

export interface PasswordRule {
  id: 'length' | 'lowercase' | 'uppercase' | 'digit';
  label: string;
  test: (password: string) => boolean;
}

export const LENGTH_RULE: PasswordRule = {
  id: 'length',
  label: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
  test: (password) =>
    password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
};

/** Rules for choosing a new password (spec §5: 14–64 characters, lower, upper, digit). */
export const NEW_PASSWORD_RULES: PasswordRule[] = [
  LENGTH_RULE,
  { id: 'lowercase', label: 'A lowercase letter', test: (password) => /[a-z]/.test(password) },
  { id: 'uppercase', label: 'An uppercase letter', test: (password) => /[A-Z]/.test(password) },
  { id: 'digit', label: 'A digit', test: (password) => /\d/.test(password) },
];

/** The first unmet rule as an error message, or null when the password passes them all. */
export function passwordError(
  password: string,
  rules: PasswordRule[] = NEW_PASSWORD_RULES,
): string | null {
  if (!password) return 'Enter a password.';
  const failed = rules.find((rule) => !rule.test(password));
  if (!failed) return null;
  if (failed.id === 'length') {
    return password.length < PASSWORD_MIN_LENGTH
      ? `Use at least ${PASSWORD_MIN_LENGTH} characters.`
      : `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  }
  return `Add ${failed.label.toLowerCase()}.`;
}

export type PasswordChangeField = 'oldPassword' | 'newPassword' | 'confirmation';

/** Checks a password change before it is sent (spec §5). */
export function validatePasswordChange(
  oldPassword: string,
  newPassword: string,
  confirmation: string,
): Partial<Record<PasswordChangeField, string>> {
  const errors: Partial<Record<PasswordChangeField, string>> = {};
  if (!oldPassword) errors.oldPassword = 'Enter your current password.';
  const problem = passwordError(newPassword);
  if (problem) errors.newPassword = problem;
  else if (oldPassword && newPassword === oldPassword)
    errors.newPassword = MESSAGES.passwordUpdateError;
  if (confirmation !== newPassword) errors.confirmation = 'The passwords do not match.';
  return errors;
}

/** Checks a new password and its repetition before they are sent (spec §5). */
export function validateNewPassword(
  password: string,
  confirmation: string,
): Partial<Record<'password' | 'confirmation', string>> {
  const errors: Partial<Record<'password' | 'confirmation', string>> = {};
  const problem = passwordError(password);
  if (problem) errors.password = problem;
  if (confirmation !== password) errors.confirmation = 'The passwords do not match.';
  return errors;
}
