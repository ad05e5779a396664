/**
 * The PDF insights reports, in English: ICU messages by key (decision 066). `report.es.ts` says
 * the same in Spanish; a test checks that both have the same keys and arguments.
 */
export const REPORT_MESSAGES_EN = {
  subject: 'Earnings and employment outcomes of credential holders',
  demoNotice:
    'Demo data: the people, awards and earnings in this report are made up for demonstration.',
  fewerThan: 'Fewer than {count}',
  withheld: 'Withheld',
  noDataYetLong: 'No data yet (awards too recent)',
  hiddenFewer: 'Hidden: fewer than {count} people',
  withheldLong: 'Withheld to protect a smaller group',
  noDataYet: 'No data yet',
  topShare: '{name} ({share})',
  awardYear: 'Award year',
  relativeYear:
    '{years, plural, one {# year} other {# years}} {direction, select, before {before} other {after}}',
  noAwardYears: 'no award years yet',
  awardedIn: 'awarded in {year}',
  awardedRange: 'awarded {from}–{to}',
  reportMade: 'Report made {date}.',
  smallSample: 'small sample ({from}–{to} people)',
  chartAward: 'Award',
  chartBenchmark: 'Benchmark',
  chartAltNone: 'Median salary by year relative to the award: no year can be shown.',
  chartAlt:
    'Median salary by year relative to the award, with the middle half of salaries as a band: {years}.',
  chartAltYear: '{year} {salary}',
  chartAltHidden:
    '{hidden} of {total} years are not shown (too few people or no data yet); the table below says why.',
  chartAltBenchmark: 'A dashed line marks the benchmark, {benchmark}.',
  howToRead: 'How to read these figures',
  noteSource:
    "Earnings and employment come from the data provider's records of the people who earned the credential, matched to their awards. Money is in {dollarsYear} dollars (adjusted with the CPI-U); data is complete through {asOfYear}.",
  notePrivacy:
    'Privacy: a figure about fewer than {min} people is not shown ("Fewer than {min}"), and a figure that would let a smaller group be worked out from other figures is withheld. Figures about {min}–{smallMax} people are marked as a small sample.',
  noteDefinitions: "Each figure's definition: {link}",
  highSchoolGraduates: 'high-school graduates',
  benchmarkScope: '{what} in {geography, select, US {the US} other {{geography}}}, {year}',
  atBenchmark: 'The salary one year after the award is at the benchmark.',
  againstBenchmark:
    'The salary one year after the award is {difference} {direction, select, above {above} other {below}} the benchmark.',
  benchmarkLine:
    'Benchmark {value}: median earnings for {scope}, in {dollarsYear} dollars. Source: {source}.',
  premiumLine:
    'Earnings premium {premium} over the high-school earnings threshold of {threshold} ({scope}). Source: {source}.',
  allCredentials: 'All credentials',
  credentialTitle: '{subject}: earnings and employment outcomes',
  cohortLine: '{organization}, {years}.',
  awardsLine: 'Awards: {awards}. People matched with earnings records: {matched}.',
  dataThrough: 'Data through {asOfYear}, in {dollarsYear} dollars.',
  outcomes: 'Outcomes',
  updating: 'The figures are being updated; download the report again in a few minutes.',
  notAvailableHere: 'Insights are not available for this organization.',
  columnFigure: 'Figure',
  columnValue: 'Value',
  columnPeople: 'People',
  columnNote: 'Note',
  salaryChart: 'Salary from five years before to five years after the award',
  columnYear: 'Year',
  columnMedian: 'Median salary',
  column25: '25th percentile',
  column75: '75th percentile',
  comparedWithBenchmarks: 'Compared with benchmarks',
  awardsWithoutData: 'Awards without earnings data',
  columnReason: 'Reason',
  columnAwards: 'Awards',
  organizationTitle: '{organization}: outcomes by credential',
  organizationLine:
    '{credentials} credentials, {years}. Data through {asOfYear}, in {dollarsYear} dollars.',
  credentialsHeading: 'Credentials',
  notAvailable: 'Not available',
  columnCredential: 'Credential',
  columnMatched: 'Matched',
  columnSalaryOneYear: 'Median salary, 1 year after',
  columnEmploymentRate: 'Employment rate',
  'figure.salary': 'Salary',
  'figure.salaryGrowth': 'Salary growth over {years, plural, one {# year} other {# years}}',
  'figure.salaryIncrease': 'Salary increase',
  'figure.employmentRate': 'Employment rate',
  'figure.coverage': 'Coverage (matched share)',
  'figure.employmentRateAllAwards': 'Employment rate over all awards',
  'figure.topIndustry': 'Top industry',
  'figure.topJobRole': 'Top job role',
  'gap.MISSING_EQUIFAX': 'Not matched by the data provider',
  'gap.MISSING_EARNINGS': 'Matched, no wage records',
  'gap.MISSING_EMPLOYMENT': 'Matched, no employment records',
} as const;

export type ReportMessageKey = keyof typeof REPORT_MESSAGES_EN;
