import { useIntl } from 'react-intl';
import { ZNewPasswordForm } from '@laurel/contract/sign-in';

import { identityErrorText } from '../../../lib/auth/identity-errors';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthForm, BackToSignIn } from '../components/auth-form';
import { NewPasswordFields } from '../../../components/forms/new-password-fields';
import { useFormState, validateWith } from '../../../components/forms/use-form-state';
import { useSignInFlow } from '../lib/use-sign-in-flow';

/** `/auth/set-password`: the identity service requires a new password (first sign-in with a temporary one). */
export default function SetPasswordRoute() {
  const auth = useAuth();
  const intl = useIntl();
  const { confirmChallenge } = useSignInFlow();
  const form = useFormState({ password: '', confirmation: '' }, validateWith(ZNewPasswordForm), {
    errorText: identityErrorText,
  });

  return (
    <AuthForm
      title={intl.formatMessage({ id: 'auth.setPassword.title' })}
      subtitle={
        auth.loginData.email
          ? intl.formatMessage(
              { id: 'auth.setPassword.subtitleWithEmail' },
              { email: auth.loginData.email },
            )
          : intl.formatMessage({ id: 'auth.setPassword.subtitle' })
      }
      form={form}
      onSubmit={form.handleSubmit(({ password }) => confirmChallenge(password))}
      submitLabel={intl.formatMessage({ id: 'auth.setPassword.submit' })}
      footer={<BackToSignIn />}
    >
      <input
        type="email"
        name="username"
        autoComplete="username"
        value={auth.loginData.email}
        readOnly
        hidden
      />
      <NewPasswordFields name="password" autoFocus />
    </AuthForm>
  );
}
