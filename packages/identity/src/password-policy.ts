import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@laurel/contract/constants';

export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumbers: boolean;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  requireLowercase: true,
  requireUppercase: true,
  requireNumbers: true,
};

/**
 * Returns what is wrong with a password as one sentence, or undefined when it conforms.
 * @example passwordProblem('short') === 'Password must be at least 14 characters long.'
 */
export function passwordProblem(
  password: string,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
): string | undefined {
  const length = [...password].length;
  if (length < policy.minLength)
    return `Password must be at least ${policy.minLength} characters long.`;
  if (length > policy.maxLength)
    return `Password must be at most ${policy.maxLength} characters long.`;
  const missing: string[] = [];
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) missing.push('a lowercase letter');
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) missing.push('an uppercase letter');
  if (policy.requireNumbers && !/\d/.test(password)) missing.push('a number');
  if (missing.length === 0) return undefined;
  const list =
    missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  return `Password must contain at least ${list}.`;
}
