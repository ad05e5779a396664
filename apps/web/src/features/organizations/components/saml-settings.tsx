import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { SAML_CERTIFICATE_WARNING_DAYS } from '@laurel/contract/dashboard-constants';
import { API_PATHS } from '@laurel/contract/paths';
import { ROLES } from '@laurel/contract/roles';
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
import { formatDateTime } from '../../../lib/format/format';
import { useSaveSamlSettingsMutation, useTestSamlMetadataMutation } from '../api/saml-api';
import { SamlTestSignIn } from './saml-test-sign-in';

type JitRole = typeof ROLES.ORGANIZATION_ADMIN | typeof ROLES.USER;
const HALF = { xs: 12, md: 6 } as const;
const JIT_ROLES = [ROLES.USER, ROLES.ORGANIZATION_ADMIN] as const;
/** The protocol's name, the same in every language. */
const SAML_2 = 'SAML 2.0';
/** The day a certificate ends, as the metadata gives it. */
const dayOf = (timestamp: string) => timestamp.slice(0, 10);
/** The start of pasted metadata, XML in every language. */
const METADATA_XML_EXAMPLE =
  '<EntityDescriptor entityID="https://idp.example.edu/idp/shibboleth" …>';
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
        <FormattedMessage id="saml.protocol" />
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
          <FormattedMessage id="saml.oidc" />
        </ToggleButton>
        <ToggleButton value="SAML">{SAML_2}</ToggleButton>
      </ToggleButtonGroup>
      {oidcAllowed ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          <FormattedMessage id="saml.oidcByPlatform" />
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

function CopyButton({ text, what }: { text: string; what: 'entityId' | 'acsUrl' | 'metadataUrl' }) {
  const { showSnackbar } = useSnackbar();
  const intl = useIntl();
  return (
    <Button
      size="small"
      sx={{ ml: 1, minWidth: 0 }}
      aria-label={intl.formatMessage({ id: 'saml.copy.label' }, { what })}
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => showSnackbar(intl.formatMessage({ id: 'saml.copy.done' }, { what }), 'success'),
          () => showSnackbar(intl.formatMessage({ id: 'saml.copy.failed' }, { what }), 'error'),
        )
      }
    >
      <FormattedMessage id="saml.copy.button" />
    </Button>
  );
}

/** What to hand to the institution's IT: Laurel as the organization's service provider. */
function ServiceProvider({ settings }: { settings: TSsoSettings }) {
  const sp = settings.saml?.serviceProvider;
  const download = useDownloadFile();
  const { showSnackbar } = useSnackbar();
  const intl = useIntl();
  if (!sp) return null;
  return (
    <Box component="section" aria-labelledby="saml-sp-title" sx={{ mt: 5 }}>
      <Typography id="saml-sp-title" variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        <FormattedMessage id="saml.sp.title" />
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        <FormattedMessage id="saml.sp.description" />
      </Typography>
      <DetailGrid
        items={[
          {
            label: intl.formatMessage({ id: 'saml.sp.entityId' }),
            value: (
              <>
                {sp.entityId}
                <CopyButton text={sp.entityId} what="entityId" />
              </>
            ),
          },
          {
            label: intl.formatMessage({ id: 'saml.sp.acs' }),
            value: (
              <>
                {sp.acsUrl}
                <CopyButton text={sp.acsUrl} what="acsUrl" />
              </>
            ),
          },
          {
            label: intl.formatMessage({ id: 'saml.metadataAddress' }),
            value: sp.metadataUrl ? (
              <>
                {sp.metadataUrl}
                <CopyButton text={sp.metadataUrl} what="metadataUrl" />
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
            ).catch(() =>
              showSnackbar(intl.formatMessage({ id: 'saml.sp.downloadFailed' }), 'error'),
            )
          }
        >
          <FormattedMessage id="saml.sp.download" />
        </Button>
        {sp.certificate ? (
          <Button
            variant="text"
            onClick={() =>
              void navigator.clipboard
                .writeText(sp.certificate!)
                .then(() =>
                  showSnackbar(intl.formatMessage({ id: 'saml.sp.certificateCopied' }), 'success'),
                )
            }
          >
            <FormattedMessage id="saml.sp.copyCertificate" />
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
  const intl = useIntl();
  if (!idp)
    return (
      <>
        <Alert severity="info" sx={{ mb: 4 }}>
          <FormattedMessage id="saml.idp.notRead" />
        </Alert>
        <DetailGrid
          items={[
            { label: intl.formatMessage({ id: 'saml.protocol' }), value: SAML_2 },
            {
              label: intl.formatMessage({ id: 'saml.idp.identityProvider' }),
              value: settings.issuer,
            },
            {
              label: intl.formatMessage({ id: 'saml.emailDomains' }),
              value: settings.emailDomains.join(', '),
            },
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
          <FormattedMessage
            id="saml.idp.expiring"
            values={{ days: intl.formatList(expiring.map((c) => dayOf(c.notAfter))) }}
          />
        </Alert>
      ) : null}
      <DetailGrid
        items={[
          { label: intl.formatMessage({ id: 'saml.protocol' }), value: SAML_2 },
          { label: intl.formatMessage({ id: 'saml.idp.identityProvider' }), value: idp.entityId },
          { label: intl.formatMessage({ id: 'saml.idp.signInAddress' }), value: idp.ssoUrl },
          {
            label: intl.formatMessage({ id: 'saml.idp.metadata' }),
            value: idp.metadataUrl
              ? intl.formatMessage({ id: 'saml.idp.readDaily' }, { url: idp.metadataUrl })
              : intl.formatMessage({ id: 'saml.idp.pasted' }),
          },
          {
            label: intl.formatMessage({ id: 'saml.idp.lastRead' }),
            value: idp.metadataFetchedAt ? formatDateTime(idp.metadataFetchedAt) : null,
          },
          {
            label: intl.formatMessage({ id: 'saml.idp.certificates' }),
            value: idp.certificates
              .map((c) =>
                intl.formatMessage(
                  { id: 'saml.idp.certificate' },
                  { subject: c.subject, until: dayOf(c.notAfter) },
                ),
              )
              .join('; '),
          },
          {
            label: intl.formatMessage({ id: 'saml.emailDomains' }),
            value: settings.emailDomains.join(', '),
          },
          {
            label: intl.formatMessage({ id: 'saml.idp.newPeople' }),
            value: settings.jitEnabled
              ? intl.formatMessage(
                  { id: 'saml.idp.jitAddedAs' },
                  { role: intl.formatMessage({ id: `roles.${settings.jitRoleId}` }) },
                )
              : intl.formatMessage({ id: 'saml.idp.onlyInvited' }),
          },
          {
            label: intl.formatMessage({ id: 'saml.idp.adminFor' }),
            value:
              settings.adminValues.length > 0
                ? settings.adminValues.join(', ')
                : intl.formatMessage({ id: 'saml.idp.noOne' }),
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
          <FormattedMessage id="saml.notSetUp" />
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
  const intl = useIntl();
  const bySource = form.values.source === 'url';

  const submit = form.handleSubmit(async (values) => {
    await save({ id: settings.organizationId, body: toBody(values) }).unwrap();
    showSnackbar(intl.formatMessage({ id: 'saml.saved' }), 'success');
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
          label={intl.formatMessage({ id: 'saml.form.metadata' })}
          options={[
            { value: 'url', label: intl.formatMessage({ id: 'saml.form.fromAddress' }) },
            { value: 'xml', label: intl.formatMessage({ id: 'saml.form.pastedXml' }) },
          ]}
          grid={12}
        />
        {bySource ? (
          <FormTextField
            name="metadata_url"
            label={intl.formatMessage({ id: 'saml.metadataAddress' })}
            required
            placeholder={intl.formatMessage({ id: 'saml.form.metadataUrlPlaceholder' })}
            grid={12}
          />
        ) : (
          <FormTextField
            name="metadata_xml"
            label={intl.formatMessage({ id: 'saml.form.metadataXml' })}
            required
            multiline
            minRows={4}
            maxRows={12}
            placeholder={METADATA_XML_EXAMPLE}
            grid={12}
          />
        )}
        <FormTextField
          name="email_domains"
          label={intl.formatMessage({ id: 'saml.emailDomains' })}
          required
          placeholder={intl.formatMessage({ id: 'saml.form.emailDomainsPlaceholder' })}
          grid={12}
        />
        <FormSwitch
          name="jit_enabled"
          label={intl.formatMessage({ id: 'saml.form.jitEnabled' })}
          grid={HALF}
        />
        <FormSelect
          name="jit_role_id"
          label={intl.formatMessage({ id: 'saml.form.jitRole' })}
          disabled={!form.values.jit_enabled}
          options={JIT_ROLES.map((id) => ({
            value: id,
            label: intl.formatMessage({ id: `roles.${id}` }),
          }))}
          grid={HALF}
        />
        <FormTextField
          name="admin_values"
          label={intl.formatMessage({ id: 'saml.form.adminValues' })}
          placeholder={intl.formatMessage({ id: 'saml.form.adminValuesPlaceholder' })}
          helperText={intl.formatMessage({ id: 'saml.form.adminValuesHelp' })}
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
          <FormattedMessage id="saml.form.cancel" />
        </Button>
        <DisabledReason
          reason={source ? null : intl.formatMessage({ id: 'saml.form.enterMetadata' })}
        >
          <Button
            variant="outlined"
            disabled={form.busy || testing.isLoading}
            onClick={() => void testMetadata().catch(() => undefined)}
          >
            <FormattedMessage id={testing.isLoading ? 'saml.form.testing' : 'saml.form.test'} />
          </Button>
        </DisabledReason>
        <Button type="submit" variant="contained" disabled={form.busy}>
          <FormattedMessage id={form.busy ? 'saml.form.saving' : 'saml.form.save'} />
        </Button>
      </Box>
    </Form>
  );
}
