import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { INVITATION_MESSAGES } from '@laurel/contract/invitations';

import { paths } from '../../../lib/routing/paths';
import { useFormState } from '../../../components/forms/use-form-state';
import { useAuth } from '../../../lib/auth/use-auth';
import { useAcceptInvitationMutation } from '../api/invitation-api';
import { AuthForm } from '../components/auth-form';

/** Nothing to fill in: the token comes with the link. */
const NO_FIELDS = () => ({});

/**
 * `/auth/accept-invitation?token=…`: the link of an invitation e-mail. Accepting sends a
 * password user to sign-in (their temporary password comes by e-mail) and a company user to
 * their company's sign-in page.
 */
export default function AcceptInvitationRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const auth = useAuth();
  const navigate = useNavigate();
  const [accept] = useAcceptInvitationMutation();
  const form = useFormState({ token }, NO_FIELDS);
  const [leaving, setLeaving] = useState(false);

  const submit = form.handleSubmit(async () => {
    const result = await accept({ token }).unwrap();
    // The sign-in screen opens with the invited address filled in.
    auth.updateLoginData({ email: result.email });
    if (result.isFederated && result.redirectUri) {
      setLeaving(true);
      window.location.assign(result.redirectUri);
      return;
    }
    navigate(paths.auth.passwordSignIn.getHref({ checkEmail: true }), { replace: true });
  });

  return (
    <AuthForm
      title="Accept your invitation"
      subtitle="You were invited to Laurel. Accept to set up your sign-in."
      form={form}
      error={token ? form.error : INVITATION_MESSAGES.invalid}
      onSubmit={submit}
      submitLabel={leaving ? 'Please wait…' : 'Accept invitation'}
      submitDisabled={!token || leaving}
      footer={
        <Typography variant="body2" color="text.secondary">
          Already set up?{' '}
          <Link component={RouterLink} to={paths.auth.passwordSignIn.getHref()}>
            Sign in
          </Link>
        </Typography>
      }
    >
      {leaving ? (
        <Alert severity="info" icon={<MarkEmailReadOutlined />}>
          Taking you to your company&apos;s sign-in page…
        </Alert>
      ) : null}
    </AuthForm>
  );
}
