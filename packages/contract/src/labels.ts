import type { BillingCode } from './constants.ts';

/**
 * The words people read for codes that are the platform's own business. A code itself (a billing
 * code such as `A_ADDL_USER`) is shown to platform admins only (`read:internal`); everyone else
 * reads its label.
 */

/** What each billing code means, in words people use. */
export const BILLING_CODE_LABELS: Record<BillingCode, string> = {
  A_ADDL_USER: 'User seats (active and invited users)',
  D_MATCH_EQUIFAX_TWN: 'Data match through Equifax The Work Number',
  D_MATCH_PDL_API: 'Data match through People Data Labs',
};
