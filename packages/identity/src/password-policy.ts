import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@laurel/contract/constants';
import { hasDigit, hasLowercase, hasUppercase, passwordLength } from '@laurel/contract/sign-in-fields';

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

const NOT_CONFORMING = 'Password did not conform with policy:';

/**
 * The first rule a password breaks, in Cognito's words (InvalidPasswordException), or undefined
 * when it conforms. Characters are counted and classified as the web counts them (the contract's
 * rules: code points, any script's upper- and lowercase letters).
 * @example passwordProblem('short') === 'Password did not conform with policy: Password not long enough'
 */
export function passwordProblem(
  password: string,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
): string | undefined {
  const length = passwordLength(password);
  if (length < policy.minLength) return `${NOT_CONFORMING} Password not long enough`;
  // Cognito's own ceiling (256) is a parameter check; this pool's lower one reads like the rest.
  if (length > policy.maxLength) return `${NOT_CONFORMING} Password too long`;
  if (policy.requireLowercase && !hasLowercase(password))
    return `${NOT_CONFORMING} Password must have lowercase characters`;
  if (policy.requireUppercase && !hasUppercase(password))
    return `${NOT_CONFORMING} Password must have uppercase characters`;
  if (policy.requireNumbers && !hasDigit(password))
    return `${NOT_CONFORMING} Password must have numeric characters`;
  return undefined;
}
