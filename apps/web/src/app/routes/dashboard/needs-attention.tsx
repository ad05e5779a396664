import type { ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import CheckCircleOutlineOutlined from '@mui/icons-material/CheckCircleOutlineOutlined';
import DataUsageOutlined from '@mui/icons-material/DataUsageOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import KeyOffOutlined from '@mui/icons-material/KeyOffOutlined';
import SyncProblemOutlined from '@mui/icons-material/SyncProblemOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import {
  ATTENTION_KINDS,
  CONTRACT_ENDING_SOON_DAYS,
  webhookDisabledNotice,
  type AttentionKind,
} from '@laurel/contract/dashboard-constants';
import type { TAttention, TAttentionItem } from '@laurel/contract/dashboard';

import { ListRow } from '../../../components/list-row/list-row';
import { getErrorText } from '../../../lib/errors/error-text';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format/format';
import type { MessageId } from '../../../lib/i18n/catalogue';
import {
  getItemHref,
  getOrganizationHref,
  getOrganizationItemHref,
  paths,
} from '../../../lib/routing/paths';

interface KindDisplay {
  /** "2 failed uploads": a message taking `count`. */
  count: MessageId;
  icon: ReactNode;
  color: string;
  /** `platform`: the platform dashboard, whose links open organizations' admin screens. */
  href: (item: TAttentionItem, platform: boolean) => string;
}

const adminOrganization = (item: TAttentionItem) =>
  getOrganizationHref(item.organizationId, { admin: true });

const KINDS: Record<AttentionKind, KindDisplay> = {
  UPLOAD_FAILED: {
    count: 'dashboard.needsAttention.kind.uploadFailed',
    icon: <ErrorOutlineOutlined fontSize="small" />,
    color: 'error.main',
    href: (item) => paths.uploads.getHref(item.subjectId),
  },
  UPLOAD_STUCK: {
    count: 'dashboard.needsAttention.kind.uploadStuck',
    icon: <HourglassEmptyOutlined fontSize="small" />,
    color: 'warning.main',
    href: (item) => paths.uploads.getHref(item.subjectId),
  },
  SSO_TEST_FAILED: {
    count: 'dashboard.needsAttention.kind.ssoTestFailed',
    icon: <KeyOffOutlined fontSize="small" />,
    color: 'error.main',
    href: adminOrganization,
  },
  SAML_CERTIFICATE_EXPIRING: {
    count: 'dashboard.needsAttention.kind.samlCertificateExpiring',
    icon: <GppMaybeOutlined fontSize="small" />,
    color: 'warning.main',
    href: adminOrganization,
  },
  WEBHOOK_DISABLED: {
    count: 'dashboard.needsAttention.kind.webhookDisabled',
    icon: <WebhookOutlined fontSize="small" />,
    color: 'error.main',
    href: (item, platform) =>
      getOrganizationItemHref(
        getOrganizationHref(item.organizationId, { admin: platform }),
        'webhooks',
      ),
  },
  INSIGHTS_INCONSISTENT: {
    count: 'dashboard.needsAttention.kind.insightsInconsistent',
    icon: <SyncProblemOutlined fontSize="small" />,
    color: 'warning.main',
    href: (item) => getOrganizationItemHref(adminOrganization(item), 'insights'),
  },
  CONTRACT_OVER_USAGE: {
    count: 'dashboard.needsAttention.kind.contractOverUsage',
    icon: <DataUsageOutlined fontSize="small" />,
    color: 'warning.main',
    href: (item) => getItemHref('contracts', item.subjectId, item.organizationId, { admin: true }),
  },
  CONTRACT_ENDING: {
    count: 'dashboard.needsAttention.kind.contractEnding',
    icon: <EventOutlined fontSize="small" />,
    color: 'info.main',
    href: (item) => getItemHref('contracts', item.subjectId, item.organizationId, { admin: true }),
  },
  INSIGHTS_PROCESSING: {
    count: 'dashboard.needsAttention.kind.insightsProcessing',
    icon: <AutorenewOutlined fontSize="small" />,
    color: 'primary.main',
    href: (item) => getOrganizationItemHref(adminOrganization(item), 'insights'),
  },
};

/** The row's title and the sentence under it: what, where, when and why. */
function describe(item: TAttentionItem, intl: IntlShape): { title: string; subtitle: string } {
  const where = item.organizationName;
  switch (item.kind) {
    case 'UPLOAD_FAILED':
      return {
        title: item.title,
        subtitle: intl.formatMessage(
          { id: 'dashboard.needsAttention.uploadFailed' },
          { at: formatDateTime(item.at), where, detail: item.detail },
        ),
      };
    case 'UPLOAD_STUCK':
      return {
        title: item.title,
        subtitle: intl.formatMessage(
          { id: 'dashboard.needsAttention.uploadStuck' },
          { at: formatDateTime(item.at), where, detail: item.detail },
        ),
      };
    case 'SSO_TEST_FAILED':
      return {
        title: where,
        subtitle: intl.formatMessage(
          { id: 'dashboard.needsAttention.ssoTestFailed' },
          { at: formatDateTime(item.at), detail: item.detail },
        ),
      };
    case 'SAML_CERTIFICATE_EXPIRING':
      return { title: where, subtitle: `${item.title} · ${item.detail}` };
    case 'WEBHOOK_DISABLED':
      return {
        title: webhookDisabledNotice(item.title, formatDate(item.at), item.detail),
        subtitle: where,
      };
    case 'INSIGHTS_INCONSISTENT':
      return {
        title: intl.formatMessage(
          { id: 'dashboard.needsAttention.insightsInconsistent' },
          { where, cohorts: item.cohorts ?? 0 },
        ),
        subtitle: intl.formatMessage(
          { id: 'dashboard.needsAttention.insightsInconsistentChecked' },
          { at: formatDateTime(item.at) },
        ),
      };
    case 'CONTRACT_OVER_USAGE':
      return { title: item.title, subtitle: `${where} · ${item.detail}` };
    case 'CONTRACT_ENDING':
      return {
        title: item.title,
        subtitle: intl.formatMessage(
          { id: 'dashboard.needsAttention.contractEnding' },
          { where, at: formatDate(item.at), days: item.daysLeft ?? 0 },
        ),
      };
    case 'INSIGHTS_PROCESSING':
      return {
        title: where,
        subtitle: intl.formatMessage(
          { id: 'dashboard.needsAttention.insightsProcessing' },
          { at: formatDateTime(item.at), detail: item.detail },
        ),
      };
  }
}

/**
 * "Needs attention", each item a link. On the platform dashboard: failed or stuck uploads, failed
 * company sign-in tests, webhook endpoints their deliveries disabled, stored insights differing
 * from a full rebuild, contracts over what they include or ending soon, insights being rebuilt; on an organization admin's, the organization's
 * disabled webhook endpoints.
 */
export function NeedsAttention({
  attention,
  error,
  platform,
}: {
  attention: TAttention | undefined;
  error: unknown;
  platform: boolean;
}) {
  const intl = useIntl();
  let body: ReactNode;
  if (error && !attention) {
    body = (
      <Alert severity="error" variant="outlined" sx={{ mx: 5, mb: 5 }}>
        <FormattedMessage
          id="dashboard.needsAttention.notLoaded"
          values={{ error: getErrorText(error) }}
        />
      </Alert>
    );
  } else if (!attention) {
    body = (
      <Box sx={{ px: 5, pb: 5, display: 'grid', gap: 3 }} aria-busy="true">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={44} />
        ))}
      </Box>
    );
  } else if (attention.total === 0) {
    body = (
      <Box sx={{ px: 5, pb: 5, display: 'flex', gap: 3, alignItems: 'flex-start' }}>
        <CheckCircleOutlineOutlined color="success" aria-hidden="true" />
        <Typography color="text.secondary">
          <FormattedMessage
            id="dashboard.needsAttention.nothing"
            values={{ days: CONTRACT_ENDING_SOON_DAYS }}
          />
        </Typography>
      </Box>
    );
  } else {
    body = (
      <>
        <Box
          sx={{ px: 5, pb: 3, display: 'flex', flexWrap: 'wrap', gap: 2 }}
          aria-label={intl.formatMessage({ id: 'dashboard.needsAttention.byKind' })}
          role="list"
        >
          {ATTENTION_KINDS.filter((kind) => attention.byKind[kind] > 0).map((kind) => (
            <Chip
              key={kind}
              role="listitem"
              size="small"
              variant="outlined"
              label={intl.formatMessage(
                { id: KINDS[kind].count },
                { count: attention.byKind[kind] },
              )}
              sx={{ fontWeight: 700 }}
            />
          ))}
        </Box>
        <List
          disablePadding
          aria-label={intl.formatMessage({ id: 'dashboard.needsAttention.title' })}
        >
          {attention.items.map((item, index) => {
            const kind = KINDS[item.kind];
            const { title, subtitle } = describe(item, intl);
            return (
              <ListRow
                key={`${item.kind}-${item.subjectId}`}
                link={kind.href(item, platform)}
                icon={kind.icon}
                iconColor={kind.color}
                title={title}
                subtitle={subtitle}
                divider={index < attention.items.length - 1}
                wrap
              />
            );
          })}
        </List>
        {attention.total > attention.items.length ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 5, py: 3 }}>
            <FormattedMessage
              id="dashboard.needsAttention.showingFirst"
              values={{ shown: attention.items.length, total: attention.total }}
            />
          </Typography>
        ) : null}
      </>
    );
  }
  return (
    <Card component="section" aria-labelledby="needs-attention-title">
      <Box sx={{ px: 5, pt: 5, pb: 3, display: 'flex', alignItems: 'baseline', gap: 2 }}>
        <Typography id="needs-attention-title" variant="h6" component="h2">
          <FormattedMessage id="dashboard.needsAttention.title" />
        </Typography>
        {attention && attention.total > 0 ? (
          <Typography color="text.secondary">{formatNumber(attention.total)}</Typography>
        ) : null}
      </Box>
      {body}
    </Card>
  );
}
