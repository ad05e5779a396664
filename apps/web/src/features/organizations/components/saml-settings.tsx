import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { SAML_CERTIFICATE_WARNING_DAYS } from '@laurel/contract/dashboard-constants';
import { API_PATHS } from '@laurel/contract/paths';
import { ROLE_LABELS, ROLES } from '@laurel/contract/roles';
import {
  type TSamlTestResult,
  type TSsoProtocol,
  type TSsoSettings,
  ZSamlSettingsBody,
} from '@laurel/contract/sso';

import { DetailGrid } from '../../../components/display/detail-grid';
import { DisabledReason } from '../../../components/feedback/disabled-reason';
import { Form } from '../../../components/forms/form';
import { FormError } from '../../../components/forms/form-error';
import { FormSelect, FormSwitch, FormTextField } from '../../../components/forms/form-fields';
import { useFormState, validateWith } from '../../../components/forms/use-form-state';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useDownloadFile } from '../../../lib/api/download';
import { useSaveSamlSettingsMutation, useTestSamlMetadataMutation } from '../api/saml-api';
import { SamlTestSignIn } from './saml-test-sign-in';

type JitRole = typeof ROLES.ORGANIZATION_ADMIN | typeof ROLES.USER;
const HALF = { xs: 12, md: 6 } as const;
const JIT_ROLE_OPTIONS = [ROLES.USER, ROLES.ORGANIZATION_ADMIN].map((id) => ({
  value: id,
  label: ROLE_LABELS[id],
}));
const DAY_MS = 86_400_000;

/** OpenID Connect or SAML 2.0: which kind of company sign-in the organization uses. */
export function ProtocolChoice({
  value,
  onChange,
  oidcAllowed = true,
}: {
  value: TSsoProtocol;
  onChange: (protocol: TSsoProtocol) => void;
  /** OpenID Connect is set up by platform admins only. */
  oidcAllowed?: boolean;
}) {
  return (
    <Box sx={{ mb: 4 }}>
      <Typography id="sso-protocol-label" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Protocol
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={value}
        aria-labelledby="sso-protocol-label"
        onChange={(_event, next: TSsoProtocol | null) => {
          if (next) onChange(next);
        }}
      >
        <ToggleButton value="OIDC" disabled={!oidcAllowed}>
          OpenID Connect
        </ToggleButton>
        <ToggleButton value="SAML">SAML 2.0</ToggleButton>
      </ToggleButtonGroup>
      {oidcAllowed ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          OpenID Connect is set up by Laurel&apos;s platform admins; you manage SAML 2.0.
        </Typography>
      )}
    </Box>
  );
}

const splitList = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((value) => value.trim())
    .filter(Boolean);

interface Values extends Record<string, unknown> {
  source: 'url' | 'xml';
  metadata_url: string;
  metadata_xml: string;
  email_domains: string;
  jit_enabled: boolean;
  jit_role_id: JitRole;
  admin_values: string;
}

const toValues = (settings: TSsoSettings): Values => ({
  source: settings.saml?.identityProvider?.metadataUrl || !settings.configured ? 'url' : 'xml',
  metadata_url: settings.saml?.identityProvider?.metadataUrl ?? '',
  metadata_xml: '',
  email_domains: settings.emailDomains.join(', '),
  jit_enabled: settings.jitEnabled,
  jit_role_id: settings.jitRoleId,
  admin_values: settings.adminValues.join(', '),
});

const toBody = (values: Values) => ({
  ...(values.source === 'url'
    ? { metadata_url: values.metadata_url.trim() }
    : { metadata_xml: values.metadata_xml.trim() }),
  email_domains: splitList(values.email_domains),
  jit_enabled: values.jit_enabled,
  jit_role_id: values.jit_role_id,
  admin_values: splitList(values.admin_values),
});

function CopyButton({ text, noun }: { text: string; noun: string }) {
  const { showSnackbar } = useSnackbar();
  return (
    <Button
      size="small"
      sx={{ ml: 1, minWidth: 0 }}
      aria-label={`Copy the ${noun}`}
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => showSnackbar(`The ${noun} is copied.`, 'success'),
          () => showSnackbar(`Copying failed: select the ${noun} and copy it.`, 'error'),
        )
      }
    >
      Copy
    </Button>
  );
}

/** What to hand to the institution's IT: Laurel as the organization's service provider. */
function ServiceProvider({ settings }: { settings: TSsoSettings }) {
  const sp = settings.saml?.serviceProvider;
  const download = useDownloadFile();
  const { showSnackbar } = useSnackbar();
  if (!sp) return null;
  return (
    <Box component="section" aria-labelledby="saml-sp-title" sx={{ mt: 5 }}>
      <Typography id="saml-sp-title" variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        For the institution&apos;s IT: Laurel as service provider
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        Register Laurel at the identity provider with this metadata (HTTP-POST binding, signed
        assertions or responses). Single logout is not used.
      </Typography>
      <DetailGrid
        items={[
          {
            label: 'Entity id',
            value: (
              <>
                {sp.entityId}
                <CopyButton text={sp.entityId} noun="entity id" />
              </>
            ),
          },
          {
            label: 'Assertion consumer service',
            value: (
              <>
                {sp.acsUrl}
                <CopyButton text={sp.acsUrl} noun="assertion consumer service address" />
              </>
            ),
          },
          {
            label: 'Metadata address',
            value: sp.metadataUrl ? (
              <>
                {sp.metadataUrl}
                <CopyButton text={sp.metadataUrl} noun="metadata address" />
              </>
            ) : null,
          },
        ]}
      />
      <Box sx={{ display: 'flex', gap: 3, mt: 3, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={() =>
            void download(
              API_PATHS.organizationSamlMetadata(settings.organizationId),
              {},
              { fileName: `laurel-sp-metadata-org-${settings.organizationId}.xml` },
            ).catch(() => showSnackbar('The metadata could not be downloaded.', 'error'))
          }
        >
          Download SP metadata
        </Button>
        {sp.certificate ? (
          <Button
            variant="text"
            onClick={() =>
              void navigator.clipboard
                .writeText(sp.certificate!)
                .then(() => showSnackbar('The certificate is copied.', 'success'))
            }
          >
            Copy certificate
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}

/** The identity provider as Laurel knows it: entity id, metadata freshness, certificates. */
function IdentityProviderStatus({ settings }: { settings: TSsoSettings }) {
  const idp = settings.saml?.identityProvider;
  // The moment the status is shown: certificates are judged against it.
  const [now] = useState(() => Date.now());
  if (!idp)
    return (
      <>
        <Alert severity="info" sx={{ mb: 4 }}>
          Laurel has not read the identity provider&apos;s metadata yet: it reads it at the next
          sign-in, or when the settings are saved again.
        </Alert>
        <DetailGrid
          items={[
            { label: 'Protocol', value: 'SAML 2.0' },
            { label: 'Identity provider', value: settings.issuer },
            { label: 'E-mail domains', value: settings.emailDomains.join(', ') },
          ]}
        />
      </>
    );
  const expiring = idp.certificates.filter(
    (c) => Date.parse(c.notAfter) - now < SAML_CERTIFICATE_WARNING_DAYS * DAY_MS,
  );
  return (
    <>
      {expiring.length > 0 ? (
        <Alert severity="warning" sx={{ mb: 4 }}>
          A signing certificate of the identity provider expires on{' '}
          {expiring.map((c) => c.notAfter.slice(0, 10)).join(', ')}. Ask the institution for its new
          certificate; Laurel reads refreshed metadata daily.
        </Alert>
      ) : null}
      <DetailGrid
        items={[
          { label: 'Protocol', value: 'SAML 2.0' },
          { label: 'Identity provider', value: idp.entityId },
          { label: 'Sign-in address', value: idp.ssoUrl },
          {
            label: 'Metadata',
            value: idp.metadataUrl
              ? `${idp.metadataUrl} (read daily)`
              : 'Pasted (update it when certificates change)',
          },
          {
            label: 'Metadata last read',
            value: idp.metadataFetchedAt ? new Date(idp.metadataFetchedAt).toLocaleString() : null,
          },
          {
            label: 'Signing certificates',
            value: idp.certificates
              .map((c) => `${c.subject}, until ${c.notAfter.slice(0, 10)}`)
              .join('; '),
          },
          { label: 'E-mail domains', value: settings.emailDomains.join(', ') },
          {
            label: 'New people',
            value: settings.jitEnabled
              ? `Added at first sign-in as ${ROLE_LABELS[settings.jitRoleId]}`
              : 'Only invited people',
          },
          {
            label: 'Organization Admin for',
            value: settings.adminValues.length > 0 ? settings.adminValues.join(', ') : 'No one',
          },
        ]}
      />
    </>
  );
}

/** SAML 2.0 company sign-in of an organization: its status, or its form while editing. */
export function SamlSettings({
  settings,
  editing,
  onDone,
}: {
  settings: TSsoSettings;
  editing: boolean;
  onDone: () => void;
}) {
  const saml = settings.protocol === 'SAML' && settings.configured;
  return (
    <>
      {editing ? (
        <SamlSettingsForm settings={settings} onDone={onDone} />
      ) : saml ? (
        <>
          <IdentityProviderStatus settings={settings} />
          <SamlTestSignIn organizationId={settings.organizationId} />
        </>
      ) : (
        <Typography color="text.secondary">
          Not set up. Connect the institution&apos;s SAML 2.0 identity provider (Shibboleth, Entra
          ID, Okta…) with its metadata so that its people sign in with their institution account.
        </Typography>
      )}
      <ServiceProvider settings={settings} />
    </>
  );
}

function SamlSettingsForm({ settings, onDone }: { settings: TSsoSettings; onDone: () => void }) {
  const form = useFormState(toValues(settings), validateWith(ZSamlSettingsBody, toBody));
  const [save] = useSaveSamlSettingsMutation();
  const [test, testing] = useTestSamlMetadataMutation();
  const [result, setResult] = useState<TSamlTestResult | null>(null);
  const { showSnackbar } = useSnackbar();
  const bySource = form.values.source === 'url';

  const submit = form.handleSubmit(async (values) => {
    await save({ id: settings.organizationId, body: toBody(values) }).unwrap();
    showSnackbar('Company sign-in (SAML) saved.', 'success');
    onDone();
  });
  const testMetadata = async () => {
    setResult(null);
    const body = bySource
      ? { metadata_url: form.values.metadata_url.trim() }
      : { metadata_xml: form.values.metadata_xml.trim() };
    setResult(await test({ id: settings.organizationId, body }).unwrap());
  };
  const source = bySource ? form.values.metadata_url.trim() : form.values.metadata_xml.trim();

  return (
    <Form form={form} onSubmit={submit}>
      <Grid container columnSpacing={4}>
        <FormSelect
          name="source"
          label="Identity provider metadata"
          options={[
            { value: 'url', label: 'From its address (read daily)' },
            { value: 'xml', label: 'Pasted XML' },
          ]}
          grid={12}
        />
        {bySource ? (
          <FormTextField
            name="metadata_url"
            label="Metadata address"
            required
            placeholder="https://idp.example.edu/idp/shibboleth"
            grid={12}
          />
        ) : (
          <FormTextField
            name="metadata_xml"
            label="Metadata XML"
            required
            multiline
            minRows={4}
            maxRows={12}
            placeholder='<EntityDescriptor entityID="https://idp.example.edu/idp/shibboleth" …>'
            grid={12}
          />
        )}
        <FormTextField
          name="email_domains"
          label="E-mail domains"
          required
          placeholder="example.edu, staff.example.edu"
          grid={12}
        />
        <FormSwitch name="jit_enabled" label="Add people at their first sign-in" grid={HALF} />
        <FormSelect
          name="jit_role_id"
          label="Role of people added"
          disabled={!form.values.jit_enabled}
          options={JIT_ROLE_OPTIONS}
          grid={HALF}
        />
        <FormTextField
          name="admin_values"
          label="Organization Admin for these affiliations or groups"
          placeholder="faculty, laurel-admins"
          helperText="People added with one of these eduPersonAffiliation, scoped affiliation or group values become Organization Admins."
          grid={12}
        />
      </Grid>
      {result ? (
        <Alert severity={result.ok ? 'success' : 'error'} sx={{ mb: 4 }} role="status">
          {result.message}
        </Alert>
      ) : null}
      <FormError error={form.error} sx={{ mb: 4 }} />
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Button onClick={onDone} disabled={form.busy}>
          Cancel
        </Button>
        <DisabledReason
          reason={source ? null : "Enter the identity provider's metadata to test it."}
        >
          <Button
            variant="outlined"
            disabled={form.busy || testing.isLoading}
            onClick={() => void testMetadata().catch(() => undefined)}
          >
            {testing.isLoading ? 'Testing…' : 'Test metadata'}
          </Button>
        </DisabledReason>
        <Button type="submit" variant="contained" disabled={form.busy}>
          {form.busy ? 'Saving…' : 'Save'}
        </Button>
      </Box>
    </Form>
  );
}
