import { useState } from 'react';
import Button from '@mui/material/Button';
import { FormattedMessage, useIntl } from 'react-intl';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import { ROLE_IDS, ROLES, isPlatformAdmin, type RoleId } from '@laurel/contract/roles';
import { ZUserPatchBody, type TUserSummary } from '@laurel/contract/users';

import { ConfirmDialog } from '../../../components/forms/confirm-dialog';
import { FormDialog } from '../../../components/forms/form-dialog';
import { FormSelect } from '../../../components/forms/form-fields';
import { useFormState, validateWith } from '../../../components/forms/use-form-state';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useAuth } from '../../../lib/auth/use-auth';
import { useCan } from '../../../lib/auth/use-can';
import { getErrorText } from '../../../lib/errors/error-text';
import {
  useResendInvitationMutation,
  useRevokeInvitationMutation,
  useUpdateUserMutation,
} from '../api/users-api';
import { roleOptions } from './role-options';

/** Roles the signed-in person may hand out: Platform Admin only by a platform admin. */
function assignableRoles(viewerIsPlatformAdmin: boolean): RoleId[] {
  return ROLE_IDS.filter((role) => viewerIsPlatformAdmin || role !== ROLES.PLATFORM_ADMIN);
}

/** Whether the signed-in person may change this user at all. */
function useCanManageUser(user: TUserSummary): boolean {
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
  onWithdrawn,
}: {
  user: TUserSummary;
  variant?: 'menu' | 'buttons';
  /** After an invitation is withdrawn (the person no longer exists): e.g. leave their page. */
  onWithdrawn?: () => void;
}) {
  const { user: session } = useAuth();
  const intl = useIntl();
  const manage = useCanManageUser(user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'role' | 'active' | 'revoke' | null>(null);
  const [update, { isLoading: updating }] = useUpdateUserMutation();
  const [resend, resending] = useResendInvitationMutation();
  const [revoke, revoking] = useRevokeInvitationMutation();
  const isLoading = updating || resending.isLoading || revoking.isLoading;
  const invited = user.status === 'INVITED';
  const { showSnackbar } = useSnackbar();
  if (!manage) return null;
  const name = `${user.firstName} ${user.lastName}`;

  const save = async (body: { active: boolean }, done: string) => {
    try {
      await update({ id: user.id, body }).unwrap();
      showSnackbar(done, 'success');
      setDialog(null);
    } catch (error) {
      showSnackbar(getErrorText(error), 'error');
    }
  };
  const open = (next: 'role' | 'active' | 'revoke') => {
    setAnchor(null);
    setDialog(next);
  };
  const sendAgain = async () => {
    setAnchor(null);
    try {
      await resend(user.id).unwrap();
      showSnackbar(
        intl.formatMessage({ id: 'users.actions.resent' }, { email: user.email }),
        'success',
      );
    } catch (error) {
      showSnackbar(getErrorText(error), 'error');
    }
  };
  const withdraw = async () => {
    try {
      await revoke(user.id).unwrap();
      showSnackbar(
        intl.formatMessage({ id: 'users.actions.withdrawn' }, { email: user.email }),
        'success',
      );
      setDialog(null);
      onWithdrawn?.();
    } catch (error) {
      showSnackbar(getErrorText(error), 'error');
    }
  };

  return (
    <>
      {variant === 'menu' ? (
        <>
          <IconButton
            aria-label={intl.formatMessage({ id: 'users.actions.menu' }, { name })}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <MoreVert />
          </IconButton>
          <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
            {invited ? (
              <MenuItem onClick={() => void sendAgain()}>
                <ListItemIcon>
                  <ForwardToInboxOutlined fontSize="small" />
                </ListItemIcon>
                <FormattedMessage id="users.actions.resend" />
              </MenuItem>
            ) : null}
            {invited ? (
              <MenuItem onClick={() => open('revoke')}>
                <ListItemIcon>
                  <PersonRemoveOutlined fontSize="small" />
                </ListItemIcon>
                <FormattedMessage id="users.actions.withdraw" />
              </MenuItem>
            ) : null}
            <MenuItem onClick={() => open('role')}>
              <ListItemIcon>
                <BadgeOutlined fontSize="small" />
              </ListItemIcon>
              <FormattedMessage id="users.actions.changeRole" />
            </MenuItem>
            <MenuItem onClick={() => open('active')}>
              <ListItemIcon>
                {user.active ? (
                  <BlockOutlined fontSize="small" />
                ) : (
                  <CheckCircleOutlined fontSize="small" />
                )}
              </ListItemIcon>
              <FormattedMessage
                id="users.actions.toggle"
                values={{ active: String(user.active) }}
              />
            </MenuItem>
          </Menu>
        </>
      ) : (
        <>
          {invited ? (
            <Button
              variant="outlined"
              startIcon={<ForwardToInboxOutlined />}
              onClick={() => void sendAgain()}
              disabled={isLoading}
            >
              <FormattedMessage id="users.actions.resend" />
            </Button>
          ) : null}
          {invited ? (
            <Button
              variant="outlined"
              color="error"
              startIcon={<PersonRemoveOutlined />}
              onClick={() => open('revoke')}
            >
              <FormattedMessage id="users.actions.withdraw" />
            </Button>
          ) : null}
          <Button variant="outlined" startIcon={<BadgeOutlined />} onClick={() => open('role')}>
            <FormattedMessage id="users.actions.changeRole" />
          </Button>
          <Button
            variant="outlined"
            color={user.active ? 'error' : 'success'}
            startIcon={user.active ? <BlockOutlined /> : <CheckCircleOutlined />}
            onClick={() => open('active')}
          >
            <FormattedMessage id="users.actions.toggle" values={{ active: String(user.active) }} />
          </Button>
        </>
      )}
      {dialog === 'role' ? (
        <RoleDialog
          user={user}
          roles={assignableRoles(isPlatformAdmin(session?.profile))}
          onClose={() => setDialog(null)}
        />
      ) : null}
      <ConfirmDialog
        open={dialog === 'revoke'}
        title={intl.formatMessage({ id: 'users.actions.withdrawTitle' }, { name })}
        confirmLabel={intl.formatMessage({ id: 'users.actions.withdrawConfirm' })}
        destructive
        busy={isLoading}
        onCancel={() => setDialog(null)}
        onConfirm={() => void withdraw()}
      >
        <FormattedMessage id="users.actions.withdrawDescription" />
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'active'}
        title={intl.formatMessage(
          { id: 'users.actions.toggleTitle' },
          { active: String(user.active), name },
        )}
        confirmLabel={intl.formatMessage(
          { id: 'users.actions.toggle' },
          { active: String(user.active) },
        )}
        destructive={user.active}
        busy={isLoading}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          void save(
            { active: !user.active },
            intl.formatMessage(
              { id: 'users.actions.toggled' },
              { active: String(user.active), name },
            ),
          )
        }
      >
        <FormattedMessage
          id="users.actions.toggleDescription"
          values={{ active: String(user.active), name }}
        />
      </ConfirmDialog>
    </>
  );
}

/** "Change role": one choice, saved through the users endpoint; the server checks who may. */
function RoleDialog({
  user,
  roles,
  onClose,
}: {
  user: TUserSummary;
  roles: RoleId[];
  onClose: () => void;
}) {
  const form = useFormState<{ role_id: RoleId }>(
    { role_id: user.roleId },
    validateWith(ZUserPatchBody),
  );
  const [update] = useUpdateUserMutation();
  const intl = useIntl();
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <FormDialog
      form={form}
      maxWidth="xs"
      title={intl.formatMessage({ id: 'users.actions.roleTitle' }, { name })}
      description={intl.formatMessage({ id: 'users.actions.roleDescription' })}
      submitLabel={intl.formatMessage({ id: 'users.actions.saveRole' })}
      busyLabel={intl.formatMessage({ id: 'auth.form.saving' })}
      submitDisabled={form.values.role_id === user.roleId}
      save={(values) => update({ id: user.id, body: values }).unwrap()}
      savedMessage={(saved) =>
        intl.formatMessage(
          { id: 'users.actions.roleSaved' },
          { name, role: intl.formatMessage({ id: `roles.${saved.roleId}` }) },
        )
      }
      onClose={onClose}
    >
      <FormSelect
        name="role_id"
        label={intl.formatMessage({ id: 'users.role' })}
        options={roleOptions(roles, (id) => intl.formatMessage({ id }))}
      />
    </FormDialog>
  );
}
