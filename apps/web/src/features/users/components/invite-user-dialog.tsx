import Grid from '@mui/material/Grid';
import { INVITATION_VALIDITY_DAYS, ZInvitationBody } from '@laurel/contract/invitations';
import { ROLE_IDS, ROLES, type RoleId } from '@laurel/contract/roles';

import { FormDialog } from '../../../components/forms/form-dialog';
import { FormSelect, FormTextField } from '../../../components/forms/form-fields';
import { useFormState, validateWith } from '../../../components/forms/use-form-state';
import { useInviteUserMutation } from '../api/users-api';
import { roleOptions } from './role-options';

interface Values extends Record<string, unknown> {
  email: string;
  first_name: string;
  last_name: string;
  role_id: RoleId;
}

const toBody = (values: Values) => ({
  email: values.email.trim(),
  first_name: values.first_name.trim(),
  last_name: values.last_name.trim(),
  role_id: values.role_id,
});

/**
 * Roles an invitation may carry: Platform Admin only when a platform admin invites into the
 * platform organization (the server checks the same).
 */
export function invitableRoles(viewerIsPlatformAdmin: boolean, intoPlatform: boolean): RoleId[] {
  return ROLE_IDS.filter(
    (role) => role !== ROLES.PLATFORM_ADMIN || (viewerIsPlatformAdmin && intoPlatform),
  );
}

const HALF = { xs: 12, sm: 6 } as const;
// Not the inviting admin's own address, which a browser would offer.
const EMAIL = { type: 'email', autoComplete: 'off' } as const;

export interface InviteUserDialogProps {
  open: boolean;
  organizationId: number;
  organizationName: string;
  roles: RoleId[];
  onClose: () => void;
}

/** "Invite user": e-mail, name and role; the server sends the invitation e-mail. */
export function InviteUserDialog(props: InviteUserDialogProps) {
  return props.open ? <InviteUserForm {...props} /> : null;
}

function InviteUserForm({
  organizationId,
  organizationName,
  roles,
  onClose,
}: InviteUserDialogProps) {
  const form = useFormState<Values>(
    { email: '', first_name: '', last_name: '', role_id: ROLES.USER },
    validateWith(ZInvitationBody, toBody),
  );
  const [invite] = useInviteUserMutation();

  return (
    <FormDialog
      form={form}
      title={`Invite a user to ${organizationName}`}
      description={`We e-mail them a link to accept. It works once and expires in ${INVITATION_VALIDITY_DAYS} days.`}
      submitLabel="Send invitation"
      busyLabel="Sending…"
      save={(values) => invite({ organizationId, body: toBody(values) }).unwrap()}
      savedMessage={({ user }) => `Invitation sent to ${user.email}.`}
      onClose={onClose}
    >
      <Grid container columnSpacing={4}>
        <FormTextField
          name="email"
          label="E-mail address"
          {...EMAIL}
          required
          autoFocus
          grid={12}
        />
        <FormTextField name="first_name" label="First name" required grid={HALF} />
        <FormTextField name="last_name" label="Last name" required grid={HALF} />
        <FormSelect name="role_id" label="Role" options={roleOptions(roles)} grid={12} />
      </Grid>
    </FormDialog>
  );
}
