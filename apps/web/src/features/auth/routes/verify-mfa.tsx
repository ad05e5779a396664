import { ZOneTimeCodeForm } from '@laurel/contract/sign-in';

import { identityErrorText } from '../../../lib/auth/identity-errors';
import { AuthForm, BackToSignIn } from '../components/auth-form';
import { OneTimeCodeField } from '../../../components/forms/one-time-code-field';
import { useFormState, validateWith } from '../../../components/forms/use-form-state';
import { useSignInFlow } from '../lib/use-sign-in-flow';

/** `/auth/verify-mfa`: the code from the authenticator app. */
export default function VerifyMfaRoute() {
  const { confirmChallenge } = useSignInFlow();
  const form = useFormState({ code: '' }, validateWith(ZOneTimeCodeForm), {
    errorText: identityErrorText,
  });

  return (
    <AuthForm
      title="Two-step verification"
      subtitle="Open your authenticator app and enter the 6-digit code it shows for Laurel."
      form={form}
      onSubmit={form.handleSubmit(({ code }) => confirmChallenge(code))}
      submitLabel="Verify"
      busyLabel="Checking…"
      footer={<BackToSignIn />}
    >
      <OneTimeCodeField {...form.textField('code')} autoFocus />
    </AuthForm>
  );
}
