import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { INVITATION_VALIDITY_DAYS, type TInvitationDetails } from '@laurel/contract/invitations';
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

/** "Olivia Admin invited you to join Northwind on Laurel as User." */
const invitedSentence = (intl: IntlShape, details: TInvitationDetails) =>
  intl.formatMessage(
    { id: 'auth.invitation.invited' },
    {
      inviter: details.inviterName,
      organization: details.organizationName,
      role: intl.formatMessage({ id: `roles.${details.roleId}` }),
    },
  );

/** "Already set up? Sign in", under the invitation's steps. */
function AlreadySetUp() {
  return (
    <FormattedMessage
      id="auth.invitation.alreadySetUp"
      values={{
        link: (chunks) => <TextLink to={paths.auth.passwordSignIn.getHref()}>{chunks}</TextLink>,
      }}
    />
  );
}

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
  const intl = useIntl();
  const invalidTitle = intl.formatMessage({ id: 'auth.invitation.invalidTitle' });

  if (!token)
    return (
      <Unusable title={invalidTitle} message={intl.formatMessage({ id: 'invitations.invalid' })} />
    );
  if (details.isLoading)
    return (
      <AuthForm
        title={intl.formatMessage({ id: 'auth.invitation.readingTitle' })}
        onSubmit={() => undefined}
      >
        <Progress label={intl.formatMessage({ id: 'auth.invitation.reading' })} />
      </AuthForm>
    );
  if (!details.data) return <Unusable title={invalidTitle} message={getErrorText(details.error)} />;

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
          title={intl.formatMessage({ id: 'auth.invitation.expiredTitle' })}
          message={intl.formatMessage(
            { id: 'auth.invitation.expired' },
            {
              inviter: invitation.inviterName,
              organization: invitation.organizationName,
              date: formatDate(invitation.expiresAt),
              days: INVITATION_VALIDITY_DAYS,
            },
          )}
          severity="warning"
        />
      );
    case 'REVOKED':
      return (
        <Unusable
          title={intl.formatMessage({ id: 'auth.invitation.revokedTitle' })}
          message={intl.formatMessage(
            { id: 'auth.invitation.revoked' },
            {
              revoked: intl.formatMessage({ id: 'invitations.revoked' }),
              email: invitation.email,
            },
          )}
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
    <AuthForm title={title} onSubmit={() => undefined} footer={<AlreadySetUp />}>
      <Alert severity={severity}>{message}</Alert>
    </AuthForm>
  );
}

function AlreadyAccepted({ invitation }: { invitation: TInvitationDetails }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const intl = useIntl();
  return (
    <AuthForm
      title={intl.formatMessage({ id: 'auth.invitation.acceptedTitle' })}
      subtitle={intl.formatMessage(
        { id: 'auth.invitation.accepted' },
        { organization: invitation.organizationName, email: invitation.email },
      )}
      onSubmit={() => {
        auth.updateLoginData({ email: invitation.email });
        navigate(paths.auth.passwordSignIn.getHref());
      }}
      submitLabel={intl.formatMessage({ id: 'auth.passwordSignIn.submit' })}
    >
      <Alert severity="info" role="status">
        <FormattedMessage id="invitations.used" />
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
  const intl = useIntl();
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
      title={intl.formatMessage(
        { id: 'auth.invitation.joinTitle' },
        { organization: invitation.organizationName },
      )}
      subtitle={intl.formatMessage(
        { id: 'auth.invitation.choosePassword' },
        { invited: invitedSentence(intl, invitation) },
      )}
      form={form}
      notice={
        invitation.passkeysAllowed ? (
          <Alert
            severity="info"
            role="status"
            icon={<Icon name="key" size="inherit" />}
            className={styles.message}
          >
            <FormattedMessage id="auth.invitation.passkeyLater" />
          </Alert>
        ) : null
      }
      onSubmit={submit}
      submitLabel={intl.formatMessage({ id: 'auth.invitation.setPasswordAndJoin' })}
      busyLabel={intl.formatMessage({ id: 'auth.invitation.joining' })}
      footer={<AlreadySetUp />}
    >
      <TextField
        label={intl.formatMessage({ id: 'auth.emailAddress' })}
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
  const intl = useIntl();
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
      title={intl.formatMessage(
        { id: 'auth.invitation.joinTitle' },
        { organization: invitation.organizationName },
      )}
      subtitle={intl.formatMessage(
        { id: 'auth.invitation.companyAccount' },
        {
          invited: invitedSentence(intl, invitation),
          organization: invitation.organizationName,
          email: invitation.email,
        },
      )}
      form={form}
      notice={
        leaving ? (
          <Alert severity="info" role="status" className={styles.message}>
            <FormattedMessage id="auth.invitation.leaving" />
          </Alert>
        ) : null
      }
      onSubmit={submit}
      submitLabel={intl.formatMessage({
        id: leaving ? 'auth.form.busy' : 'auth.invitation.continueWithCompany',
      })}
      submitDisabled={leaving}
    />
  );
}
