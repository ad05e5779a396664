import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { INVITATION_MESSAGES } from '@laurel/contract/invitations';

import { paths } from '../../../lib/routing/paths';
import { getErrorText } from '../../../lib/errors/error-text';
import { useAuth } from '../../../lib/auth/use-auth';
import { useAcceptInvitationMutation } from '../api/invitation-api';
import { AuthForm } from '../components/auth-form';

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
  const [accept, { isLoading }] = useAcceptInvitationMutation();
  const [error, setError] = useState<string | null>(token ? null : INVITATION_MESSAGES.invalid);
  const [leaving, setLeaving] = useState(false);

  const submit = async () => {
    setError(null);
    try {
      const result = await accept({ token }).unwrap();
      auth.updateLoginData({ email: result.email });
      if (result.isFederated && result.redirectUri) {
        setLeaving(true);
        window.location.assign(result.redirectUri);
        return;
      }
      navigate(paths.auth.passwordSignIn.getHref({ checkEmail: true }), { replace: true });
    } catch (caught) {
      setError(getErrorText(caught));
    }
  };

  return (
    <AuthForm
      title="Accept your invitation"
      subtitle="You were invited to Laurel. Accept to set up your sign-in."
      error={error}
      onSubmit={() => void submit()}
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
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!token || isLoading || leaving}
        sx={{ py: 3 }}
      >
        {isLoading || leaving ? 'Please wait…' : 'Accept invitation'}
      </Button>
    </AuthForm>
  );
}
