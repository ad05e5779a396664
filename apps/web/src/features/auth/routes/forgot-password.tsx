import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { ZEmailForm } from '@laurel/contract/sign-in';

import { useFormState, validateWith } from '../../../components/forms/use-form-state';
import { paths } from '../../../lib/routing/paths';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { identityErrorText } from '../../../lib/auth/identity-errors';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthForm, BackToSignIn, EmailField } from '../components/auth-form';

/** `/auth/forgot-password`: sends a reset code by e-mail. */
export default function ForgotPasswordRoute() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { showSnackbar } = useSnackbar();
  const [searchParams] = useSearchParams();
  const intl = useIntl();
  const form = useFormState({ email: searchParams.get('email') ?? '' }, validateWith(ZEmailForm), {
    errorText: identityErrorText,
  });

  const send = form.handleSubmit(async (values) => {
    const { email } = ZEmailForm.parse(values);
    const client = await auth.getClient();
    await client.resetPassword({ username: email });
    showSnackbar(intl.formatMessage({ id: 'auth.forgotPassword.sent' }, { email }), 'success');
    navigate(paths.auth.resetPassword.getHref(email));
  });

  return (
    <AuthForm
      title={intl.formatMessage({ id: 'auth.forgotPassword.title' })}
      subtitle={intl.formatMessage({ id: 'auth.forgotPassword.subtitle' })}
      form={form}
      onSubmit={send}
      submitLabel={intl.formatMessage({ id: 'auth.forgotPassword.submit' })}
      busyLabel={intl.formatMessage({ id: 'auth.form.sending' })}
      footer={<BackToSignIn />}
    >
      <EmailField autoFocus />
    </AuthForm>
  );
}
