import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ATTENTION_KINDS,
  webhookDisabledNotice,
  type AttentionKind,
} from '@laurel/contract/dashboard-constants';
import type { TAttention, TAttentionItem } from '@laurel/contract/dashboard';

import { formatDate } from '../../../lib/format/format';
import { renderWithProviders } from '../../../test/render';
import { NeedsAttention } from './needs-attention';

const reason = 'The endpoint answered 410 Gone on 2026-03-09: it asked for no more deliveries.';
const disabled: TAttentionItem = {
  kind: 'WEBHOOK_DISABLED',
  organizationId: 7,
  organizationName: 'Northwind Technical College',
  subjectId: 31,
  title: 'https://hooks.northwind.test/laurel',
  detail: reason,
  at: '2026-03-09T08:30:00.000Z',
  daysLeft: null,
};
const attentionOf = (items: TAttentionItem[]): TAttention => ({
  items,
  total: items.length,
  byKind: Object.fromEntries(
    ATTENTION_KINDS.map((kind) => [kind, items.filter((item) => item.kind === kind).length]),
  ) as Record<AttentionKind, number>,
});

describe('a webhook endpoint disabled by its deliveries, in "Needs attention"', () => {
  const notice = webhookDisabledNotice(
    'https://hooks.northwind.test/laurel',
    formatDate('2026-03-09T08:30:00.000Z'),
    reason,
  );

  it('says which endpoint, when and why, linking to the organization’s Webhooks tab as an admin screen on the platform dashboard', async () => {
    renderWithProviders(
      <NeedsAttention attention={attentionOf([disabled])} error={undefined} platform />,
    );
    const list = await screen.findByRole('list', { name: 'Needs attention' });
    const link = within(list).getByRole('link');
    within(link).getByText(notice);
    within(link).getByText('Northwind Technical College');
    expect(link.getAttribute('href')).toBe('/admin/organizations/7/webhooks');
    screen.getByText('1 disabled webhook endpoint');
  });

  it('links to the organization’s own Webhooks tab on an organization admin’s dashboard', async () => {
    renderWithProviders(
      <NeedsAttention attention={attentionOf([disabled])} error={undefined} platform={false} />,
    );
    const link = within(await screen.findByRole('list', { name: 'Needs attention' })).getByRole(
      'link',
    );
    within(link).getByText(notice);
    expect(link.getAttribute('href')).toBe('/organizations/7/webhooks');
  });
});

describe('stored insights differing from a full rebuild, in "Needs attention"', () => {
  const inconsistent: TAttentionItem = {
    kind: 'INSIGHTS_INCONSISTENT',
    organizationId: 7,
    organizationName: 'Northwind Technical College',
    subjectId: 7,
    title: 'Northwind Technical College',
    detail:
      'Stored insights of Northwind Technical College differ from a full rebuild (3 cohorts); a rebuild is queued.',
    at: '2026-03-09T02:10:00.000Z',
    daysLeft: null,
    cohorts: 3,
  };

  it('says whose insights differ in how many cohorts, that a rebuild is queued, and links to the organization’s insights', async () => {
    renderWithProviders(
      <NeedsAttention attention={attentionOf([inconsistent])} error={undefined} platform />,
    );
    const list = await screen.findByRole('list', { name: 'Needs attention' });
    const link = within(list).getByRole('link');
    within(link).getByText(
      'Stored insights of Northwind Technical College differ from a full rebuild (3 cohorts); a rebuild is queued.',
    );
    expect(link.getAttribute('href')).toBe('/admin/organizations/7/insights');
    screen.getByText('1 organization’s insights differing from a rebuild');
  });
});
