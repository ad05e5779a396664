import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@laurel/contract/constants';
import {
  hasDigit,
  hasLowercase,
  hasUppercase,
  passwordLength,
} from '@laurel/contract/sign-in-fields';

export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumbers: boolean;
  requireSymbols: boolean;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  requireLowercase: true,
  requireUppercase: true,
  requireNumbers: true,
  requireSymbols: false,
};

/**
 * What Cognito's InvalidPasswordException says before the rule, which depends on the action that
 * set the password. The pool has no SignUp; its words are here so that the table is Cognito's whole.
 */
const NOT_CONFORMING = {
  SignUp: 'Password did not conform with policy',
  AdminCreateUser: 'Password did not conform with password policy',
  AdminSetUserPassword: 'Password did not conform with password policy',
  ChangePassword: 'Password does not conform to policy',
  ConfirmForgotPassword: 'Password does not conform to policy',
  RespondToAuthChallenge: 'Password does not conform to policy',
} as const;

/** A Cognito action that sets a password. */
export type PasswordAction = keyof typeof NOT_CONFORMING;

/** Cognito's special characters (developer guide, "Password policies"). */
const SYMBOLS = new Set('^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-');

/** A symbol of Cognito's set, or a space that neither starts nor ends the password (Cognito counts it). */
const hasSymbol = (password: string): boolean =>
  [...password].some((character) => SYMBOLS.has(character)) || password.trim().includes(' ');

/**
 * The first rule a password breaks, in Cognito's words, or undefined when it conforms. Characters
 * are counted and classified as the web counts them (the contract's rules: code points, any
 * script's upper- and lowercase letters).
 * @example brokenPasswordRule('short') === 'Password not long enough'
 */
export function brokenPasswordRule(
  password: string,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
): string | undefined {
  const length = passwordLength(password);
  if (length < policy.minLength) return 'Password not long enough';
  // Cognito's own ceiling (256) is a parameter check; this pool's lower one reads like the rest.
  if (length > policy.maxLength) return 'Password too long';
  if (policy.requireLowercase && !hasLowercase(password))
    return 'Password must have lowercase characters';
  if (policy.requireUppercase && !hasUppercase(password))
    return 'Password must have uppercase characters';
  if (policy.requireNumbers && !hasDigit(password)) return 'Password must have numeric characters';
  if (policy.requireSymbols && !hasSymbol(password)) return 'Password must have symbol characters';
  return undefined;
}

/**
 * The message of the InvalidPasswordException `action` answers for this password, exactly as
 * Cognito words it, or undefined when the password conforms.
 * @example passwordProblem('short', 'ChangePassword') === 'Password does not conform to policy: Password not long enough'
 */
export function passwordProblem(
  password: string,
  action: PasswordAction,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
): string | undefined {
  const rule = brokenPasswordRule(password, policy);
  return rule && `${NOT_CONFORMING[action]}: ${rule}`;
}
