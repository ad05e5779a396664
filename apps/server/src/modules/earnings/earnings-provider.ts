import type { BillingCode } from '@laurel/contract/constants';

/** Earnings providers Laurel knows, and what one matched record costs (contract billing code). */
export const EARNINGS_PROVIDERS = {
  EQUIFAX_TWN: { billingCode: 'D_MATCH_EQUIFAX_TWN', name: 'Equifax The Work Number' },
  PDL_API: { billingCode: 'D_MATCH_PDL_API', name: 'People Data Labs' },
} as const satisfies Record<string, { billingCode: BillingCode; name: string }>;
export type EarningsProviderCode = keyof typeof EARNINGS_PROVIDERS;
export const EARNINGS_PROVIDER_CODES = Object.keys(EARNINGS_PROVIDERS) as EarningsProviderCode[];

/** One award as a provider sees it: the person, the credential and when it was earned. */
export interface AwardToMatch {
  id: number;
  organizationId: number;
  credentialId: number;
  externalId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  dateOfBirth: string | null;
  awardDate: string;
  awardYear: number;
  credential: {
    code: string;
    name: string;
    /** credential_types.code, e.g. CERTIFICATE, BACHELOR. */
    typeCode: string;
    /** e.g. a CIP code such as 51.3801. */
    programCode: string | null;
  };
}

/** What a provider reports for one calendar year of one person. */
export interface EarningsYearResult {
  year: number;
  /** Annual wage in nominal dollars of `year`; null when no wage was reported. */
  wage: number | null;
  employed: boolean;
  fullTime: boolean;
  /** NAICS sector title, e.g. "Health Care and Social Assistance". */
  industry: string | null;
  /** SOC occupation title, e.g. "Registered Nurses". */
  jobRole: string | null;
}

export type ProviderResult = { matched: false } | { matched: true; years: EarningsYearResult[] };

/**
 * A source of earnings histories. `match` answers for each award it could look at; an award
 * missing from the answer stays pending.
 */
export interface EarningsProvider {
  code: EarningsProviderCode;
  billingCode: BillingCode;
  match(awards: AwardToMatch[]): Promise<Map<number, ProviderResult>>;
}

/** The latest complete calendar year at `now` (UTC): earnings data never go past it. */
export function latestCompleteYear(now: Date): number {
  return now.getUTCFullYear() - 1;
}
