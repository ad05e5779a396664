import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  INVITATION_VALIDITY_DAYS,
  linesOverWithOneMore,
  type TSeatLine,
  ZInvitationBody,
} from '@laurel/contract/invitations';
import { ROLE_IDS, ROLES, type RoleId } from '@laurel/contract/roles';

import { FormDialog } from '../../../components/forms/form-dialog';
import { useFormContext } from '../../../components/forms/form-context';
import { FormSelect, FormTextField } from '../../../components/forms/form-fields';
import {
  type FieldErrors,
  useFormState,
  validateWith,
} from '../../../components/forms/use-form-state';
import { formatCurrency } from '../../../lib/format/format';
import { useGetInvitationSeatsQuery, useInviteUserMutation } from '../api/users-api';
import { roleOptions } from './role-options';

interface Values extends Record<string, unknown> {
  email: string;
  first_name: string;
  last_name: string;
  role_id: RoleId;
  approve_additional_seat: boolean;
}

const toBody = (values: Values) => ({
  email: values.email.trim(),
  first_name: values.first_name.trim(),
  last_name: values.last_name.trim(),
  role_id: values.role_id,
  ...(values.approve_additional_seat ? { approve_additional_seat: true } : {}),
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
const APPROVE = 'approve_additional_seat';

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

/**
 * Said before an invitation would take a seat beyond a current contract: which seat of how many,
 * under which contract, what it costs and who may approve it; sending needs the box ticked.
 */
function AdditionalSeatWarning({ lines }: { lines: TSeatLine[] }) {
  const form = useFormContext();
  const intl = useIntl();
  const error = form.errorOf(APPROVE);
  return (
    <Alert
      severity="warning"
      sx={{ mt: 2 }}
      role="region"
      aria-label={intl.formatMessage({ id: 'users.invite.additionalSeat' })}
    >
      <AlertTitle>
        <FormattedMessage id="users.invite.additionalSeatTitle" />
      </AlertTitle>
      {lines.map((line) => (
        <p key={line.contractId} style={{ margin: '0 0 8px' }}>
          <FormattedMessage
            id="users.invite.seatWarning"
            values={{
              seat: line.usedSeats + 1,
              included: line.includedSeats,
              contractNumber: line.contractNumber,
              contractName: line.contractName,
              price: formatCurrency(line.unitPrice),
            }}
          />
        </p>
      ))}
      <p style={{ margin: 0 }}>
        <FormattedMessage id="users.invite.approvers" />
      </p>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Checkbox
            name={APPROVE}
            checked={Boolean(form.values[APPROVE])}
            onChange={(event) => form.setAt(APPROVE, event.target.checked)}
          />
        }
        label={intl.formatMessage(
          { id: 'users.invite.approve' },
          {
            contracts: intl.formatList(
              lines.map((line) => line.contractNumber),
              { type: 'conjunction' },
            ),
          },
        )}
      />
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Alert>
  );
}

function InviteUserForm({
  organizationId,
  organizationName,
  roles,
  onClose,
}: InviteUserDialogProps) {
  const intl = useIntl();
  const seats = useGetInvitationSeatsQuery(organizationId, { refetchOnMountOrArgChange: true });
  const overLines = linesOverWithOneMore(seats.data?.lines ?? []);
  // The form checks with this render's seats, which arrive after the form is made.
  const needsApproval = overLines.length > 0;
  const checkBody = validateWith(ZInvitationBody, toBody);
  const form = useFormState<Values>(
    { email: '', first_name: '', last_name: '', role_id: ROLES.USER, [APPROVE]: false },
    (values): FieldErrors => ({
      ...checkBody(values),
      ...(needsApproval && !values[APPROVE]
        ? { [APPROVE]: intl.formatMessage({ id: 'invitations.approveSeat' }) }
        : {}),
    }),
  );
  const [invite] = useInviteUserMutation();

  return (
    <FormDialog
      form={form}
      title={intl.formatMessage({ id: 'users.invite.title' }, { organization: organizationName })}
      description={intl.formatMessage(
        { id: 'users.invite.description' },
        { days: INVITATION_VALIDITY_DAYS },
      )}
      submitLabel={intl.formatMessage({ id: 'users.invite.submit' })}
      busyLabel={intl.formatMessage({ id: 'auth.form.sending' })}
      save={async (values) => {
        try {
          return await invite({ organizationId, body: toBody(values) }).unwrap();
        } catch (error) {
          // The seats changed since the dialog opened: show them as they are now.
          void seats.refetch();
          throw error;
        }
      }}
      savedMessage={({ user }) =>
        intl.formatMessage({ id: 'users.invite.sent' }, { email: user.email })
      }
      onClose={onClose}
    >
      <Grid container columnSpacing={4}>
        <FormTextField
          name="email"
          label={intl.formatMessage({ id: 'users.invite.email' })}
          {...EMAIL}
          required
          autoFocus
          grid={12}
        />
        <FormTextField
          name="first_name"
          label={intl.formatMessage({ id: 'users.invite.firstName' })}
          required
          grid={HALF}
        />
        <FormTextField
          name="last_name"
          label={intl.formatMessage({ id: 'users.invite.lastName' })}
          required
          grid={HALF}
        />
        <FormSelect
          name="role_id"
          label={intl.formatMessage({ id: 'users.role' })}
          options={roleOptions(roles, (id) => intl.formatMessage({ id }))}
          grid={12}
        />
      </Grid>
      {overLines.length > 0 ? <AdditionalSeatWarning lines={overLines} /> : null}
    </FormDialog>
  );
}
