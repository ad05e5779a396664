import type { IntlShape } from 'react-intl';
import { BILLING_CODES, type BillingCode } from '@laurel/contract/constants';
import { BILLING_CODE_LABELS } from '@laurel/contract/contracts';

/** A line item's code from its English label (everyone is sent the label; a few the code too). */
export const billingCodeOfLabel = (label: string): BillingCode | undefined =>
  BILLING_CODES.find((code) => BILLING_CODE_LABELS[code] === label);

/** What a billing code means, in the chosen language. */
export const billingCodeText = (intl: Pick<IntlShape, 'formatMessage'>, code: BillingCode) =>
  intl.formatMessage({ id: `contracts.billingCode.${code}` });

/**
 * A line item's label as the API sends it (in English), in the chosen language; a label the web
 * app does not know stays as sent.
 */
export function billingLabelText(intl: Pick<IntlShape, 'formatMessage'>, label: string): string {
  const code = billingCodeOfLabel(label);
  return code ? billingCodeText(intl, code) : label;
}
