import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
} from '@laurel/contract/webhooks';

import en from '../../../lib/i18n/messages/en.json';
import { DELIVERY_STATUS_TEXT, EVENT_TEXT } from './webhook-dialogs';

describe('webhook texts', () => {
  it("say each event and delivery status in English in the contract's words", () => {
    for (const event of WEBHOOK_EVENT_TYPES)
      expect(en[EVENT_TEXT[event]], event).toBe(WEBHOOK_EVENT_LABELS[event]);
    for (const [status, label] of Object.entries(WEBHOOK_DELIVERY_STATUS_LABELS))
      expect(en[DELIVERY_STATUS_TEXT[status as keyof typeof DELIVERY_STATUS_TEXT]], status).toBe(
        label,
      );
  });
});
