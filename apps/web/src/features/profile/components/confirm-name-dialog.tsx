import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage, useIntl } from 'react-intl';

import { useAuth } from '../../../lib/auth/use-auth';
import { ProfileForm } from './profile-form';

const DISMISSED_KEY = 'laurel.confirmName.dismissed';

function wasDismissed(userId: string | undefined): boolean {
  try {
    return Boolean(userId) && window.sessionStorage.getItem(DISMISSED_KEY) === userId;
  } catch {
    return false;
  }
}

/** Asks once after sign-in to confirm the name an administrator entered (profile `nameConfirmed` false). */
export default function ConfirmNameDialog() {
  const { user } = useAuth();
  const intl = useIntl();
  const profile = user?.profile;
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const open = Boolean(
    profile &&
    !profile.nameConfirmed &&
    dismissedFor !== user?.userId &&
    !wasDismissed(user?.userId),
  );

  const dismiss = () => {
    if (!user) return;
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, user.userId);
    } catch {
      // Without storage the dialog may return on the next visit, which is harmless.
    }
    setDismissedFor(user.userId);
  };

  if (!profile) return null;
  return (
    <Dialog
      open={open}
      onClose={dismiss}
      aria-labelledby="confirm-name-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="confirm-name-title" sx={{ fontWeight: 700, pb: 1 }}>
        <FormattedMessage id="profile.confirmName.title" />
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 5 }}>
          <FormattedMessage
            id="profile.confirmName.description"
            values={{ organization: profile.organizationName }}
          />
        </DialogContentText>
        <ProfileForm
          profile={profile}
          namesOnly
          submitLabel={intl.formatMessage({ id: 'profile.confirmName.submit' })}
          onSaved={() => setDismissedFor(user?.userId ?? null)}
          secondaryAction={
            <Button onClick={dismiss}>
              <FormattedMessage id="profile.confirmName.later" />
            </Button>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
