import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS, ROLES } from '@laurel/contract/roles';
import { ZSsoSettingsBody, type TSsoSettings, type TSsoTestResult } from '@laurel/contract/sso';

import { DetailGrid } from '../../../components/display/detail-grid';
import { issuesToFieldErrors, useFormState } from '../../../components/forms/use-form-state';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { getErrorText } from '../../../lib/errors/error-text';
import {
  useGetSsoSettingsQuery,
  useSaveSsoSettingsMutation,
  useTestSsoConnectionMutation,
} from '../api/sso-api';

type JitRole = typeof ROLES.ORGANIZATION_ADMIN | typeof ROLES.USER;

interface Values extends Record<string, unknown> {
  issuer: string;
  client_id: string;
  client_secret: string;
  email_domains: string;
  jit_enabled: boolean;
  jit_role_id: JitRole;
}

const toValues = (settings: TSsoSettings): Values => ({
  issuer: settings.issuer,
  client_id: settings.clientId,
  client_secret: '',
  email_domains: settings.emailDomains.join(', '),
  jit_enabled: settings.jitEnabled,
  jit_role_id: settings.jitRoleId,
});

const domainsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim())
    .filter(Boolean);

const toBody = (values: Values) => ({
  issuer: values.issuer.trim(),
  client_id: values.client_id.trim(),
  // Empty keeps the stored secret.
  ...(values.client_secret ? { client_secret: values.client_secret } : {}),
  email_domains: domainsOf(values.email_domains),
  jit_enabled: values.jit_enabled,
  jit_role_id: values.jit_role_id,
});

const validate = (values: Values) =>
  issuesToFieldErrors(ZSsoSettingsBody.safeParse(toBody(values)));

/** Company sign-in (OIDC) of an organization, for platform admins on the organization page. */
export function SsoSettingsCard({
  organizationId,
  loginMode,
}: {
  organizationId: number;
  loginMode: string;
}) {
  const { data, isLoading } = useGetSsoSettingsQuery(organizationId);
  const [editing, setEditing] = useState(false);
  return (
    <Card component="section" aria-labelledby="sso-settings-title">
      <CardContent sx={{ p: 6, '&:last-child': { pb: 6 } }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 3,
            mb: 4,
            flexWrap: 'wrap',
          }}
        >
          <Typography variant="h6" component="h2" id="sso-settings-title">
            Company sign-in (SSO)
          </Typography>
          {data && !editing ? (
            <Button variant="outlined" onClick={() => setEditing(true)}>
              {data.configured ? 'Edit settings' : 'Set up company sign-in'}
            </Button>
          ) : null}
        </Box>
        {loginMode !== 'SSO' ? (
          <Alert severity="info" sx={{ mb: 4 }}>
            People of this organization sign in with e-mail and password. These settings take effect
            once its sign-in is set to company sign-in (Edit organization).
          </Alert>
        ) : null}
        {isLoading || !data ? (
          <Skeleton variant="rounded" height={96} />
        ) : editing ? (
          <SsoSettingsForm settings={data} onDone={() => setEditing(false)} />
        ) : data.configured ? (
          <DetailGrid
            items={[
              { label: 'Issuer', value: data.issuer },
              { label: 'Client id', value: data.clientId },
              {
                label: 'Client secret',
                value: data.hasClientSecret ? 'Stored (encrypted)' : 'None',
              },
              { label: 'E-mail domains', value: data.emailDomains.join(', ') },
              {
                label: 'New people',
                value: data.jitEnabled
                  ? `Added at first sign-in as ${ROLE_LABELS[data.jitRoleId]}`
                  : 'Only invited people',
              },
              { label: 'Redirect URI', value: data.callbackUrl },
            ]}
          />
        ) : (
          <Typography color="text.secondary">
            Not set up. Connect the organization&apos;s OpenID Connect provider so that its people
            sign in with their company account.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function SsoSettingsForm({ settings, onDone }: { settings: TSsoSettings; onDone: () => void }) {
  const form = useFormState(toValues(settings), validate);
  const { values, errors, set } = form;
  const [save, saving] = useSaveSsoSettingsMutation();
  const [test, testing] = useTestSsoConnectionMutation();
  const [result, setResult] = useState<TSsoTestResult | null>(null);
  const { showSnackbar } = useSnackbar();

  const submit = async () => {
    if (!form.submit()) return;
    try {
      await save({ id: settings.organizationId, body: toBody(values) }).unwrap();
      showSnackbar('Company sign-in saved.', 'success');
      onDone();
    } catch (error) {
      form.applyServerErrors(error);
      showSnackbar(getErrorText(error), 'error');
    }
  };
  const testConnection = async () => {
    setResult(null);
    try {
      setResult(await test({ id: settings.organizationId, issuer: values.issuer.trim() }).unwrap());
    } catch (error) {
      form.applyServerErrors(error);
      showSnackbar(getErrorText(error), 'error');
    }
  };

  const text = (
    name: 'issuer' | 'client_id' | 'client_secret' | 'email_domains',
    label: string,
    extra: object = {},
  ) => (
    <TextField
      fullWidth
      label={label}
      value={values[name]}
      onChange={(event) => set(name, event.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? ' '}
      {...extra}
    />
  );
  const busy = saving.isLoading || testing.isLoading;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Grid container columnSpacing={4}>
        <Grid size={12}>
          {text('issuer', 'Issuer', {
            required: true,
            placeholder: 'https://login.example.edu',
            autoFocus: true,
          })}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>{text('client_id', 'Client id', { required: true })}</Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          {text('client_secret', 'Client secret', {
            type: 'password',
            autoComplete: 'new-password',
            placeholder: settings.hasClientSecret ? 'Stored — leave empty to keep it' : '',
            slotProps: { inputLabel: { shrink: true } },
          })}
        </Grid>
        <Grid size={12}>
          {text('email_domains', 'E-mail domains', {
            required: true,
            placeholder: 'example.edu, staff.example.edu',
          })}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormControlLabel
            control={
              <Switch
                checked={values.jit_enabled}
                onChange={(event) => set('jit_enabled', event.target.checked)}
              />
            }
            label="Add people at their first sign-in"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            select
            fullWidth
            label="Role of people added"
            disabled={!values.jit_enabled}
            value={values.jit_role_id}
            onChange={(event) => set('jit_role_id', Number(event.target.value) as JitRole)}
            helperText=" "
          >
            {[ROLES.USER, ROLES.ORGANIZATION_ADMIN].map((id) => (
              <MenuItem key={id} value={id}>
                {ROLE_LABELS[id]}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      </Grid>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 4 }}>
        Register this redirect URI at the provider: <strong>{settings.callbackUrl}</strong>
      </Typography>
      {result ? (
        <Alert severity={result.ok ? 'success' : 'error'} sx={{ mb: 4 }} role="status">
          {result.message}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Button onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="outlined"
          disabled={busy || !values.issuer.trim()}
          onClick={() => void testConnection()}
        >
          {testing.isLoading ? 'Testing…' : 'Test connection'}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {saving.isLoading ? 'Saving…' : 'Save'}
        </Button>
      </Box>
    </Box>
  );
}
