import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { BILLING_CODES, type BillingCode } from '@laurel/contract/constants';
import {
  BILLING_CODE_LABELS,
  CONTRACT_STATUSES,
  ZContractBody,
  type ContractStatus,
  type TContract,
  type TContractBody,
} from '@laurel/contract/contracts';

import { statusLabel } from '../../../components/display/status-chip';
import { issuesToFieldErrors, useFormState } from '../../../components/forms/use-form-state';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { getErrorText } from '../../../lib/errors/error-text';
import {
  OrganizationPicker,
  type OrganizationOption,
} from '../../../components/forms/organization-picker';
import { useCreateContractMutation, useUpdateContractMutation } from '../api/contracts-api';

interface LineValues {
  billing_code: BillingCode;
  description: string;
  unit_price: string;
  included_quantity: string;
}

interface Values extends Record<string, unknown> {
  /** Chosen in the form when the dialog is not opened for one organization. */
  organization_id: number | null;
  number: string;
  name: string;
  status: ContractStatus;
  start_date: string;
  end_date: string;
  line_items: LineValues[];
}

const toValues = (contract?: TContract): Values => ({
  organization_id: contract?.organizationId ?? null,
  number: contract?.number ?? '',
  name: contract?.name ?? '',
  status: contract?.status ?? 'DRAFT',
  start_date: contract?.startDate ?? '',
  end_date: contract?.endDate ?? '',
  line_items: (contract?.lineItems ?? []).map((item) => ({
    billing_code: item.billingCode,
    description: item.description,
    unit_price: String(item.unitPrice),
    included_quantity: String(item.includedQuantity),
  })),
});

const toBody = (values: Values, organizationId: number | undefined): TContractBody => ({
  organization_id: organizationId ?? values.organization_id ?? Number.NaN,
  number: values.number.trim(),
  name: values.name.trim(),
  status: values.status,
  start_date: values.start_date,
  end_date: values.end_date,
  line_items: values.line_items.map((item) => ({
    billing_code: item.billing_code,
    description: item.description.trim(),
    unit_price: item.unit_price === '' ? Number.NaN : Number(item.unit_price),
    included_quantity: item.included_quantity === '' ? Number.NaN : Number(item.included_quantity),
  })),
});

export interface ContractFormDialogProps {
  open: boolean;
  /** The organization the contract belongs to; without it the form asks for one. */
  organizationId?: number;
  contract?: TContract;
  onClose: () => void;
  onSaved?: (contract: TContract) => void;
}

/** Create or edit a contract with its line items (platform admins). */
export function ContractFormDialog(props: ContractFormDialogProps) {
  return props.open ? <ContractForm {...props} /> : null;
}

function ContractForm({ organizationId, contract, onClose, onSaved }: ContractFormDialogProps) {
  const picking = organizationId === undefined && !contract;
  const form = useFormState(toValues(contract), (values) => {
    const errors = issuesToFieldErrors(ZContractBody.safeParse(toBody(values, organizationId)));
    if (picking && values.organization_id === null)
      errors.organization_id = 'Choose an organization';
    return errors;
  });
  const [organization, setOrganization] = useState<OrganizationOption | null>(null);
  const { values, errors, set } = form;
  const [create, creating] = useCreateContractMutation();
  const [update, updating] = useUpdateContractMutation();
  const busy = creating.isLoading || updating.isLoading;
  const { showSnackbar } = useSnackbar();
  const unsaved = useUnsavedChanges(form.dirty);
  const close = unsaved.guard(onClose);

  const setLine = (index: number, changes: Partial<LineValues>) =>
    set(
      'line_items',
      values.line_items.map((item, position) =>
        position === index ? { ...item, ...changes } : item,
      ),
    );

  const save = async () => {
    if (!form.submit()) return;
    try {
      const body = toBody(values, organizationId);
      const saved = contract
        ? await update({ id: contract.id, body }).unwrap()
        : await create(body).unwrap();
      unsaved.release();
      showSnackbar(contract ? 'Contract saved.' : 'Contract created.', 'success');
      onSaved?.(saved);
      onClose();
    } catch (error) {
      form.applyServerErrors(error);
      showSnackbar(getErrorText(error), 'error');
    }
  };

  const field = (
    name: 'number' | 'name' | 'start_date' | 'end_date' | 'status',
    label: string,
    extra: object = {},
  ) => (
    <TextField
      fullWidth
      label={label}
      value={values[name]}
      onChange={(event) => set(name, event.target.value as never)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? ' '}
      {...extra}
    />
  );

  return (
    <Dialog open onClose={busy ? undefined : close} maxWidth="md" fullWidth>
      <DialogTitle>{contract ? `Edit ${contract.number}` : 'New contract'}</DialogTitle>
      <DialogContent>
        <Grid container columnSpacing={4} sx={{ pt: 2 }}>
          {picking ? (
            <Grid size={12}>
              <OrganizationPicker
                required
                autoFocus
                value={organization}
                onChange={(next) => {
                  setOrganization(next);
                  set('organization_id', next?.id ?? null);
                }}
                error={errors.organization_id}
              />
            </Grid>
          ) : null}
          <Grid size={{ xs: 12, sm: 4 }}>
            {field('number', 'Number', { required: true, autoFocus: !picking })}
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>{field('name', 'Name', { required: true })}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            {field('status', 'Status', {
              select: true,
              children: CONTRACT_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {statusLabel(status)}
                </MenuItem>
              )),
            })}
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            {field('start_date', 'Starts', {
              type: 'date',
              required: true,
              slotProps: { inputLabel: { shrink: true } },
            })}
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            {field('end_date', 'Ends', {
              type: 'date',
              required: true,
              slotProps: { inputLabel: { shrink: true } },
            })}
          </Grid>
        </Grid>
        <Typography variant="h6" component="h3" sx={{ mt: 2, mb: 3 }}>
          Line items
        </Typography>
        {errors.line_items ? (
          <Typography color="error" sx={{ mb: 2 }}>
            {errors.line_items}
          </Typography>
        ) : null}
        {values.line_items.map((item, index) => (
          <Box
            key={index}
            role="group"
            aria-label={`Line item ${index + 1}`}
            sx={{
              display: 'grid',
              gap: 3,
              mb: 4,
              gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 2fr 1fr 1fr auto' },
              alignItems: 'start',
            }}
          >
            <TextField
              select
              label="Billing code"
              value={item.billing_code}
              onChange={(event) =>
                setLine(index, { billing_code: event.target.value as BillingCode })
              }
              sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
            >
              {BILLING_CODES.map((code) => (
                <MenuItem key={code} value={code}>
                  {BILLING_CODE_LABELS[code]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Description"
              value={item.description}
              onChange={(event) => setLine(index, { description: event.target.value })}
              sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
            />
            <TextField
              label="Unit price (USD)"
              type="number"
              value={item.unit_price}
              onChange={(event) => setLine(index, { unit_price: event.target.value })}
              slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
            />
            <TextField
              label="Included"
              type="number"
              value={item.included_quantity}
              onChange={(event) => setLine(index, { included_quantity: event.target.value })}
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
            />
            <IconButton
              aria-label={`Remove line item ${index + 1}`}
              onClick={() =>
                set(
                  'line_items',
                  values.line_items.filter((_, position) => position !== index),
                )
              }
              sx={{ mt: 1 }}
            >
              <DeleteOutlined />
            </IconButton>
          </Box>
        ))}
        <Button
          startIcon={<AddOutlined />}
          onClick={() =>
            set('line_items', [
              ...values.line_items,
              {
                billing_code: 'A_ADDL_USER',
                description: '',
                unit_price: '',
                included_quantity: '0',
              },
            ])
          }
        >
          Add line item
        </Button>
      </DialogContent>
      <DialogActions sx={{ px: 6, pb: 5 }}>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>
          {contract ? 'Save' : 'Create contract'}
        </Button>
      </DialogActions>
      {unsaved.prompt}
    </Dialog>
  );
}
