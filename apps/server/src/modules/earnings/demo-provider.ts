// The demo earnings provider: fictional but plausible wage histories, the same for the same award
// every time (seeded by organization, credential and external id). Wage levels and spreads come
// from published occupational wage statistics, the rest from stated assumptions (demo-wages.ts).
// Nothing here describes real people; the demo notice says so on every page.
import { realFactor } from '../insights/cpi-u.ts';
import { createRandom } from '../../seed/random.ts';
import {
  GENERAL_OCCUPATIONS,
  GENERAL_PROGRAM,
  type Occupation,
  OCCUPATION_WAGES_YEAR,
  OCCUPATIONS,
  type Program,
  PROGRAMS,
  PROGRAMS_BY_NAME,
} from './demo-wages.ts';
import {
  type AwardToMatch,
  EARNINGS_PROVIDERS,
  type EarningsProvider,
  type EarningsYearResult,
  latestCompleteYear,
  type ProviderResult,
} from './earnings-provider.ts';

/** Where the credential's program leads, from its CIP code (most specific first) or its name. */
export function programOf(credential: AwardToMatch['credential']): Program {
  const code = credential.programCode?.trim() ?? '';
  if (/^\d{2}(\.\d{2}(\d{2})?)?$/.test(code)) {
    for (const key of [code.slice(0, 7), code.slice(0, 5), code.slice(0, 2)]) {
      const program = PROGRAMS[key];
      if (program) return program;
    }
  }
  for (const [pattern, key] of PROGRAMS_BY_NAME)
    if (pattern.test(credential.name)) return PROGRAMS[key]!;
  return GENERAL_PROGRAM;
}

/**
 * Pay a year after the award relative to the occupation's median (which counts experienced
 * workers too), by credential type: newcomers start below it, more schooling starts higher.
 */
const ENTRY_LEVEL: Record<string, number> = {
  CERTIFICATE: 0.84,
  ASSOCIATE: 0.9,
  BACHELOR: 1,
  MASTER: 1.15,
  INDUSTRY_CERTIFICATION: 0.88,
  LICENSE: 0.9,
  APPRENTICESHIP: 0.97,
  BADGE: 0.84,
};

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
/** The pandemic year: fewer people employed and fewer hours, most in the fields it hit hardest. */
const COVID_YEAR = 2020;

type Random = ReturnType<typeof createRandom>;

function normal(random: Random): number {
  // Box–Muller; 1 − u keeps the logarithm finite.
  const u = 1 - random.next();
  const v = random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function pickWeighted<T>(random: Random, items: ReadonlyArray<readonly [T, number]>): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let threshold = random.next() * total;
  for (const [item, weight] of items) {
    threshold -= weight;
    if (threshold < 0) return item;
  }
  return items[items.length - 1]![0];
}

/** The most common industry first: weights 1, 1/2, 1/3, … */
function pickIndustry(random: Random, occupation: Occupation): string {
  return pickWeighted(
    random,
    occupation.industries.map((industry, i) => [industry, 1 / (i + 1)] as const),
  );
}

/** Spread of log wages in an occupation: (ln P75 − ln P25) ÷ 1.349 for a log-normal. */
const logSpread = (occupation: Occupation) => Math.log(occupation.p75 / occupation.p25) / 1.349;

/** Age at the award year, when the date of birth is known. */
function ageAt(award: AwardToMatch): number | null {
  const born = award.dateOfBirth ? Number(award.dateOfBirth.slice(0, 4)) : NaN;
  return Number.isFinite(born) ? award.awardYear - born : null;
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

  const program = programOf(award.credential);
  const entry = ENTRY_LEVEL[award.credential.typeCode] ?? 0.9;
  // Where this person stands in the pay of whatever occupation they hold.
  const standing = normal(random);
  const growth = program.growth * (0.4 + 1.2 * random.next());
  // Before the award: apprentices already work in the trade; older learners held full-time jobs;
  // younger ones worked part time while studying, and some not at all.
  const age = ageAt(award) ?? 18 + Math.floor(random.next() * 30);
  const apprentice = random.next() < (program.workedInFieldBefore ?? 0);
  const before = apprentice
    ? { employed: 0.93, fullTime: 0.88 }
    : age >= 28
      ? { employed: 0.8, fullTime: 0.72 }
      : random.next() < 0.22
        ? { employed: 0.04, fullTime: 0.1 }
        : { employed: 0.68, fullTime: 0.22 };
  const fieldOccupation = OCCUPATIONS[pickWeighted(random, program.occupations)];

  let job = { occupation: fieldOccupation as Occupation, industry: '', inField: false };
  const newJob = (afterAward: boolean) => {
    const inField = apprentice || (afterAward && random.next() < program.inField);
    const occupation: Occupation = inField
      ? afterAward
        ? OCCUPATIONS[pickWeighted(random, program.occupations)]
        : fieldOccupation
      : OCCUPATIONS[pickWeighted(random, GENERAL_OCCUPATIONS)];
    job = { occupation, industry: pickIndustry(random, occupation), inField };
  };
  newJob(false);
  let unemployedLastYear = false;
  let careerBoost = 1;

  for (let year = from; year <= to; year += 1) {
    const r = year - award.awardYear;
    const after = r >= 0;
    const dip =
      year === COVID_YEAR ? program.covid : year === COVID_YEAR + 1 ? program.covid / 3 : 0;
    const usual = after ? program.employed : before.employed;
    // A year without work makes the next one less likely to have work.
    const employedChance: number =
      (unemployedLastYear ? Math.min(0.55, usual) : usual) * (1 - 0.3 * dip);
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
    const fullTime = random.next() < (after ? program.fullTime : before.fullTime) * (1 - 0.4 * dip);
    const { occupation } = job;
    const level = job.inField
      ? after
        ? entry * Math.pow(1 + growth, Math.max(0, r - 1)) * careerBoost
        : // An apprentice's pay rises toward a journeyworker's over the years before the award.
          0.5 + 0.07 * (5 + r)
      : after
        ? 0.95
        : 0.85;
    const real =
      occupation.median *
      level *
      Math.exp(logSpread(occupation) * (job.inField ? standing : 0.6 * standing)) *
      (fullTime ? 1 : 0.35 + 0.25 * random.next()) *
      (r === 0 && !apprentice ? 0.8 : 1) *
      (1 - 0.12 * dip) *
      (1 + 0.05 * normal(random));
    const nominal = real / realFactor(year, OCCUPATION_WAGES_YEAR);
    years.push({
      year,
      wage: wagesReported ? Math.round(nominal * 100) / 100 : null,
      employed: true,
      fullTime,
      industry: job.industry,
      jobRole: occupation.title,
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
