import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import { ROLE_IDS, ROLE_LABELS, ROLES, isPlatformAdmin, type RoleId } from '@laurel/contract/roles';
import type { TUserSummary } from '@laurel/contract/users';

import { ConfirmDialog } from '../../../components/forms/confirm-dialog';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useAuth } from '../../../lib/auth/use-auth';
import { useCan } from '../../../lib/auth/use-can';
import { getErrorText } from '../../../lib/errors/error-text';
import { useUpdateUserMutation } from '../api/users-api';

/** Roles the signed-in person may hand out: Platform Admin only by a platform admin. */
export function assignableRoles(viewerIsPlatformAdmin: boolean): RoleId[] {
  return ROLE_IDS.filter((role) => viewerIsPlatformAdmin || role !== ROLES.PLATFORM_ADMIN);
}

/** Whether the signed-in person may change this user at all. */
export function useCanManageUser(user: TUserSummary): boolean {
  const { user: session } = useAuth();
  const profile = session?.profile;
  const canDo = useCan();
  if (!profile || profile.id === user.id) return false;
  if (user.roleId === ROLES.PLATFORM_ADMIN && !isPlatformAdmin(profile)) return false;
  return canDo('update:user', { organizationId: user.organizationId });
}

/** Change role and activate/deactivate (with a confirmation), for admins. */
export function UserActions({
  user,
  variant = 'menu',
}: {
  user: TUserSummary;
  variant?: 'menu' | 'buttons';
}) {
  const { user: session } = useAuth();
  const manage = useCanManageUser(user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'role' | 'active' | null>(null);
  const [role, setRole] = useState<RoleId>(user.roleId);
  const [update, { isLoading }] = useUpdateUserMutation();
  const { showSnackbar } = useSnackbar();
  if (!manage) return null;
  const name = `${user.firstName} ${user.lastName}`;

  const save = async (body: { role_id?: RoleId; active?: boolean }, done: string) => {
    try {
      await update({ id: user.id, body }).unwrap();
      showSnackbar(done, 'success');
      setDialog(null);
    } catch (error) {
      showSnackbar(getErrorText(error), 'error');
    }
  };
  const open = (next: 'role' | 'active') => {
    setAnchor(null);
    setRole(user.roleId);
    setDialog(next);
  };

  return (
    <>
      {variant === 'menu' ? (
        <>
          <IconButton
            aria-label={`Actions for ${name}`}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <MoreVert />
          </IconButton>
          <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
            <MenuItem onClick={() => open('role')}>
              <ListItemIcon>
                <BadgeOutlined fontSize="small" />
              </ListItemIcon>
              Change role
            </MenuItem>
            <MenuItem onClick={() => open('active')}>
              <ListItemIcon>
                {user.active ? (
                  <BlockOutlined fontSize="small" />
                ) : (
                  <CheckCircleOutlined fontSize="small" />
                )}
              </ListItemIcon>
              {user.active ? 'Deactivate' : 'Activate'}
            </MenuItem>
          </Menu>
        </>
      ) : (
        <>
          <Button variant="outlined" startIcon={<BadgeOutlined />} onClick={() => open('role')}>
            Change role
          </Button>
          <Button
            variant="outlined"
            color={user.active ? 'error' : 'success'}
            startIcon={user.active ? <BlockOutlined /> : <CheckCircleOutlined />}
            onClick={() => open('active')}
          >
            {user.active ? 'Deactivate' : 'Activate'}
          </Button>
        </>
      )}
      <Dialog
        open={dialog === 'role'}
        onClose={isLoading ? undefined : () => setDialog(null)}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle>Change the role of {name}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 4 }}>
            The new role takes effect on their next request.
          </DialogContentText>
          <TextField
            select
            fullWidth
            label="Role"
            value={role}
            onChange={(event) => setRole(Number(event.target.value) as RoleId)}
          >
            {assignableRoles(isPlatformAdmin(session?.profile)).map((id) => (
              <MenuItem key={id} value={id}>
                {ROLE_LABELS[id]}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions sx={{ px: 6, pb: 5 }}>
          <Button onClick={() => setDialog(null)} disabled={isLoading}>
            Cancel
          </Button>
          <Button
            variant="contained"
            disabled={isLoading || role === user.roleId}
            onClick={() => void save({ role_id: role }, `${name} is now ${ROLE_LABELS[role]}.`)}
          >
            Save role
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={dialog === 'active'}
        title={user.active ? `Deactivate ${name}?` : `Activate ${name}?`}
        confirmLabel={user.active ? 'Deactivate' : 'Activate'}
        destructive={user.active}
        busy={isLoading}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          void save(
            { active: !user.active },
            user.active ? `${name} is deactivated.` : `${name} is active again.`,
          )
        }
      >
        {user.active
          ? `${name} will be signed out and cannot sign in until an administrator activates the account again.`
          : `${name} will be able to sign in again.`}
      </ConfirmDialog>
    </>
  );
}
