// The demo earnings provider: fictional but plausible wage histories, the same for the same award
// every time (seeded by organization, credential and external id). Nothing here describes real
// people; the demo notice says so on every page.
import { realFactor } from '../insights/cpi-u.ts';
import { createRandom } from '../../seed/random.ts';
import {
  type AwardToMatch,
  EARNINGS_PROVIDERS,
  type EarningsProvider,
  type EarningsYearResult,
  latestCompleteYear,
  type ProviderResult,
} from './earnings-provider.ts';

interface Field {
  /** Full-time annual wage one year after an associate-level award, in 2024 dollars. */
  base: number;
  /** Industries of jobs in the field (NAICS sector titles), the first the most common. */
  industries: readonly string[];
  /** Job roles in the field (SOC titles), the first the most common. */
  roles: readonly string[];
}

const GENERAL: Field = {
  base: 41_000,
  industries: [
    'Retail Trade',
    'Administrative and Support and Waste Management and Remediation Services',
    'Accommodation and Food Services',
    'Health Care and Social Assistance',
    'Transportation and Warehousing',
  ],
  roles: [
    'Customer Service Representatives',
    'Office Clerks, General',
    'Retail Salespersons',
    'First-Line Supervisors of Retail Sales Workers',
    'Stockers and Order Fillers',
  ],
};

const FIELDS = {
  health: {
    base: 56_000,
    industries: ['Health Care and Social Assistance'],
    roles: [
      'Registered Nurses',
      'Medical Assistants',
      'Licensed Practical and Licensed Vocational Nurses',
      'Pharmacy Technicians',
      'Phlebotomists',
    ],
  },
  computing: {
    base: 63_000,
    industries: [
      'Professional, Scientific, and Technical Services',
      'Information',
      'Finance and Insurance',
    ],
    roles: [
      'Software Developers',
      'Computer User Support Specialists',
      'Network and Computer Systems Administrators',
      'Information Security Analysts',
      'Data Scientists',
    ],
  },
  manufacturing: {
    base: 49_000,
    industries: ['Manufacturing', 'Construction'],
    roles: [
      'Welders, Cutters, Solderers, and Brazers',
      'Machinists',
      'Industrial Machinery Mechanics',
      'Computer Numerically Controlled Tool Operators',
    ],
  },
  business: {
    base: 52_000,
    industries: [
      'Finance and Insurance',
      'Management of Companies and Enterprises',
      'Professional, Scientific, and Technical Services',
    ],
    roles: [
      'Accountants and Auditors',
      'Bookkeeping, Accounting, and Auditing Clerks',
      'Financial and Investment Analysts',
      'Management Analysts',
    ],
  },
  construction: {
    base: 53_000,
    industries: ['Construction', 'Utilities'],
    roles: [
      'Electricians',
      'Heating, Air Conditioning, and Refrigeration Mechanics and Installers',
      'Carpenters',
      'Plumbers, Pipefitters, and Steamfitters',
    ],
  },
  transportation: {
    base: 50_000,
    industries: ['Transportation and Warehousing', 'Wholesale Trade'],
    roles: [
      'Heavy and Tractor-Trailer Truck Drivers',
      'Logisticians',
      'Bus and Truck Mechanics and Diesel Engine Specialists',
    ],
  },
  education: {
    base: 43_000,
    industries: ['Educational Services'],
    roles: [
      'Elementary School Teachers, Except Special Education',
      'Teaching Assistants, Except Postsecondary',
      'Preschool Teachers, Except Special Education',
    ],
  },
  legal: {
    base: 50_000,
    industries: ['Professional, Scientific, and Technical Services', 'Public Administration'],
    roles: ['Paralegals and Legal Assistants', 'Legal Secretaries and Administrative Assistants'],
  },
  protective: {
    base: 52_000,
    industries: ['Public Administration'],
    roles: ["Police and Sheriff's Patrol Officers", 'Firefighters', 'Security Guards'],
  },
  culinary: {
    base: 34_000,
    industries: ['Accommodation and Food Services'],
    roles: ['Cooks, Restaurant', 'Chefs and Head Cooks', 'Food Service Managers'],
  },
} satisfies Record<string, Field>;
type FieldKey = keyof typeof FIELDS;

/** CIP 2-digit families (https://nces.ed.gov/ipeds/cipcode) mapped to a field. */
const CIP_FAMILIES: Record<string, FieldKey> = {
  '11': 'computing',
  '12': 'culinary',
  '13': 'education',
  '14': 'manufacturing',
  '15': 'manufacturing',
  '22': 'legal',
  '43': 'protective',
  '46': 'construction',
  '47': 'construction',
  '48': 'manufacturing',
  '49': 'transportation',
  '51': 'health',
  '52': 'business',
};

const NAME_FIELDS: Array<[RegExp, FieldKey]> = [
  [/nurs|health|medical|phleb|pharm|dental|clinical|emt|paramedic/i, 'health'],
  [/software|cyber|comput|data|network|programm|\bit\b|cloud|web/i, 'computing'],
  [/weld|machin|manufactur|cnc|fabricat|mechatron/i, 'manufacturing'],
  [/hvac|electric|carpent|plumb|construct|build/i, 'construction'],
  [/business|account|financ|manage|bookkeep|market/i, 'business'],
  [/truck|cdl|logistic|diesel|transport|aviation/i, 'transportation'],
  [/teach|educat|early childhood/i, 'education'],
  [/legal|paralegal|law/i, 'legal'],
  [/police|fire|security|criminal/i, 'protective'],
  [/culinar|cook|chef|hospitality/i, 'culinary'],
];

/** Wage level of a credential type relative to an associate degree. */
const TYPE_LEVEL: Record<string, number> = {
  CERTIFICATE: 0.86,
  ASSOCIATE: 1,
  BACHELOR: 1.3,
  MASTER: 1.6,
  INDUSTRY_CERTIFICATION: 1.05,
  LICENSE: 1.14,
  APPRENTICESHIP: 1.1,
  BADGE: 0.92,
};

/** The field of a credential: from its CIP family when it has a program code, else its name. */
export function fieldOf(credential: AwardToMatch['credential']): Field {
  const family = credential.programCode?.trim().match(/^(\d{2})/)?.[1];
  const byCode = family ? CIP_FAMILIES[family] : undefined;
  if (byCode) return FIELDS[byCode];
  for (const [pattern, key] of NAME_FIELDS) if (pattern.test(credential.name)) return FIELDS[key];
  return GENERAL;
}

function hashText(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

/** Share of awards the demo provider finds. */
const MATCH_RATE = 0.885;
const DOLLARS_OF = 2024;

type Random = ReturnType<typeof createRandom>;

function normal(random: Random): number {
  // Box–Muller; 1 − u keeps the logarithm finite.
  const u = 1 - random.next();
  const v = random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function pickWeighted<T>(random: Random, items: readonly T[]): T {
  // The first items are the common ones: weights 1, 1/2, 1/3, …
  const total = items.reduce((sum, _, i) => sum + 1 / (i + 1), 0);
  let threshold = random.next() * total;
  for (let i = 0; i < items.length; i += 1) {
    threshold -= 1 / (i + 1);
    if (threshold < 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

/** The demo history of one award: deterministic in (organization, credential, external id). */
export function demoHistory(award: AwardToMatch, lastYear: number): ProviderResult {
  const random = createRandom(
    hashText(`${award.organizationId}|${award.credentialId}|${award.externalId}`),
  );
  if (random.next() >= MATCH_RATE) return { matched: false };
  const years: EarningsYearResult[] = [];
  const from = award.awardYear - 5;
  const to = Math.min(award.awardYear + 5, lastYear);
  const kind = random.next();
  // About 3 % have a file at the bureau but no employment on it; 4 % have jobs without wages.
  if (kind < 0.03) return { matched: true, years };
  const wagesReported = kind >= 0.07;

  const field = fieldOf(award.credential);
  const level = TYPE_LEVEL[award.credential.typeCode] ?? 1;
  const person = Math.exp(0.24 * normal(random));
  const postAward = field.base * level * person;
  const preAward = postAward * (0.62 + 0.18 * random.next());
  const realGrowth = 0.015 + 0.035 * random.next();
  const inFieldShare = 0.72;

  let job = { industry: '', role: '', premium: 1 };
  const newJob = (afterAward: boolean) => {
    const inField = afterAward && random.next() < inFieldShare;
    const source = inField ? field : GENERAL;
    job = {
      industry: pickWeighted(random, source.industries),
      role: pickWeighted(random, source.roles),
      premium: inField ? 1 : 0.88 + 0.1 * random.next(),
    };
  };
  newJob(false);
  let unemployedLastYear = false;
  let careerBoost = 1;

  for (let year = from; year <= to; year += 1) {
    const r = year - award.awardYear;
    const after = r >= 0;
    const employedChance: number = unemployedLastYear ? 0.55 : after ? 0.92 : 0.78;
    const employed: boolean = random.next() < employedChance;
    unemployedLastYear = !employed;
    if (!employed) {
      years.push({
        year,
        wage: null,
        employed: false,
        fullTime: false,
        industry: null,
        jobRole: null,
      });
      continue;
    }
    if (r === 0 || random.next() < 0.13) {
      newJob(after);
      careerBoost *= after ? 1 + 0.06 * random.next() : 1;
    }
    const fullTime = random.next() < (after ? 0.86 : 0.6);
    const real =
      (after ? postAward * Math.pow(1 + realGrowth, Math.max(0, r - 1)) * careerBoost : preAward) *
      job.premium *
      (fullTime ? 1 : 0.38 + 0.2 * random.next()) *
      (r === 0 ? 0.8 : 1) *
      (1 + 0.05 * normal(random));
    const nominal = real / realFactor(year, DOLLARS_OF);
    years.push({
      year,
      wage: wagesReported ? Math.round(nominal * 100) / 100 : null,
      employed: true,
      fullTime,
      industry: job.industry,
      jobRole: job.role,
    });
  }
  return { matched: true, years };
}

/**
 * The deterministic demo provider (billed as Equifax The Work Number matches).
 * @example const provider = createDemoEarningsProvider(); await provider.match(awards)
 */
export function createDemoEarningsProvider(options: { now?: () => Date } = {}): EarningsProvider {
  const now = options.now ?? (() => new Date());
  return {
    code: 'EQUIFAX_TWN',
    billingCode: EARNINGS_PROVIDERS.EQUIFAX_TWN.billingCode,
    async match(awards) {
      const lastYear = latestCompleteYear(now());
      return new Map(awards.map((award) => [award.id, demoHistory(award, lastYear)]));
    },
  };
}
