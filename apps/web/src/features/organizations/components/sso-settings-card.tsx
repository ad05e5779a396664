import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { ROLES } from '@laurel/contract/roles';
import {
  ZSsoSettingsBody,
  type TSsoProtocol,
  type TSsoSettings,
  type TSsoTestResult,
} from '@laurel/contract/sso';

import { DetailGrid } from '../../../components/display/detail-grid';
import { DisabledReason } from '../../../components/feedback/disabled-reason';
import { SectionHeader } from '../../../components/layout/section-header';
import { FormError } from '../../../components/forms/form-error';
import { Form } from '../../../components/forms/form';
import { FormSelect, FormSwitch, FormTextField } from '../../../components/forms/form-fields';
import { useFormState, validateWith } from '../../../components/forms/use-form-state';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import {
  useGetSsoSettingsQuery,
  useSaveSsoSettingsMutation,
  useTestSsoConnectionMutation,
} from '../api/sso-api';
import { ProtocolChoice, SamlSettings } from './saml-settings';
import { ScimSection } from './scim-section';

type JitRole = typeof ROLES.ORGANIZATION_ADMIN | typeof ROLES.USER;
const HALF = { xs: 12, md: 6 } as const;
const JIT_ROLES = [ROLES.USER, ROLES.ORGANIZATION_ADMIN] as const;

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

/**
 * An organization's SSO settings on its page: company sign-in (OIDC), which platform admins set
 * up, and provisioning (SCIM), which its admins and platform admins manage.
 */
export function SsoSettingsCard({
  organizationId,
  loginMode,
  companySignIn = true,
  oidcAllowed = true,
  provisioning = false,
}: {
  organizationId: number;
  loginMode: string;
  /** Whether the viewer sets up company sign-in (the organization's admins, platform admins). */
  companySignIn?: boolean;
  /** Whether the viewer may choose OpenID Connect (platform admins); others set up SAML. */
  oidcAllowed?: boolean;
  /** Whether the viewer manages SCIM provisioning (the organization's admins, platform admins). */
  provisioning?: boolean;
}) {
  const intl = useIntl();
  return (
    <Card component="section" aria-labelledby="sso-settings-title">
      <CardContent sx={{ p: 6, '&:last-child': { pb: 6 } }}>
        {companySignIn ? (
          <CompanySignIn
            organizationId={organizationId}
            loginMode={loginMode}
            oidcAllowed={oidcAllowed}
          />
        ) : (
          <>
            <SectionHeader
              size="h6"
              id="sso-settings-title"
              title={intl.formatMessage({ id: 'sso.title' })}
            />
            <Typography color="text.secondary">
              <FormattedMessage id="sso.setUpByPlatform" />
            </Typography>
          </>
        )}
        {provisioning ? <Divider sx={{ my: 5 }} /> : null}
        {provisioning ? <ScimSection organizationId={organizationId} /> : null}
      </CardContent>
    </Card>
  );
}

function CompanySignIn({
  organizationId,
  loginMode,
  oidcAllowed,
}: {
  organizationId: number;
  loginMode: string;
  /** OpenID Connect stays with platform admins; an organization's own admins manage SAML. */
  oidcAllowed?: boolean;
}) {
  const intl = useIntl();
  const { data, isLoading } = useGetSsoSettingsQuery(organizationId);
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState<TSsoProtocol | null>(null);
  const protocol =
    (editing || !data?.configured) && !oidcAllowed
      ? 'SAML'
      : (choice ?? (data?.configured ? data.protocol : 'OIDC'));
  return (
    <>
      <SectionHeader
        size="h6"
        id="sso-settings-title"
        title={intl.formatMessage({ id: 'sso.title' })}
        actions={
          data && !editing ? (
            <Button variant="outlined" onClick={() => setEditing(true)}>
              <FormattedMessage id={data.configured ? 'sso.edit' : 'sso.setUp'} />
            </Button>
          ) : null
        }
      />
      {loginMode !== 'SSO' ? (
        <Alert severity="info" sx={{ mb: 4 }}>
          <FormattedMessage id="sso.notInSsoMode" />
        </Alert>
      ) : null}
      {data && (editing || !data.configured) ? (
        <ProtocolChoice value={protocol} onChange={setChoice} oidcAllowed={oidcAllowed ?? true} />
      ) : null}
      {isLoading || !data ? (
        <Skeleton variant="rounded" height={96} />
      ) : protocol === 'SAML' ? (
        <SamlSettings
          settings={data}
          editing={editing}
          onDone={() => {
            setEditing(false);
            setChoice(null);
          }}
        />
      ) : editing ? (
        <SsoSettingsForm settings={data} onDone={() => setEditing(false)} />
      ) : data.configured ? (
        <DetailGrid
          items={[
            { label: intl.formatMessage({ id: 'sso.issuer' }), value: data.issuer },
            { label: intl.formatMessage({ id: 'sso.clientId' }), value: data.clientId },
            {
              label: intl.formatMessage({ id: 'sso.clientSecret' }),
              value: intl.formatMessage({
                id: data.hasClientSecret ? 'sso.secretStored' : 'sso.none',
              }),
            },
            {
              label: intl.formatMessage({ id: 'sso.emailDomains' }),
              value: data.emailDomains.join(', '),
            },
            {
              label: intl.formatMessage({ id: 'sso.newPeople' }),
              value: data.jitEnabled
                ? intl.formatMessage(
                    { id: 'sso.jitAddedAs' },
                    { role: intl.formatMessage({ id: `roles.${data.jitRoleId}` }) },
                  )
                : intl.formatMessage({ id: 'sso.onlyInvited' }),
            },
            { label: intl.formatMessage({ id: 'sso.redirectUri' }), value: data.callbackUrl },
          ]}
        />
      ) : (
        <Typography color="text.secondary">
          <FormattedMessage id="sso.notSetUp" />
        </Typography>
      )}
    </>
  );
}

function SsoSettingsForm({ settings, onDone }: { settings: TSsoSettings; onDone: () => void }) {
  const form = useFormState(toValues(settings), validateWith(ZSsoSettingsBody, toBody));
  const [save] = useSaveSsoSettingsMutation();
  const [test, testing] = useTestSsoConnectionMutation();
  const [result, setResult] = useState<TSsoTestResult | null>(null);
  const { showSnackbar } = useSnackbar();
  const intl = useIntl();

  const submit = form.handleSubmit(async (values) => {
    await save({ id: settings.organizationId, body: toBody(values) }).unwrap();
    showSnackbar(intl.formatMessage({ id: 'sso.saved' }), 'success');
    onDone();
  });
  const testConnection = form.handleSubmit(
    async (values) => {
      setResult(null);
      setResult(await test({ id: settings.organizationId, issuer: values.issuer.trim() }).unwrap());
    },
    { only: ['issuer'] },
  );

  return (
    <Form form={form} onSubmit={submit}>
      <Grid container columnSpacing={4}>
        <FormTextField
          name="issuer"
          label={intl.formatMessage({ id: 'sso.issuer' })}
          required
          autoFocus
          placeholder={intl.formatMessage({ id: 'sso.issuerPlaceholder' })}
          grid={12}
        />
        <FormTextField
          name="client_id"
          label={intl.formatMessage({ id: 'sso.clientId' })}
          required
          grid={HALF}
        />
        <FormTextField
          name="client_secret"
          label={intl.formatMessage({ id: 'sso.clientSecret' })}
          type="password"
          autoComplete="new-password"
          placeholder={
            settings.hasClientSecret ? intl.formatMessage({ id: 'sso.secretPlaceholder' }) : ''
          }
          slotProps={{ inputLabel: { shrink: true } }}
          grid={HALF}
        />
        <FormTextField
          name="email_domains"
          label={intl.formatMessage({ id: 'sso.emailDomains' })}
          required
          placeholder={intl.formatMessage({ id: 'sso.emailDomainsPlaceholder' })}
          grid={12}
        />
        <FormSwitch
          name="jit_enabled"
          label={intl.formatMessage({ id: 'sso.jitEnabled' })}
          grid={HALF}
        />
        <FormSelect
          name="jit_role_id"
          label={intl.formatMessage({ id: 'sso.jitRole' })}
          disabled={!form.values.jit_enabled}
          options={JIT_ROLES.map((id) => ({
            value: id,
            label: intl.formatMessage({ id: `roles.${id}` }),
          }))}
          grid={HALF}
        />
      </Grid>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 4 }}>
        <FormattedMessage
          id="sso.registerRedirectUri"
          values={{
            uri: settings.callbackUrl,
            strong: (chunks) => <strong>{chunks}</strong>,
          }}
        />
      </Typography>
      {result ? (
        <Alert severity={result.ok ? 'success' : 'error'} sx={{ mb: 4 }} role="status">
          {result.message}
        </Alert>
      ) : null}
      <FormError error={form.error} sx={{ mb: 4 }} />
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Button onClick={onDone} disabled={form.busy}>
          <FormattedMessage id="sso.cancel" />
        </Button>
        <DisabledReason
          reason={form.values.issuer.trim() ? null : intl.formatMessage({ id: 'sso.enterIssuer' })}
        >
          <Button variant="outlined" disabled={form.busy} onClick={() => testConnection()}>
            <FormattedMessage id={testing.isLoading ? 'sso.testing' : 'sso.testConnection'} />
          </Button>
        </DisabledReason>
        <Button type="submit" variant="contained" disabled={form.busy}>
          <FormattedMessage id={form.busy && !testing.isLoading ? 'sso.saving' : 'sso.save'} />
        </Button>
      </Box>
    </Form>
  );
}
