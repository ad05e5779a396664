import { z } from 'zod';

import { MESSAGES } from './messages.ts';
import {
  EMAIL_ADDRESS_PATTERN,
  EMAIL_SIGN_IN_CODE_LENGTH,
  SIGN_IN_MESSAGES,
  passwordProblem,
} from './sign-in-fields.ts';

/**
 * What the sign-in, password and two-step verification screens accept before they call the
 * identity service (which checks again). Values are keyed like the screens' fields.
 */

/** An e-mail address as typed; read lowercased (spec §5). */
export const ZEmailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, SIGN_IN_MESSAGES.enterEmail)
  .pipe(z.email({ pattern: EMAIL_ADDRESS_PATTERN, error: SIGN_IN_MESSAGES.invalidEmail }));

/** A password being entered (not chosen): only non-empty (spec §5). */
export const ZPassword = z.string().min(1, SIGN_IN_MESSAGES.enterPassword);

/** A password being chosen: the rules of `sign-in-fields.ts`, one message at a time. */
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
