import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { INVITATION_VALIDITY_DAYS, ZInvitationBody } from '@laurel/contract/invitations';
import { ROLE_IDS, ROLE_LABELS, ROLES, type RoleId } from '@laurel/contract/roles';

import { issuesToFieldErrors, useFormState } from '../../../components/forms/use-form-state';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { getErrorText } from '../../../lib/errors/error-text';
import { useInviteUserMutation } from '../api/users-api';

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
const validate = (values: Values) => issuesToFieldErrors(ZInvitationBody.safeParse(toBody(values)));

/**
 * Roles an invitation may carry: Platform Admin only when a platform admin invites into the
 * platform organization (the server checks the same).
 */
export function invitableRoles(viewerIsPlatformAdmin: boolean, intoPlatform: boolean): RoleId[] {
  return ROLE_IDS.filter(
    (role) => role !== ROLES.PLATFORM_ADMIN || (viewerIsPlatformAdmin && intoPlatform),
  );
}

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
    validate,
  );
  const { values, errors, set } = form;
  const [invite, { isLoading }] = useInviteUserMutation();
  const { showSnackbar } = useSnackbar();

  const save = async () => {
    if (!form.submit()) return;
    try {
      const { user } = await invite({ organizationId, body: toBody(values) }).unwrap();
      showSnackbar(`Invitation sent to ${user.email}.`, 'success');
      onClose();
    } catch (error) {
      form.applyServerErrors(error);
      showSnackbar(getErrorText(error), 'error');
    }
  };

  const text = (name: 'email' | 'first_name' | 'last_name', label: string, extra: object = {}) => (
    <TextField
      fullWidth
      required
      label={label}
      value={values[name]}
      onChange={(event) => set(name, event.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? ' '}
      {...extra}
    />
  );

  return (
    <Dialog
      open
      onClose={isLoading ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true } as object }}
    >
      <DialogTitle>Invite a user to {organizationName}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 4 }}>
          We e-mail them a link to accept. It works once and expires in {INVITATION_VALIDITY_DAYS}{' '}
          days.
        </DialogContentText>
        <Grid container columnSpacing={4}>
          <Grid size={12}>
            {text('email', 'E-mail address', {
              type: 'email',
              autoFocus: true,
              autoComplete: 'off',
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{text('first_name', 'First name')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{text('last_name', 'Last name')}</Grid>
          <Grid size={12}>
            <TextField
              select
              fullWidth
              label="Role"
              value={values.role_id}
              onChange={(event) => set('role_id', Number(event.target.value) as RoleId)}
              error={Boolean(errors.role_id)}
              helperText={errors.role_id ?? ' '}
            >
              {roles.map((id) => (
                <MenuItem key={id} value={id}>
                  {ROLE_LABELS[id]}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 6, pb: 5 }}>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={isLoading}
          onClick={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {isLoading ? 'Sending…' : 'Send invitation'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
