import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { BILLING_CODES, type BillingCode } from '@laurel/contract/constants';
import {
  CONTRACT_STATUSES,
  ZContractBody,
  type ContractStatus,
  type TContract,
  type TContractBody,
} from '@laurel/contract/contracts';

import { statusLabel } from '../../../components/display/status-chip';
import { FormDialog } from '../../../components/forms/form-dialog';
import { FormSelect, FormTextField } from '../../../components/forms/form-fields';
import { useFormState, validateWith } from '../../../components/forms/use-form-state';
import { OrganizationField } from '../../../components/forms/organization-picker';
import { useCreateContractMutation, useUpdateContractMutation } from '../api/contracts-api';
import { billingCodeOfLabel, billingCodeText } from '../lib/billing-code-text';

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

/** A line item's code from its label (those who edit contracts are sent the code as well). */
const codeOfLabel = (label: string): BillingCode => billingCodeOfLabel(label) ?? BILLING_CODES[0];

const toValues = (contract?: TContract): Values => ({
  organization_id: contract?.organizationId ?? null,
  number: contract?.number ?? '',
  name: contract?.name ?? '',
  status: contract?.status ?? 'DRAFT',
  start_date: contract?.startDate ?? '',
  end_date: contract?.endDate ?? '',
  line_items: (contract?.lineItems ?? []).map((item) => ({
    billing_code: item.billingCode ?? codeOfLabel(item.billingCodeLabel),
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

const NEW_LINE: LineValues = {
  billing_code: 'A_ADDL_USER',
  description: '',
  unit_price: '',
  included_quantity: '0',
};

const THIRD = { xs: 12, sm: 4 } as const;
const DATE = {
  type: 'date',
  required: true,
  slotProps: { inputLabel: { shrink: true } },
  grid: { xs: 6, sm: 4 },
} as const;

function ContractForm({ organizationId, contract, onClose, onSaved }: ContractFormDialogProps) {
  const picking = organizationId === undefined && !contract;
  const form = useFormState(
    toValues(contract),
    validateWith(ZContractBody, (values: Values) => toBody(values, organizationId)),
  );
  const [create] = useCreateContractMutation();
  const intl = useIntl();
  const billingOptions = BILLING_CODES.map((code) => ({
    value: code,
    label: billingCodeText(intl, code),
  }));
  const statusOptions = CONTRACT_STATUSES.map((status) => ({
    value: status,
    label: statusLabel(status),
  }));
  const [update] = useUpdateContractMutation();
  const lines = form.values.line_items;
  const setLines = (next: LineValues[]) => form.set('line_items', next, { touch: false });

  return (
    <FormDialog
      form={form}
      maxWidth="md"
      title={
        contract
          ? intl.formatMessage({ id: 'contracts.form.edit' }, { number: contract.number })
          : intl.formatMessage({ id: 'contracts.new' })
      }
      submitLabel={intl.formatMessage(
        { id: 'contracts.form.submit' },
        { editing: String(Boolean(contract)) },
      )}
      busyLabel={intl.formatMessage({ id: 'auth.form.saving' })}
      save={(values) => {
        const body = toBody(values, organizationId);
        return contract ? update({ id: contract.id, body }).unwrap() : create(body).unwrap();
      }}
      savedMessage={intl.formatMessage(
        { id: 'contracts.form.saved' },
        { editing: String(Boolean(contract)) },
      )}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Grid container columnSpacing={4} sx={{ pt: 2 }}>
        {picking ? <OrganizationField name="organization_id" autoFocus grid={12} /> : null}
        <FormTextField
          name="number"
          label={intl.formatMessage({ id: 'contracts.number' })}
          required
          autoFocus={!picking}
          grid={THIRD}
        />
        <FormTextField
          name="name"
          label={intl.formatMessage({ id: 'contracts.name' })}
          required
          grid={{ xs: 12, sm: 8 }}
        />
        <FormSelect
          name="status"
          label={intl.formatMessage({ id: 'contracts.status' })}
          options={statusOptions}
          grid={THIRD}
        />
        <FormTextField
          name="start_date"
          label={intl.formatMessage({ id: 'contracts.starts' })}
          {...DATE}
        />
        <FormTextField
          name="end_date"
          label={intl.formatMessage({ id: 'contracts.ends' })}
          {...DATE}
        />
      </Grid>
      <Typography variant="h6" component="h3" sx={{ mt: 2, mb: 3 }}>
        <FormattedMessage id="contracts.lineItems" />
      </Typography>
      {form.errors.line_items ? (
        <Typography color="error" sx={{ mb: 2 }}>
          {form.errors.line_items}
        </Typography>
      ) : null}
      {lines.map((_line, index) => {
        const at = (field: keyof LineValues) => `line_items.${index}.${field}`;
        return (
          <Box
            key={index}
            role="group"
            aria-label={intl.formatMessage({ id: 'contracts.form.line' }, { number: index + 1 })}
            sx={{
              display: 'grid',
              columnGap: 3,
              mb: 2,
              gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 2fr 1fr 1fr auto' },
              alignItems: 'start',
            }}
          >
            <FormSelect
              name={at('billing_code')}
              label={intl.formatMessage({ id: 'contracts.form.billingCode' })}
              options={billingOptions}
              sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
            />
            <FormTextField
              name={at('description')}
              label={intl.formatMessage({ id: 'contracts.form.description' })}
              sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
            />
            <FormTextField
              name={at('unit_price')}
              label={intl.formatMessage({ id: 'contracts.form.unitPrice' })}
              type="number"
              slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
            />
            <FormTextField
              name={at('included_quantity')}
              label={intl.formatMessage({ id: 'contracts.included' })}
              type="number"
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
            />
            <IconButton
              aria-label={intl.formatMessage(
                { id: 'contracts.form.removeLine' },
                { number: index + 1 },
              )}
              onClick={() => setLines(lines.filter((_, position) => position !== index))}
              // Level with the fields, which stand below their margin.
              sx={{ mt: 3 }}
            >
              <DeleteOutlined />
            </IconButton>
          </Box>
        );
      })}
      <Button startIcon={<AddOutlined />} onClick={() => setLines([...lines, NEW_LINE])}>
        <FormattedMessage id="contracts.form.addLine" />
      </Button>
    </FormDialog>
  );
}
