import { z } from 'zod';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { MESSAGES } from './messages.ts';

/**
 * What the sign-in, password and two-step verification screens accept before they call the
 * identity service (which checks again). Values are keyed like the screens' fields.
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

/** An e-mail address as typed; read lowercased (spec §5). */
export const ZEmailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, SIGN_IN_MESSAGES.enterEmail)
  .pipe(z.email({ error: SIGN_IN_MESSAGES.invalidEmail }));

/** A password being entered (not chosen): only non-empty (spec §5). */
export const ZPassword = z.string().min(1, SIGN_IN_MESSAGES.enterPassword);

/** A password being chosen: the rules above, one message at a time. */
export const ZNewPassword = z.string().superRefine((password, context) => {
  const problem = passwordProblem(password);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/** A 6-digit one-time code: from the authenticator app, or `message` for another source. */
export const oneTimeCode = (message: string = SIGN_IN_MESSAGES.enterAppCode) =>
  z.string().regex(/^\d{6}$/, message);

const repeated = <T extends { confirmation: string }>(pick: (values: T) => string) => ({
  check: (values: T) => values.confirmation === pick(values),
  params: { path: ['confirmation'], message: SIGN_IN_MESSAGES.passwordsDiffer, when: () => true },
});

/** The e-mail step of password sign-in, and the "forgot password" screen. */
export const ZEmailForm = z.object({ email: ZEmailAddress });

/** The password step of password sign-in. */
export const ZPasswordSignInForm = z.object({ email: ZEmailAddress, password: ZPassword });

/** The 6-digit code of the two-step verification screens. */
export const ZOneTimeCodeForm = z.object({ code: oneTimeCode() });

/** The 8-digit code e-mailed for signing in (instead of a password, or as a second step). */
export const ZEmailSignInCodeForm = z.object({
  code: z
    .string()
    .regex(new RegExp(`^\\d{${EMAIL_SIGN_IN_CODE_LENGTH}}$`), SIGN_IN_MESSAGES.enterSignInCode),
});

const newPassword = repeated<{ password: string; confirmation: string }>((v) => v.password);
/** A new password and its repetition (the identity service asks for one at first sign-in). */
export const ZNewPasswordForm = z
  .object({ password: ZNewPassword, confirmation: z.string() })
  .refine(newPassword.check, newPassword.params);

/** Confirming a password reset: the e-mailed code and the new password (spec §5). */
export const ZResetPasswordForm = z
  .object({
    email: ZEmailAddress,
    code: oneTimeCode(SIGN_IN_MESSAGES.enterMailedCode),
    password: ZNewPassword,
    confirmation: z.string(),
  })
  .refine(newPassword.check, newPassword.params);

const changed = repeated<{ newPassword: string; confirmation: string }>((v) => v.newPassword);
/** Changing the password: old and new needed, the same again is refused (spec §5). */
export const ZChangePasswordForm = z
  .object({
    oldPassword: z.string().min(1, 'Enter your current password.'),
    newPassword: ZNewPassword,
    confirmation: z.string(),
  })
  .refine((values) => !values.oldPassword || values.newPassword !== values.oldPassword, {
    path: ['newPassword'],
    message: MESSAGES.passwordUpdateError,
    when: () => true,
  })
  .refine(changed.check, changed.params);
