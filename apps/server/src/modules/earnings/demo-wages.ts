// Wage levels of the demo world: what the demo earnings provider draws its fictional histories from.
//
// OCCUPATIONS — published figures.
//   Source: U.S. Bureau of Labor Statistics, Occupational Employment and Wage Statistics (OEWS),
//   "May 2023 National Occupational Employment and Wage Estimates, United States"
//   (https://www.bls.gov/oes/2023/may/oes_nat.htm), annual wages: 25th percentile, median,
//   75th percentile, by 2018 SOC code. Cross-industry, all employers, wage and salary workers;
//   figures in nominal dollars of 2023. Transcribed by hand for the demo, which uses their levels
//   and spreads (P75 ÷ P25) only: check a figure against the table before quoting it anywhere else.
//   `industries` are NAICS sector titles where the occupation mostly works (OEWS industry profiles).
//
// PROGRAMS — demo assumptions, not published statistics.
//   Which occupations a program's graduates go into (weights), how fast their wages grow in real
//   terms after the award, how many are employed and full-time a year after, and how hard the 2020
//   pandemic year hit them. Chosen to be plausible (health care and the trades were hit less than
//   food service in 2020; computing grows faster than child care), never measured.
//
// Nothing here describes a real person: the demo notice says so on every page.

/** Annual wages of an occupation (OEWS May 2023, national), with where it works. */
export interface Occupation {
  title: string;
  p25: number;
  median: number;
  p75: number;
  /** NAICS sector titles, the most common first. */
  industries: readonly string[];
}

/** The year whose dollars `OCCUPATIONS` are in. */
export const OCCUPATION_WAGES_YEAR = 2023;

const HEALTH = 'Health Care and Social Assistance';
const CONSTRUCTION = 'Construction';
const MANUFACTURING = 'Manufacturing';
const PROFESSIONAL = 'Professional, Scientific, and Technical Services';
const FINANCE = 'Finance and Insurance';
const INFORMATION = 'Information';
const RETAIL = 'Retail Trade';
const ADMIN_SUPPORT = 'Administrative and Support and Waste Management and Remediation Services';
const FOOD = 'Accommodation and Food Services';
const TRANSPORT = 'Transportation and Warehousing';
const PUBLIC = 'Public Administration';
const EDUCATION = 'Educational Services';
const OTHER_SERVICES = 'Other Services (except Public Administration)';
const WHOLESALE = 'Wholesale Trade';
const MANAGEMENT = 'Management of Companies and Enterprises';

/** By SOC code (2018 SOC). */
export const OCCUPATIONS = {
  // Healthcare practitioners and support
  '29-1141': {
    title: 'Registered Nurses',
    p25: 74_050,
    median: 86_070,
    p75: 101_100,
    industries: [HEALTH, EDUCATION, PUBLIC],
  },
  '29-2061': {
    title: 'Licensed Practical and Licensed Vocational Nurses',
    p25: 52_190,
    median: 59_730,
    p75: 66_180,
    industries: [HEALTH],
  },
  '31-1131': {
    title: 'Nursing Assistants',
    p25: 33_960,
    median: 38_130,
    p75: 43_790,
    industries: [HEALTH],
  },
  '31-1122': {
    title: 'Personal Care Aides',
    p25: 30_020,
    median: 33_530,
    p75: 36_920,
    industries: [HEALTH],
  },
  '31-9092': {
    title: 'Medical Assistants',
    p25: 37_190,
    median: 42_000,
    p75: 48_080,
    industries: [HEALTH],
  },
  '31-9097': {
    title: 'Phlebotomists',
    p25: 36_480,
    median: 41_810,
    p75: 48_170,
    industries: [HEALTH],
  },
  '29-2052': {
    title: 'Pharmacy Technicians',
    p25: 35_350,
    median: 40_300,
    p75: 47_420,
    industries: [RETAIL, HEALTH],
  },
  '29-2042': {
    title: 'Emergency Medical Technicians',
    p25: 33_390,
    median: 38_930,
    p75: 47_520,
    industries: [HEALTH, PUBLIC],
  },
  // Computing
  '15-1212': {
    title: 'Information Security Analysts',
    p25: 93_460,
    median: 120_360,
    p75: 152_630,
    industries: [PROFESSIONAL, FINANCE, INFORMATION],
  },
  '15-1232': {
    title: 'Computer User Support Specialists',
    p25: 46_420,
    median: 59_660,
    p75: 77_140,
    industries: [PROFESSIONAL, EDUCATION, INFORMATION],
  },
  '15-1244': {
    title: 'Network and Computer Systems Administrators',
    p25: 74_810,
    median: 95_360,
    p75: 120_470,
    industries: [PROFESSIONAL, INFORMATION, EDUCATION],
  },
  '15-1252': {
    title: 'Software Developers',
    p25: 101_800,
    median: 132_270,
    p75: 167_540,
    industries: [PROFESSIONAL, INFORMATION, FINANCE],
  },
  '15-1254': {
    title: 'Web Developers',
    p25: 62_490,
    median: 84_960,
    p75: 116_380,
    industries: [PROFESSIONAL, INFORMATION],
  },
  '15-1255': {
    title: 'Web and Digital Interface Designers',
    p25: 64_000,
    median: 92_750,
    p75: 126_240,
    industries: [PROFESSIONAL, INFORMATION],
  },
  '15-2051': {
    title: 'Data Scientists',
    p25: 79_820,
    median: 108_020,
    p75: 141_320,
    industries: [PROFESSIONAL, FINANCE, INFORMATION],
  },
  '13-1161': {
    title: 'Market Research Analysts and Marketing Specialists',
    p25: 54_690,
    median: 74_680,
    p75: 103_340,
    industries: [PROFESSIONAL, MANAGEMENT, FINANCE],
  },
  // Business and legal
  '13-1082': {
    title: 'Project Management Specialists',
    p25: 75_480,
    median: 98_580,
    p75: 127_080,
    industries: [PROFESSIONAL, CONSTRUCTION, FINANCE],
  },
  '13-2011': {
    title: 'Accountants and Auditors',
    p25: 63_550,
    median: 79_880,
    p75: 103_250,
    industries: [PROFESSIONAL, FINANCE, MANAGEMENT],
  },
  '43-3031': {
    title: 'Bookkeeping, Accounting, and Auditing Clerks',
    p25: 38_690,
    median: 47_440,
    p75: 56_860,
    industries: [PROFESSIONAL, FINANCE, WHOLESALE],
  },
  '43-1011': {
    title: 'First-Line Supervisors of Office and Administrative Support Workers',
    p25: 51_110,
    median: 63_560,
    p75: 80_320,
    industries: [HEALTH, ADMIN_SUPPORT, FINANCE],
  },
  '23-2011': {
    title: 'Paralegals and Legal Assistants',
    p25: 48_140,
    median: 60_970,
    p75: 76_770,
    industries: [PROFESSIONAL, PUBLIC],
  },
  // Education and care
  '39-9011': {
    title: 'Childcare Workers',
    p25: 26_800,
    median: 30_370,
    p75: 35_310,
    industries: [HEALTH, EDUCATION],
  },
  '25-2011': {
    title: 'Preschool Teachers, Except Special Education',
    p25: 30_260,
    median: 37_130,
    p75: 47_330,
    industries: [HEALTH, EDUCATION],
  },
  // Trades, production and transportation
  '51-4121': {
    title: 'Welders, Cutters, Solderers, and Brazers',
    p25: 40_870,
    median: 48_940,
    p75: 58_810,
    industries: [MANUFACTURING, CONSTRUCTION, OTHER_SERVICES],
  },
  '49-9021': {
    title: 'Heating, Air Conditioning, and Refrigeration Mechanics and Installers',
    p25: 45_690,
    median: 57_300,
    p75: 72_520,
    industries: [CONSTRUCTION, WHOLESALE],
  },
  '17-3024': {
    title: 'Electro-Mechanical and Mechatronics Technologists and Technicians',
    p25: 52_090,
    median: 64_710,
    p75: 79_640,
    industries: [MANUFACTURING, PROFESSIONAL],
  },
  '49-9041': {
    title: 'Industrial Machinery Mechanics',
    p25: 50_060,
    median: 61_710,
    p75: 74_290,
    industries: [MANUFACTURING, WHOLESALE],
  },
  '53-3032': {
    title: 'Heavy and Tractor-Trailer Truck Drivers',
    p25: 45_330,
    median: 54_320,
    p75: 65_180,
    industries: [TRANSPORT, WHOLESALE, CONSTRUCTION],
  },
  '49-3023': {
    title: 'Automotive Service Technicians and Mechanics',
    p25: 37_960,
    median: 47_770,
    p75: 61_370,
    industries: [RETAIL, OTHER_SERVICES],
  },
  '47-2111': {
    title: 'Electricians',
    p25: 47_180,
    median: 61_590,
    p75: 79_080,
    industries: [CONSTRUCTION, MANUFACTURING],
  },
  '47-2152': {
    title: 'Plumbers, Pipefitters, and Steamfitters',
    p25: 47_290,
    median: 61_550,
    p75: 80_160,
    industries: [CONSTRUCTION],
  },
  '47-2031': {
    title: 'Carpenters',
    p25: 44_160,
    median: 56_350,
    p75: 72_440,
    industries: [CONSTRUCTION],
  },
  // Jobs people hold while they study, or outside their field
  '41-2031': {
    title: 'Retail Salespersons',
    p25: 28_620,
    median: 33_900,
    p75: 40_040,
    industries: [RETAIL],
  },
  '43-4051': {
    title: 'Customer Service Representatives',
    p25: 33_490,
    median: 39_680,
    p75: 47_250,
    industries: [ADMIN_SUPPORT, FINANCE, RETAIL],
  },
  '35-3023': {
    title: 'Fast Food and Counter Workers',
    p25: 26_640,
    median: 29_710,
    p75: 32_900,
    industries: [FOOD],
  },
  '35-2014': {
    title: 'Cooks, Restaurant',
    p25: 30_400,
    median: 34_110,
    p75: 38_930,
    industries: [FOOD],
  },
  '53-7065': {
    title: 'Stockers and Order Fillers',
    p25: 30_800,
    median: 35_200,
    p75: 39_550,
    industries: [RETAIL, TRANSPORT, WHOLESALE],
  },
  '43-9061': {
    title: 'Office Clerks, General',
    p25: 32_850,
    median: 40_870,
    p75: 48_650,
    industries: [HEALTH, EDUCATION, PUBLIC],
  },
} as const satisfies Record<string, Occupation>;
export type SocCode = keyof typeof OCCUPATIONS;

/** What a program's graduates do (demo assumptions; see the comment at the top). */
export interface Program {
  /** Occupations graduates take up in their field, with relative weights. */
  occupations: ReadonlyArray<readonly [SocCode, number]>;
  /** Share of those employed after the award who work in the field. */
  inField: number;
  /** Chance of being employed in a year after the award (before the 2020 dip). */
  employed: number;
  /** Share of the employed who work full time after the award. */
  fullTime: number;
  /** Real wage growth a year after the award, on average. */
  growth: number;
  /** 2020: how much of the pandemic year's fall in employment and hours the field felt (0–1). */
  covid: number;
  /** Learners who worked in the field before the award, e.g. apprentices (0–1). */
  workedInFieldBefore?: number;
}

/** Jobs held while studying or outside the field. */
export const GENERAL_OCCUPATIONS: ReadonlyArray<readonly [SocCode, number]> = [
  ['41-2031', 4],
  ['35-3023', 3],
  ['43-4051', 3],
  ['53-7065', 2],
  ['35-2014', 1.5],
  ['43-9061', 1.5],
];

/**
 * Programs by CIP code (https://nces.ed.gov/ipeds/cipcode, CIP 2020): a six-digit code, a
 * four-digit series or a two-digit family; the most specific one known is used.
 */
export const PROGRAMS: Record<string, Program> = {
  // Health
  '51.3801': {
    occupations: [
      ['29-1141', 9],
      ['29-2061', 1],
    ],
    inField: 0.92,
    employed: 0.95,
    fullTime: 0.84,
    growth: 0.025,
    covid: 0.15,
  },
  '51.3902': {
    occupations: [
      ['31-1131', 7],
      ['31-1122', 2],
      ['31-9092', 1],
    ],
    inField: 0.75,
    employed: 0.86,
    fullTime: 0.64,
    growth: 0.015,
    covid: 0.35,
  },
  '51.3901': {
    occupations: [['29-2061', 1]],
    inField: 0.85,
    employed: 0.92,
    fullTime: 0.78,
    growth: 0.02,
    covid: 0.2,
  },
  '51.0801': {
    occupations: [['31-9092', 1]],
    inField: 0.8,
    employed: 0.88,
    fullTime: 0.75,
    growth: 0.015,
    covid: 0.3,
  },
  '51.1009': {
    occupations: [['31-9097', 1]],
    inField: 0.78,
    employed: 0.88,
    fullTime: 0.76,
    growth: 0.015,
    covid: 0.25,
  },
  '51.0805': {
    occupations: [['29-2052', 1]],
    inField: 0.8,
    employed: 0.89,
    fullTime: 0.74,
    growth: 0.015,
    covid: 0.2,
  },
  '51.0904': {
    occupations: [['29-2042', 1]],
    inField: 0.7,
    employed: 0.9,
    fullTime: 0.72,
    growth: 0.02,
    covid: 0.15,
  },
  '51': {
    occupations: [
      ['31-9092', 3],
      ['29-2061', 2],
      ['31-9097', 1],
      ['29-2052', 1],
    ],
    inField: 0.75,
    employed: 0.88,
    fullTime: 0.75,
    growth: 0.018,
    covid: 0.25,
  },
  // Computing and data
  '11.1003': {
    occupations: [
      ['15-1232', 5],
      ['15-1212', 3],
      ['15-1244', 2],
    ],
    inField: 0.8,
    employed: 0.92,
    fullTime: 0.88,
    growth: 0.05,
    covid: 0.1,
  },
  '11.0701': {
    occupations: [
      ['15-1232', 4],
      ['15-1252', 3],
      ['15-1254', 2],
    ],
    inField: 0.78,
    employed: 0.9,
    fullTime: 0.86,
    growth: 0.055,
    covid: 0.1,
  },
  '11.0902': {
    occupations: [
      ['15-1244', 3],
      ['15-1232', 3],
    ],
    inField: 0.72,
    employed: 0.92,
    fullTime: 0.88,
    growth: 0.045,
    covid: 0.1,
  },
  '11': {
    occupations: [
      ['15-1232', 4],
      ['15-1244', 2],
      ['15-1254', 1],
    ],
    inField: 0.74,
    employed: 0.9,
    fullTime: 0.86,
    growth: 0.045,
    covid: 0.1,
  },
  '30.7001': {
    occupations: [
      ['13-1161', 4],
      ['15-2051', 2],
    ],
    inField: 0.66,
    employed: 0.9,
    fullTime: 0.85,
    growth: 0.045,
    covid: 0.12,
  },
  '50.0409': {
    occupations: [
      ['15-1255', 3],
      ['15-1254', 1],
    ],
    inField: 0.66,
    employed: 0.88,
    fullTime: 0.8,
    growth: 0.04,
    covid: 0.15,
  },
  // Business and legal
  '52.0211': {
    occupations: [['13-1082', 1]],
    inField: 0.7,
    employed: 0.93,
    fullTime: 0.9,
    growth: 0.035,
    covid: 0.12,
  },
  '52.0302': {
    occupations: [
      ['43-3031', 4],
      ['13-2011', 1],
    ],
    inField: 0.7,
    employed: 0.9,
    fullTime: 0.8,
    growth: 0.02,
    covid: 0.2,
  },
  '52.0201': {
    occupations: [
      ['43-1011', 3],
      ['43-3031', 2],
      ['13-1161', 1],
    ],
    inField: 0.6,
    employed: 0.9,
    fullTime: 0.84,
    growth: 0.03,
    covid: 0.2,
  },
  '52': {
    occupations: [
      ['43-3031', 3],
      ['43-1011', 2],
      ['13-2011', 1],
    ],
    inField: 0.6,
    employed: 0.9,
    fullTime: 0.83,
    growth: 0.028,
    covid: 0.2,
  },
  '22.0302': {
    occupations: [['23-2011', 1]],
    inField: 0.7,
    employed: 0.9,
    fullTime: 0.85,
    growth: 0.025,
    covid: 0.15,
  },
  // Education and care
  '19.0708': {
    occupations: [
      ['39-9011', 3],
      ['25-2011', 2],
    ],
    inField: 0.7,
    employed: 0.85,
    fullTime: 0.62,
    growth: 0.012,
    covid: 0.45,
  },
  '13': {
    occupations: [['25-2011', 1]],
    inField: 0.7,
    employed: 0.88,
    fullTime: 0.75,
    growth: 0.015,
    covid: 0.3,
  },
  // Trades, production, transportation
  '48.0508': {
    occupations: [['51-4121', 1]],
    inField: 0.78,
    employed: 0.9,
    fullTime: 0.88,
    growth: 0.03,
    covid: 0.3,
  },
  '47.0201': {
    occupations: [['49-9021', 1]],
    inField: 0.8,
    employed: 0.92,
    fullTime: 0.9,
    growth: 0.035,
    covid: 0.2,
  },
  '47.0604': {
    occupations: [['49-3023', 1]],
    inField: 0.75,
    employed: 0.9,
    fullTime: 0.88,
    growth: 0.025,
    covid: 0.3,
  },
  '15.0403': {
    occupations: [
      ['17-3024', 2],
      ['49-9041', 2],
    ],
    inField: 0.72,
    employed: 0.92,
    fullTime: 0.9,
    growth: 0.035,
    covid: 0.25,
  },
  '15': {
    occupations: [
      ['17-3024', 1],
      ['49-9041', 1],
    ],
    inField: 0.7,
    employed: 0.9,
    fullTime: 0.88,
    growth: 0.03,
    covid: 0.25,
  },
  '49.0205': {
    occupations: [['53-3032', 1]],
    inField: 0.82,
    employed: 0.9,
    fullTime: 0.88,
    growth: 0.02,
    covid: 0.15,
  },
  '46.0302': {
    occupations: [['47-2111', 1]],
    inField: 0.9,
    employed: 0.95,
    fullTime: 0.92,
    growth: 0.03,
    covid: 0.2,
    workedInFieldBefore: 0.9,
  },
  '46.0503': {
    occupations: [['47-2152', 1]],
    inField: 0.9,
    employed: 0.95,
    fullTime: 0.92,
    growth: 0.03,
    covid: 0.2,
    workedInFieldBefore: 0.9,
  },
  '46.0201': {
    occupations: [['47-2031', 1]],
    inField: 0.88,
    employed: 0.93,
    fullTime: 0.9,
    growth: 0.025,
    covid: 0.25,
    workedInFieldBefore: 0.9,
  },
  '46': {
    occupations: [
      ['47-2111', 1],
      ['47-2152', 1],
      ['47-2031', 1],
    ],
    inField: 0.85,
    employed: 0.93,
    fullTime: 0.9,
    growth: 0.028,
    covid: 0.22,
  },
  '47': {
    occupations: [
      ['49-9021', 1],
      ['49-3023', 1],
    ],
    inField: 0.78,
    employed: 0.91,
    fullTime: 0.88,
    growth: 0.03,
    covid: 0.25,
  },
  '48': {
    occupations: [['51-4121', 1]],
    inField: 0.75,
    employed: 0.9,
    fullTime: 0.88,
    growth: 0.028,
    covid: 0.3,
  },
  '49': {
    occupations: [['53-3032', 1]],
    inField: 0.8,
    employed: 0.9,
    fullTime: 0.88,
    growth: 0.02,
    covid: 0.15,
  },
  '12': {
    occupations: [['35-2014', 1]],
    inField: 0.7,
    employed: 0.84,
    fullTime: 0.65,
    growth: 0.015,
    covid: 0.7,
  },
};

/** Any other program: graduates work where people without a field-specific credential do. */
export const GENERAL_PROGRAM: Program = {
  occupations: [
    ['43-9061', 2],
    ['43-4051', 2],
    ['43-1011', 1],
  ],
  inField: 0.5,
  employed: 0.87,
  fullTime: 0.78,
  growth: 0.02,
  covid: 0.4,
};

/** A program for a credential without a known CIP code, guessed from its name. */
export const PROGRAMS_BY_NAME: ReadonlyArray<readonly [RegExp, string]> = [
  [/registered nurs|\brn\b|\badn\b|\bbsn\b/i, '51.3801'],
  [/nursing assistant|\bcna\b|nurse aide/i, '51.3902'],
  [/practical nurs|\blpn\b|\blvn\b/i, '51.3901'],
  [/medical assistant/i, '51.0801'],
  [/phleb/i, '51.1009'],
  [/pharm/i, '51.0805'],
  [/\bemt\b|paramedic|emergency medical/i, '51.0904'],
  [/health|medical|dental|clinical/i, '51'],
  [/cyber|security analyst/i, '11.1003'],
  [/software|computer science|programm|web dev/i, '11.0701'],
  [/cloud|network|\bit\b/i, '11.0902'],
  [/data/i, '30.7001'],
  [/\bux\b|user experience|design/i, '50.0409'],
  [/project manage/i, '52.0211'],
  [/account|bookkeep/i, '52.0302'],
  [/business|manage|market|financ/i, '52.0201'],
  [/paralegal|legal/i, '22.0302'],
  [/early childhood|child care|childcare/i, '19.0708'],
  [/teach|educat/i, '13'],
  [/weld/i, '48.0508'],
  [/hvac|refrigerat/i, '47.0201'],
  [/automotive|auto tech|diesel/i, '47.0604'],
  [/mechatron|machin|cnc|manufactur/i, '15.0403'],
  [/truck|cdl/i, '49.0205'],
  [/electric/i, '46.0302'],
  [/plumb|pipefit/i, '46.0503'],
  [/carpent/i, '46.0201'],
  [/construct|build/i, '46'],
  [/culinar|cook|chef/i, '12'],
];
