import { useNavigate, useSearchParams } from 'react-router';
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
    showSnackbar('Your password has been changed. Sign in with your new password.', 'success');
    navigate(paths.auth.passwordSignIn.getHref(), { replace: true });
  });

  const resend = form.handleSubmit(
    async (values) => {
      const client = await auth.getClient();
      await client.resetPassword({ username: ZEmailAddress.parse(values.email) });
      showSnackbar('A new code is on its way.', 'success');
    },
    { only: ['email'] },
  );

  return (
    <AuthForm
      title="Choose a new password"
      subtitle="Enter the code we e-mailed you and your new password."
      form={form}
      onSubmit={submit}
      submitLabel="Change password"
      busyLabel="Saving…"
      footer={
        <>
          <BackToSignIn />
          <Link component="button" type="button" onClick={() => resend()}>
            Send a new code
          </Link>
        </>
      }
    >
      <EmailField />
      <OneTimeCodeField
        {...form.textField('code')}
        label="Code from the e-mail"
        autoFocus={Boolean(email)}
      />
      <NewPasswordFields name="password" />
    </AuthForm>
  );
}
