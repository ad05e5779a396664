import { FormattedMessage, useIntl } from 'react-intl';
import Link from '@mui/material/Link';
import { EMAIL_SIGN_IN_CODE_LENGTH } from '@laurel/contract/sign-in-fields';
import { ZEmailSignInCodeForm } from '@laurel/contract/sign-in';

import { OneTimeCodeField } from '../../../components/forms/one-time-code-field';
import { useFormState, validateWith } from '../../../components/forms/use-form-state';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { identityErrorText } from '../../../lib/auth/identity-errors';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthForm, BackToSignIn, ExpiredStep } from '../components/auth-form';
import { useSignInFlow } from '../lib/use-sign-in-flow';

/** A sign-in code is valid this long (the identity service's e-mail says so too). */
const CODE_VALID_MINUTES = 3;

/** Codes the identity service refused: said under the code field. */
const CODE_ERRORS = new Set(['CodeMismatchException', 'ExpiredCodeException']);

const errorName = (caught: unknown) =>
  caught && typeof caught === 'object' && 'name' in caught ? String(caught.name) : '';

/**
 * `/auth/verify-email-code`: the 8-digit code e-mailed instead of the password, or as the second
 * step after it. A code for signing in without the password can be sent again (a new sign-in
 * with the same choice); the second step's code comes again by signing in again.
 */
export default function VerifyEmailCodeRoute() {
  const auth = useAuth();
  const { showSnackbar } = useSnackbar();
  const intl = useIntl();
  const { confirmChallenge, handleOutput } = useSignInFlow();
  const { email, codeDestination, emailCodeUse } = auth.loginData;
  const form = useFormState({ code: '' }, validateWith(ZEmailSignInCodeForm), {
    errorText: identityErrorText,
    fieldErrorsOf: (caught): Record<string, string> =>
      CODE_ERRORS.has(errorName(caught)) ? { code: identityErrorText(caught) } : {},
  });

  const resend = form.handleSubmit(
    async () => {
      const client = await auth.getClient();
      const output = await client.signIn({
        username: email,
        options: { authFlowType: 'USER_AUTH', preferredChallenge: 'EMAIL_OTP' },
      });
      form.reset({ code: '' });
      await handleOutput(output, email, { emailCodeUse: 'first-factor' });
      if (output.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE')
        showSnackbar(intl.formatMessage({ id: 'auth.verifyEmailCode.resent' }), 'success');
    },
    { only: [] },
  );

  if (!email)
    return (
      <ExpiredStep title={intl.formatMessage({ id: 'auth.verifyEmailCode.title' })} what="signIn" />
    );

  const firstFactor = emailCodeUse === 'first-factor';
  return (
    <AuthForm
      title={intl.formatMessage({
        id: firstFactor ? 'auth.verifyEmailCode.title' : 'auth.verifyMfa.title',
      })}
      subtitle={intl.formatMessage(
        { id: 'auth.verifyEmailCode.subtitle' },
        {
          length: EMAIL_SIGN_IN_CODE_LENGTH,
          destination: codeDestination || email,
          minutes: CODE_VALID_MINUTES,
        },
      )}
      form={form}
      onSubmit={form.handleSubmit(async ({ code }) => {
        const outcome = await confirmChallenge(code);
        if (outcome.kind === 'message') throw new Error(outcome.message);
      })}
      submitLabel={intl.formatMessage({
        id: firstFactor ? 'auth.passwordSignIn.submit' : 'auth.verifyMfa.submit',
      })}
      busyLabel={intl.formatMessage({ id: 'auth.form.checking' })}
      footer={
        <>
          <BackToSignIn />
          {firstFactor ? (
            <Link component="button" type="button" onClick={() => resend()} disabled={form.busy}>
              <FormattedMessage id="auth.sendNewCode" />
            </Link>
          ) : null}
        </>
      }
    >
      <OneTimeCodeField
        {...form.textField('code')}
        label={intl.formatMessage({ id: 'auth.codeFromEmail' })}
        length={EMAIL_SIGN_IN_CODE_LENGTH}
        autoFocus
      />
    </AuthForm>
  );
}
