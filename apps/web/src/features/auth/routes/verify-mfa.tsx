import { useIntl } from 'react-intl';
import { ZOneTimeCodeForm } from '@laurel/contract/sign-in';

import { identityErrorText } from '../../../lib/auth/identity-errors';
import { AuthForm, BackToSignIn } from '../components/auth-form';
import { OneTimeCodeField } from '../../../components/forms/one-time-code-field';
import { useFormState, validateWith } from '../../../components/forms/use-form-state';
import { useSignInFlow } from '../lib/use-sign-in-flow';

/** `/auth/verify-mfa`: the code from the authenticator app. */
export default function VerifyMfaRoute() {
  const { confirmChallenge } = useSignInFlow();
  const intl = useIntl();
  const form = useFormState({ code: '' }, validateWith(ZOneTimeCodeForm), {
    errorText: identityErrorText,
  });

  return (
    <AuthForm
      title={intl.formatMessage({ id: 'auth.verifyMfa.title' })}
      subtitle={intl.formatMessage({ id: 'auth.verifyMfa.subtitle' })}
      form={form}
      onSubmit={form.handleSubmit(({ code }) => confirmChallenge(code))}
      submitLabel={intl.formatMessage({ id: 'auth.verifyMfa.submit' })}
      busyLabel={intl.formatMessage({ id: 'auth.form.checking' })}
      footer={<BackToSignIn />}
    >
      <OneTimeCodeField {...form.textField('code')} autoFocus />
    </AuthForm>
  );
}
