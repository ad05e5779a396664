import { useNavigate, useSearchParams } from 'react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import Link from '@mui/material/Link';
import { ZEmailAddress, ZResetPasswordForm } from '@laurel/contract/sign-in';

import { paths } from '../../../lib/routing/paths';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { identityErrorText } from '../../../lib/auth/identity-errors';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthForm, BackToSignIn, EmailField } from '../components/auth-form';
import { NewPasswordFields } from '../../../components/forms/new-password-fields';
import { OneTimeCodeField } from '../../../components/forms/one-time-code-field';
import { useFormState, validateWith } from '../../../components/forms/use-form-state';

/** `/auth/reset-password`: the e-mailed code and a new password. */
export default function ResetPasswordRoute() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { showSnackbar } = useSnackbar();
  const intl = useIntl();
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  const form = useFormState(
    { email, code: '', password: '', confirmation: '' },
    validateWith(ZResetPasswordForm),
    { errorText: identityErrorText },
  );

  const submit = form.handleSubmit(async (values) => {
    const { email: username, code, password } = ZResetPasswordForm.parse(values);
    const client = await auth.getClient();
    await client.confirmResetPassword({ username, confirmationCode: code, newPassword: password });
    // The sign-in screen opens with the address filled in.
    auth.updateLoginData({ email: username });
    showSnackbar(intl.formatMessage({ id: 'auth.resetPassword.changed' }), 'success');
    navigate(paths.auth.passwordSignIn.getHref(), { replace: true });
  });

  const resend = form.handleSubmit(
    async (values) => {
      const client = await auth.getClient();
      await client.resetPassword({ username: ZEmailAddress.parse(values.email) });
      showSnackbar(intl.formatMessage({ id: 'auth.resetPassword.resent' }), 'success');
    },
    { only: ['email'] },
  );

  return (
    <AuthForm
      title={intl.formatMessage({ id: 'auth.setPassword.title' })}
      subtitle={intl.formatMessage({ id: 'auth.resetPassword.subtitle' })}
      form={form}
      onSubmit={submit}
      submitLabel={intl.formatMessage({ id: 'auth.resetPassword.submit' })}
      busyLabel={intl.formatMessage({ id: 'auth.form.saving' })}
      footer={
        <>
          <BackToSignIn />
          <Link component="button" type="button" onClick={() => resend()}>
            <FormattedMessage id="auth.sendNewCode" />
          </Link>
        </>
      }
    >
      <EmailField />
      <OneTimeCodeField
        {...form.textField('code')}
        label={intl.formatMessage({ id: 'auth.codeFromEmail' })}
        autoFocus={Boolean(email)}
      />
      <NewPasswordFields name="password" />
    </AuthForm>
  );
}
