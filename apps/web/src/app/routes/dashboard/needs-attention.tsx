import type { ReactNode } from 'react';
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
import {
  getItemHref,
  getOrganizationHref,
  getOrganizationItemHref,
  paths,
} from '../../../lib/routing/paths';

interface KindDisplay {
  /** "2 failed uploads". */
  count: (n: number) => string;
  icon: ReactNode;
  color: string;
  /** `platform`: the platform dashboard, whose links open organizations' admin screens. */
  href: (item: TAttentionItem, platform: boolean) => string;
}

const plural = (n: number, one: string, many: string) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;
const adminOrganization = (item: TAttentionItem) =>
  getOrganizationHref(item.organizationId, { admin: true });

const KINDS: Record<AttentionKind, KindDisplay> = {
  UPLOAD_FAILED: {
    count: (n) => plural(n, 'failed upload', 'failed uploads'),
    icon: <ErrorOutlineOutlined fontSize="small" />,
    color: 'error.main',
    href: (item) => paths.uploads.getHref(item.subjectId),
  },
  UPLOAD_STUCK: {
    count: (n) => plural(n, 'stuck upload', 'stuck uploads'),
    icon: <HourglassEmptyOutlined fontSize="small" />,
    color: 'warning.main',
    href: (item) => paths.uploads.getHref(item.subjectId),
  },
  SSO_TEST_FAILED: {
    count: (n) => plural(n, 'failed sign-in test', 'failed sign-in tests'),
    icon: <KeyOffOutlined fontSize="small" />,
    color: 'error.main',
    href: adminOrganization,
  },
  SAML_CERTIFICATE_EXPIRING: {
    count: (n) => plural(n, 'sign-in certificate expiring', 'sign-in certificates expiring'),
    icon: <GppMaybeOutlined fontSize="small" />,
    color: 'warning.main',
    href: adminOrganization,
  },
  WEBHOOK_DISABLED: {
    count: (n) => plural(n, 'disabled webhook endpoint', 'disabled webhook endpoints'),
    icon: <WebhookOutlined fontSize="small" />,
    color: 'error.main',
    href: (item, platform) =>
      getOrganizationItemHref(
        getOrganizationHref(item.organizationId, { admin: platform }),
        'webhooks',
      ),
  },
  CONTRACT_OVER_USAGE: {
    count: (n) => plural(n, 'contract over its limits', 'contracts over their limits'),
    icon: <DataUsageOutlined fontSize="small" />,
    color: 'warning.main',
    href: (item) => getItemHref('contracts', item.subjectId, item.organizationId, { admin: true }),
  },
  CONTRACT_ENDING: {
    count: (n) => plural(n, 'contract ending soon', 'contracts ending soon'),
    icon: <EventOutlined fontSize="small" />,
    color: 'info.main',
    href: (item) => getItemHref('contracts', item.subjectId, item.organizationId, { admin: true }),
  },
  INSIGHTS_PROCESSING: {
    count: (n) =>
      plural(n, 'organization’s insights rebuilding', 'organizations’ insights rebuilding'),
    icon: <AutorenewOutlined fontSize="small" />,
    color: 'primary.main',
    href: (item) => getOrganizationItemHref(adminOrganization(item), 'insights'),
  },
};

/** The row's title and the sentence under it: what, where, when and why. */
function describe(item: TAttentionItem): { title: string; subtitle: string } {
  const where = item.organizationName;
  switch (item.kind) {
    case 'UPLOAD_FAILED':
      return {
        title: item.title,
        subtitle: `Upload failed ${formatDateTime(item.at)} · ${where} · ${item.detail}`,
      };
    case 'UPLOAD_STUCK':
      return {
        title: item.title,
        subtitle: `${where} · ${item.detail} Last change ${formatDateTime(item.at)}.`,
      };
    case 'SSO_TEST_FAILED':
      return {
        title: where,
        subtitle: `Company sign-in test failed ${formatDateTime(item.at)} · ${item.detail}`,
      };
    case 'SAML_CERTIFICATE_EXPIRING':
      return { title: where, subtitle: `${item.title} · ${item.detail}` };
    case 'WEBHOOK_DISABLED':
      return {
        title: webhookDisabledNotice(item.title, formatDate(item.at), item.detail),
        subtitle: where,
      };
    case 'CONTRACT_OVER_USAGE':
      return { title: item.title, subtitle: `${where} · ${item.detail}` };
    case 'CONTRACT_ENDING':
      return {
        title: item.title,
        subtitle: `${where} · ${
          item.daysLeft === 0
            ? 'ends today'
            : `ends ${formatDate(item.at)}, in ${plural(item.daysLeft ?? 0, 'day', 'days')}`
        }`,
      };
    case 'INSIGHTS_PROCESSING':
      return {
        title: where,
        subtitle: `${item.detail} Queued ${formatDateTime(item.at)}.`,
      };
  }
}

/**
 * "Needs attention", each item a link. On the platform dashboard: failed or stuck uploads, failed
 * company sign-in tests, webhook endpoints their deliveries disabled, contracts over what they
 * include or ending soon, insights being rebuilt; on an organization admin's, the organization's
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
  let body: ReactNode;
  if (error && !attention) {
    body = (
      <Alert severity="error" variant="outlined" sx={{ mx: 5, mb: 5 }}>
        What needs attention could not be loaded: {getErrorText(error)}
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
          Nothing needs attention: no upload failed or stalled, no company sign-in test failed, no
          webhook endpoint was disabled, no contract is used beyond what it includes or ends within{' '}
          {CONTRACT_ENDING_SOON_DAYS} days, and no organization’s insights are being rebuilt.
        </Typography>
      </Box>
    );
  } else {
    body = (
      <>
        <Box
          sx={{ px: 5, pb: 3, display: 'flex', flexWrap: 'wrap', gap: 2 }}
          aria-label="Needs attention by kind"
          role="list"
        >
          {ATTENTION_KINDS.filter((kind) => attention.byKind[kind] > 0).map((kind) => (
            <Chip
              key={kind}
              role="listitem"
              size="small"
              variant="outlined"
              label={KINDS[kind].count(attention.byKind[kind])}
              sx={{ fontWeight: 700 }}
            />
          ))}
        </Box>
        <List disablePadding aria-label="Needs attention">
          {attention.items.map((item, index) => {
            const kind = KINDS[item.kind];
            const { title, subtitle } = describe(item);
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
            Showing the first {formatNumber(attention.items.length)} of{' '}
            {formatNumber(attention.total)}, the most urgent kinds first.
          </Typography>
        ) : null}
      </>
    );
  }
  return (
    <Card component="section" aria-labelledby="needs-attention-title">
      <Box sx={{ px: 5, pt: 5, pb: 3, display: 'flex', alignItems: 'baseline', gap: 2 }}>
        <Typography id="needs-attention-title" variant="h6" component="h2">
          Needs attention
        </Typography>
        {attention && attention.total > 0 ? (
          <Typography color="text.secondary">{formatNumber(attention.total)}</Typography>
        ) : null}
      </Box>
      {body}
    </Card>
  );
}
