import { paths } from '../../../lib/routing/paths';
import { textOf } from '../../../lib/i18n/catalogue';

/** The `nextStep.signInStep` values the identity client returns (spec §4). */
export type SignInStep =
  | 'DONE'
  | 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED'
  | 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP'
  | 'CONFIRM_SIGN_IN_WITH_TOTP_CODE'
  | 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION'
  | 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION'
  | 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP'
  | 'CONFIRM_SIGN_IN_WITH_SMS_CODE'
  | 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE'
  | 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE'
  | 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION'
  | 'CONFIRM_SIGN_IN_WITH_PASSWORD'
  | 'RESET_PASSWORD'
  | 'CONFIRM_SIGN_UP';

export type SignInOutcome =
  | { kind: 'done' }
  | { kind: 'navigate'; href: string }
  | { kind: 'message'; severity: 'info' | 'warning' | 'error'; message: string };

/**
 * Where the sign-in state machine goes after a step (spec §4). `email` is needed by the reset
 * screen; `redirectTo` is where the user wanted to go before signing in.
 */
export function outcomeForStep(
  step: SignInStep,
  options: { email: string; redirectTo?: string | null },
): SignInOutcome {
  switch (step) {
    case 'DONE':
      return { kind: 'done' };
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { kind: 'navigate', href: paths.auth.setPassword.getHref(options.redirectTo) };
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
      return { kind: 'navigate', href: paths.auth.setupMfa.getHref(options.redirectTo) };
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { kind: 'navigate', href: paths.auth.verifyMfa.getHref(options.redirectTo) };
    case 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION':
      return { kind: 'navigate', href: paths.auth.selectMethod.getHref(options) };
    case 'CONFIRM_SIGN_IN_WITH_PASSWORD':
      return {
        kind: 'navigate',
        href: paths.auth.selectMethod.getHref({ ...options, password: true }),
      };
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
      return { kind: 'navigate', href: paths.auth.verifyEmailCode.getHref(options.redirectTo) };
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
      return { kind: 'navigate', href: paths.auth.selectMfa.getHref(options.redirectTo) };
    case 'RESET_PASSWORD':
      return { kind: 'navigate', href: paths.auth.resetPassword.getHref(options.email) };
    case 'CONFIRM_SIGN_UP':
      return {
        kind: 'message',
        severity: 'warning',
        message: textOf('auth.signInStep.confirmSignUp'),
      };
    default:
      return { kind: 'message', severity: 'error', message: textOf('auth.signInStep.unsupported') };
  }
}
