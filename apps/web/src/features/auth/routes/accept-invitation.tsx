import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  INVITATION_MESSAGES,
  INVITATION_VALIDITY_DAYS,
  type TInvitationDetails,
} from '@laurel/contract/invitations';
import { ROLE_LABELS } from '@laurel/contract/roles';
import { ZNewPasswordForm } from '@laurel/contract/sign-in';

import { NewPasswordFields } from '../../../components/forms/new-password-fields';
import { useFormState, validateWith } from '../../../components/forms/use-form-state';
import { Alert } from '../../../components/plain/alert';
import { Icon } from '../../../components/plain/icons';
import { Progress } from '../../../components/plain/progress';
import { TextField } from '../../../components/plain/text-field';
import { TextLink } from '../../../components/plain/text-link';
import { rememberPasswordSignIn } from '../../../lib/auth/passkey-offer';
import { getErrorText } from '../../../lib/errors/error-text';
import { formatDate } from '../../../lib/format/format';
import { paths } from '../../../lib/routing/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import { useAcceptInvitationMutation, useGetInvitationDetailsQuery } from '../api/invitation-api';
import { AuthForm } from '../components/auth-form';
import { useSignInFlow } from '../lib/use-sign-in-flow';
import styles from '../components/auth.module.css';

const NO_FIELDS = () => ({});

export const INVITATION_TITLES = {
  reading: 'Accept your invitation',
  invalid: 'This invitation link does not work',
  accepted: 'Invitation already accepted',
  expired: 'This invitation has expired',
  revoked: 'This invitation was withdrawn',
} as const;

/** "Olivia Admin invited you to join Northwind on Laurel as User." */
const invitedSentence = (details: TInvitationDetails) =>
  `${details.inviterName} invited you to join ${details.organizationName} on Laurel as ${ROLE_LABELS[details.roleId]}.`;

/**
 * `/auth/accept-invitation?token=…`: the one link of an invitation e-mail. The page names the
 * organization, the inviter and the role; a password user chooses their password here and is
 * signed in at once, a company user goes on to their company's sign-in page. A used, expired or
 * withdrawn link says what to do instead.
 */
export default function AcceptInvitationRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const details = useGetInvitationDetailsQuery(token, { skip: !token });

  if (!token)
    return <Unusable title={INVITATION_TITLES.invalid} message={INVITATION_MESSAGES.invalid} />;
  if (details.isLoading)
    return (
      <AuthForm title={INVITATION_TITLES.reading} onSubmit={() => undefined}>
        <Progress label="Reading your invitation" />
      </AuthForm>
    );
  if (!details.data)
    return <Unusable title={INVITATION_TITLES.invalid} message={getErrorText(details.error)} />;

  const invitation = details.data;
  switch (invitation.status) {
    case 'PENDING':
      return invitation.isFederated ? (
        <JoinWithCompany token={token} invitation={invitation} />
      ) : (
        <JoinWithPassword token={token} invitation={invitation} />
      );
    case 'ACCEPTED':
      return <AlreadyAccepted invitation={invitation} />;
    case 'EXPIRED':
      return (
        <Unusable
          title={INVITATION_TITLES.expired}
          message={`The link ${invitation.inviterName} sent you to join ${invitation.organizationName} expired on ${formatDate(invitation.expiresAt)}. Ask ${invitation.inviterName} or another admin of ${invitation.organizationName} to send you a new invitation: its link works for ${INVITATION_VALIDITY_DAYS} days.`}
          severity="warning"
        />
      );
    case 'REVOKED':
      return (
        <Unusable
          title={INVITATION_TITLES.revoked}
          message={`${INVITATION_MESSAGES.revoked} A newer invitation e-mail to ${invitation.email}, if there is one, has a link that works.`}
          severity="warning"
        />
      );
  }
}

function Unusable({
  title,
  message,
  severity = 'error',
}: {
  title: string;
  message: string;
  severity?: 'error' | 'warning';
}) {
  return (
    <AuthForm
      title={title}
      onSubmit={() => undefined}
      footer={
        <>
          Already set up? <TextLink to={paths.auth.passwordSignIn.getHref()}>Sign in</TextLink>
        </>
      }
    >
      <Alert severity={severity}>{message}</Alert>
    </AuthForm>
  );
}

function AlreadyAccepted({ invitation }: { invitation: TInvitationDetails }) {
  const auth = useAuth();
  const navigate = useNavigate();
  return (
    <AuthForm
      title={INVITATION_TITLES.accepted}
      subtitle={`You joined ${invitation.organizationName} with ${invitation.email}.`}
      onSubmit={() => {
        auth.updateLoginData({ email: invitation.email });
        navigate(paths.auth.passwordSignIn.getHref());
      }}
      submitLabel="Sign in"
    >
      <Alert severity="info" role="status">
        {INVITATION_MESSAGES.used}
      </Alert>
    </AuthForm>
  );
}

function JoinWithPassword({
  token,
  invitation,
}: {
  token: string;
  invitation: TInvitationDetails;
}) {
  const auth = useAuth();
  const navigate = useNavigate();
  const { handleOutput } = useSignInFlow();
  const [accept] = useAcceptInvitationMutation();
  const form = useFormState({ password: '', confirmation: '' }, validateWith(ZNewPasswordForm));
  const { email } = invitation;

  const submit = form.handleSubmit(async ({ password }) => {
    await accept({ token, password }).unwrap();
    auth.updateLoginData({ email });
    // The ordinary sign-in with the password just chosen (SRP: the password stays here).
    rememberPasswordSignIn();
    let output;
    try {
      const client = await auth.getClient();
      output = await client.signIn({ username: email, password });
    } catch {
      // The invitation is accepted and the password set: the sign-in screen finishes the job.
      navigate(paths.auth.passwordSignIn.getHref({ checkEmail: true }), { replace: true });
      return;
    }
    await handleOutput(output, email);
  });

  return (
    <AuthForm
      title={`Join ${invitation.organizationName}`}
      subtitle={`${invitedSentence(invitation)} Choose a password to finish: you are signed in right after.`}
      form={form}
      notice={
        invitation.passkeysAllowed ? (
          <Alert
            severity="info"
            role="status"
            icon={<Icon name="key" size="inherit" />}
            className={styles.message}
          >
            Once you are in, you can add a passkey and sign in without your password.
          </Alert>
        ) : null
      }
      onSubmit={submit}
      submitLabel="Set password and join"
      busyLabel="Joining…"
      footer={
        <>
          Already set up? <TextLink to={paths.auth.passwordSignIn.getHref()}>Sign in</TextLink>
        </>
      }
    >
      <TextField
        label="E-mail address"
        type="email"
        name="username"
        autoComplete="username"
        value={email}
        readOnly
      />
      <NewPasswordFields name="password" autoFocus />
    </AuthForm>
  );
}

function JoinWithCompany({ token, invitation }: { token: string; invitation: TInvitationDetails }) {
  const auth = useAuth();
  const [accept] = useAcceptInvitationMutation();
  const form = useFormState({ token }, NO_FIELDS);
  const [leaving, setLeaving] = useState(false);

  const submit = form.handleSubmit(async () => {
    const result = await accept({ token }).unwrap();
    auth.updateLoginData({ email: result.email });
    if (result.redirectUri) {
      setLeaving(true);
      window.location.assign(result.redirectUri);
    }
  });

  return (
    <AuthForm
      title={`Join ${invitation.organizationName}`}
      subtitle={`${invitedSentence(invitation)} You sign in with your ${invitation.organizationName} company account (${invitation.email}): no Laurel password is needed.`}
      form={form}
      notice={
        leaving ? (
          <Alert severity="info" role="status" className={styles.message}>
            Taking you to your company&apos;s sign-in page…
          </Alert>
        ) : null
      }
      onSubmit={submit}
      submitLabel={leaving ? 'Please wait…' : 'Continue with company sign-in'}
      submitDisabled={leaving}
    />
  );
}
