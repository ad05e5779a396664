import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTRACT_STATUS_LABELS, CONTRACT_STATUSES } from '@laurel/contract/contracts';
import { CREDENTIAL_STATUS_LABELS, CREDENTIAL_STATUSES } from '@laurel/contract/credentials';
import { ORGANIZATION_STATUS_LABELS, ORGANIZATION_STATUSES } from '@laurel/contract/organizations';

import { I18nProvider } from '../../lib/i18n/i18n-provider';
import en from '../../lib/i18n/messages/en.json';
import { STATUS_TEXT, StatusChip, statusLabel } from './status-chip';

describe('record statuses', () => {
  it('shows each kind of record its status in the contract’s words', () => {
    for (const status of CONTRACT_STATUSES)
      expect(statusLabel(status)).toBe(CONTRACT_STATUS_LABELS[status]);
    for (const status of CREDENTIAL_STATUSES)
      expect(statusLabel(status)).toBe(CREDENTIAL_STATUS_LABELS[status]);
    for (const status of ORGANIZATION_STATUSES)
      expect(statusLabel(status)).toBe(ORGANIZATION_STATUS_LABELS[status]);
  });

  it('says each status in English in the contract’s words', () => {
    for (const status of [...CONTRACT_STATUSES, ...CREDENTIAL_STATUSES, ...ORGANIZATION_STATUSES])
      expect(en[STATUS_TEXT[status]]).toBe(statusLabel(status));
  });

  it('puts the words on the chip, never the code', () => {
    render(<StatusChip status="TERMINATED" />, { wrapper: I18nProvider });
    screen.getByText('Terminated');
    expect(screen.queryByText('TERMINATED')).toBeNull();
  });
});
