import PDFDocument from 'pdfkit';

import { INSIGHT_FIGURES, type InsightFigure } from '@laurel/contract/insight-figures';
import type {
  TChartPoint,
  TFigure,
  TInsightsData,
  TPairedFigure,
  TTop,
} from '@laurel/contract/insights';
import type { TBenchmarkComparison, TBenchmarkReference } from '@laurel/contract/benchmarks';
import { INSIGHTS_SMALL_SAMPLE_MIN, INSIGHTS_SUPPRESSION_MIN } from '@laurel/contract/insights';
import { formatMessage, LOCALES, type MessageValues } from '@laurel/contract/i18n/messages';
import type { TLanguage } from '@laurel/contract/profile';

import { REPORT_MESSAGES_EN, type ReportMessageKey } from '../../i18n/report.en.ts';
import { REPORT_MESSAGES_ES } from '../../i18n/report.es.ts';

/**
 * The outcome reports people hand on (to a board, an accreditor, a program review), written as
 * tagged PDF with pdfkit: document language and title, headings, tables with header cells, the
 * chart as a figure with alternative text and its data as a table under it, in reading order.
 * Figures are exactly those the insights API publishes for the same request, with its
 * suppression marks; the text uses the standard Helvetica fonts, so nothing is embedded. Every
 * word, number, amount and date is in the report's language (decision 066), and so is the
 * document's language tag.
 */

export type ReportPaper = 'letter' | 'a4';

interface ReportBase {
  organizationName: string;
  paper: ReportPaper;
  /** The figures' demo notice (demo mode: made-up people and earnings). */
  demo: boolean;
  generatedAt: Date;
  /** Where the methodology page lives: `${publicUrl}/insights/methodology`. */
  publicUrl: string;
  /** The report's language: its words, its numbers and dates, its document language. */
  language: TLanguage;
}

export interface CredentialReportInput extends ReportBase {
  /** The credential, or null for all credentials of the organization together. */
  credential: { name: string; code: string } | null;
  data: TInsightsData;
  /** The credential's benchmark and high-school threshold, in the figures' dollars. */
  comparison: TBenchmarkComparison | null;
}

export interface OrganizationReportInput extends ReportBase {
  /** The all-credentials figures of the same award years (their years, data year, dollars). */
  overall: TInsightsData;
  credentials: Array<{ name: string; code: string; data: TInsightsData }>;
}

const MARGIN = 54;
const INK = '#1b1b1f';
const MUTED = '#55565c';
const ACCENT = '#1f5fa8';
const BAND = '#c9daf0';

/** The report's words and formats in one language: amounts are US dollars in either. */
function wordsOf(language: TLanguage) {
  const catalogue = language === 'es' ? REPORT_MESSAGES_ES : REPORT_MESSAGES_EN;
  const locale = LOCALES[language];
  const dollars = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  });
  const signedDollars = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
    signDisplay: 'exceptZero',
  });
  const percentFormat = new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  const signedPercent = new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  });
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const words = {
    language,
    /** The document's language tag. */
    tag: language === 'es' ? 'es' : 'en-US',
    t: (key: ReportMessageKey, values?: MessageValues) =>
      formatMessage(catalogue, language, key, values),
    /** Whole dollars: 52300 → "$52,300" (en), "USD 52,300" (es). */
    money: (value: number) => dollars.format(Math.round(value)),
    /** A change in dollars with its sign: "+$9,800", "-$1,200", "$0". */
    moneyChange: (value: number) => signedDollars.format(Math.round(value) || 0),
    /** A fraction as a whole percentage: 0.64 → "64%". */
    percent: (fraction: number) => percentFormat.format(Math.round(fraction * 100) / 100),
    /** A fractional change with its sign: 0.38 → "+38%". */
    percentChange: (fraction: number) =>
      signedPercent.format(Math.round(fraction * 100) / 100 || 0),
    count: (value: number) => whole.format(value),
    date: (at: Date) =>
      at.toLocaleDateString(locale, {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      }),
  };
  return words;
}
type Words = ReturnType<typeof wordsOf>;

/** A people count as the API publishes it: exact from 10 on, "Fewer than 10", or "Withheld". */
function people(w: Words, value: { count: number | null; lessThan: number | null }): string {
  if (value.count !== null) return w.count(value.count);
  return value.lessThan !== null ? w.t('fewerThan', { count: value.lessThan }) : w.t('withheld');
}

type Hidden = {
  lessThan: number | null;
  reason: 'TOO_RECENT' | 'FEWER_THAN_MIN' | 'WITHHELD' | null;
};

/** Why a value is not shown, in the words of the insights screens. */
function hiddenText(w: Words, figure: Hidden): string {
  if (figure.reason === 'TOO_RECENT') return w.t('noDataYetLong');
  return figure.lessThan !== null
    ? w.t('hiddenFewer', { count: figure.lessThan })
    : w.t('withheldLong');
}

/** The same, in a table cell of its own. */
function hiddenShort(w: Words, figure: Hidden): string {
  if (figure.reason === 'TOO_RECENT') return w.t('noDataYet');
  return figure.lessThan !== null ? w.t('fewerThan', { count: figure.lessThan }) : w.t('withheld');
}

/** A figure's value as the report prints it, or why it is not shown. */
function figureText(
  w: Words,
  spec: InsightFigure,
  figure: TFigure | TPairedFigure | TTop,
  hidden: typeof hiddenText = hiddenText,
): string {
  if (spec.format === 'name') {
    const top = figure as TTop;
    if (top.name === null) return hidden(w, top);
    return top.share === null
      ? top.name
      : w.t('topShare', { name: top.name, share: w.percent(top.share) });
  }
  const { value } = figure as TFigure;
  return value === null ? hidden(w, figure) : w[spec.format](value);
}

const figureOf = (data: TInsightsData, spec: InsightFigure) =>
  (data[spec.group] as unknown as Record<string, TFigure | TPairedFigure | TTop>)[spec.key]!;

/** A figure's name as the export gives it; one measured over a span says over how many years. */
function titleOf(w: Words, spec: InsightFigure, figure: TFigure | TPairedFigure | TTop): string {
  const key = `figure.${spec.key}` as ReportMessageKey;
  if (!(key in REPORT_MESSAGES_EN)) throw new Error(`No report title for the figure ${spec.key}`);
  return w.t(key, 'horizonYears' in figure ? { years: figure.horizonYears } : undefined);
}

/** Relative years as words: "5 years before", "Award year", "1 year after". */
function relativeYear(w: Words, year: number): string {
  if (year === 0) return w.t('awardYear');
  return w.t('relativeYear', { years: Math.abs(year), direction: year < 0 ? 'before' : 'after' });
}

const yearsText = (w: Words, data: TInsightsData) =>
  data.awardYearFrom === null
    ? w.t('noAwardYears')
    : data.awardYearFrom === data.awardYearTo
      ? w.t('awardedIn', { year: String(data.awardYearFrom) })
      : w.t('awardedRange', { from: String(data.awardYearFrom), to: String(data.awardYearTo) });

/** A tagged document on the chosen paper, its metadata set. */
function newDocument(w: Words, title: string, base: ReportBase): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: base.paper === 'a4' ? 'A4' : 'LETTER',
    margin: MARGIN,
    tagged: true,
    lang: w.tag,
    displayTitle: true,
    pdfVersion: '1.7',
    bufferPages: false,
    info: {
      Title: title,
      Author: base.organizationName,
      Subject: w.t('subject'),
      Creator: 'Laurel',
      CreationDate: base.generatedAt,
    },
  });
  doc.font('Helvetica').fillColor(INK);
  return doc;
}

type Section = PDFKit.PDFStructureElement;

function heading(doc: PDFKit.PDFDocument, parent: Section, tag: 'H1' | 'H2', text: string) {
  const size = tag === 'H1' ? 18 : 13;
  if (tag === 'H2') doc.moveDown(0.8);
  parent.add(
    doc.struct(tag, {}, () => {
      doc.font('Helvetica-Bold').fontSize(size).fillColor(INK).text(text);
    }),
  );
  doc.moveDown(0.3);
}

function paragraph(
  doc: PDFKit.PDFDocument,
  parent: Section,
  text: string,
  options: { muted?: boolean; size?: number } = {},
) {
  parent.add(
    doc.struct('P', {}, () => {
      doc
        .font('Helvetica')
        .fontSize(options.size ?? 10)
        .fillColor(options.muted ? MUTED : INK)
        .text(text);
    }),
  );
  doc.moveDown(0.4);
}

/** A table with header cells: one header row, then the rows; tagged Table/TR/TH/TD by pdfkit. */
function table(
  doc: PDFKit.PDFDocument,
  parent: Section,
  header: string[],
  rows: string[][],
  widths: Array<number | '*'>,
) {
  doc.font('Helvetica').fontSize(9).fillColor(INK);
  const options = {
    structParent: parent,
    columnStyles: widths.map((width) => ({ width })),
    defaultStyle: { padding: 4, border: 0.5, borderColor: '#b8b9bf' },
    rowStyles: (row: number) =>
      row === 0 ? { backgroundColor: '#eef1f6', font: { src: 'Helvetica-Bold' } } : {},
  };
  const built = (
    doc as unknown as { table(o: object): { row(r: object[]): unknown; end(): void } }
  ).table(options);
  built.row(header.map((text) => ({ text, type: 'TH', scope: 'Column' })));
  for (const row of rows) built.row(row.map((text) => ({ text })));
  built.end();
  doc.x = MARGIN;
  doc.moveDown(0.6);
}

/** The header block: title, cohort, dates, and the demo notice in demo mode. */
function header(
  w: Words,
  doc: PDFKit.PDFDocument,
  root: Section,
  title: string,
  lines: string[],
  base: ReportBase,
) {
  heading(doc, root, 'H1', title);
  for (const line of lines) paragraph(doc, root, line, { muted: true });
  paragraph(doc, root, w.t('reportMade', { date: w.date(base.generatedAt) }), { muted: true });
  if (base.demo) paragraph(doc, root, w.t('demoNotice'));
}

const smallSampleNote = (w: Words, figure: { smallSample: boolean }) =>
  figure.smallSample
    ? w.t('smallSample', { from: INSIGHTS_SUPPRESSION_MIN, to: INSIGHTS_SMALL_SAMPLE_MIN - 1 })
    : '';

/** The −5…+5 chart: the median with its 25th–75th percentile band, drawn as a tagged figure. */
function chart(
  w: Words,
  doc: PDFKit.PDFDocument,
  parent: Section,
  points: TChartPoint[],
  alt: string,
  benchmark: number | null,
) {
  const width = doc.page.width - 2 * MARGIN;
  const height = 170;
  if (doc.y + height + 40 > doc.page.height - MARGIN) doc.addPage();
  const top = doc.y;
  const left = MARGIN + 48;
  const plotWidth = width - 60;
  const shown = points.filter((p) => p.median !== null);
  const highs = shown.map((p) => p.p75 ?? p.median!);
  const max = Math.max(1, benchmark ?? 0, ...highs);
  const step = 10 ** Math.floor(Math.log10(max));
  const ceiling = Math.ceil(max / step) * step;
  const x = (year: number) => left + ((year + 5) / 10) * plotWidth;
  const y = (value: number) => top + height - (value / ceiling) * height;
  parent.add(
    doc.struct('Figure', { alt }, () => {
      doc.save();
      doc.lineWidth(0.5).strokeColor('#b8b9bf');
      for (let i = 0; i <= 4; i++) {
        const value = (ceiling / 4) * i;
        doc
          .moveTo(left, y(value))
          .lineTo(left + plotWidth, y(value))
          .stroke();
        doc
          .font('Helvetica')
          .fontSize(7)
          .fillColor(MUTED)
          .text(w.money(value), MARGIN, y(value) - 3, {
            width: 44,
            align: 'right',
            lineBreak: false,
          });
      }
      for (let year = -5; year <= 5; year++)
        doc
          .fontSize(7)
          .fillColor(MUTED)
          .text(
            year === 0 ? w.t('chartAward') : year > 0 ? `+${year}` : String(year),
            x(year) - 15,
            top + height + 4,
            {
              width: 30,
              align: 'center',
              lineBreak: false,
            },
          );
      // The band and the line break where a year is hidden.
      const runs: TChartPoint[][] = [];
      for (const point of points) {
        if (point.median === null) runs.push([]);
        else (runs.at(-1) ?? runs[runs.push([]) - 1]!).push(point);
      }
      for (const run of runs.filter((r) => r.length > 0)) {
        const banded = run.filter((p) => p.p25 !== null && p.p75 !== null);
        if (banded.length > 1) {
          doc.moveTo(x(banded[0]!.relativeYear), y(banded[0]!.p75!));
          for (const p of banded.slice(1)) doc.lineTo(x(p.relativeYear), y(p.p75!));
          for (const p of [...banded].reverse()) doc.lineTo(x(p.relativeYear), y(p.p25!));
          doc.closePath().fillOpacity(0.7).fill(BAND).fillOpacity(1);
        }
        doc.lineWidth(2).strokeColor(ACCENT);
        doc.moveTo(x(run[0]!.relativeYear), y(run[0]!.median!));
        for (const p of run.slice(1)) doc.lineTo(x(p.relativeYear), y(p.median!));
        doc.stroke();
        for (const p of run) doc.circle(x(p.relativeYear), y(p.median!), 2.5).fill(ACCENT);
      }
      if (benchmark !== null) {
        doc
          .lineWidth(1.2)
          .strokeColor(MUTED)
          .dash(4, { space: 3 })
          .moveTo(left, y(benchmark))
          .lineTo(left + plotWidth, y(benchmark))
          .stroke()
          .undash();
        doc
          .fontSize(7)
          .fillColor(MUTED)
          .text(w.t('chartBenchmark'), left + 2, y(benchmark) - 9, { lineBreak: false });
      }
      doc.restore();
    }),
  );
  doc.x = MARGIN;
  doc.y = top + height + 22;
}

/** The chart's text: what a screen reader says of it. */
function chartAlt(w: Words, points: TChartPoint[], benchmark: number | null): string {
  const shown = points.filter((p) => p.median !== null);
  if (shown.length === 0) return w.t('chartAltNone');
  const parts = shown.map((p) =>
    w.t('chartAltYear', { year: relativeYear(w, p.relativeYear), salary: w.money(p.median!) }),
  );
  const hidden = points.length - shown.length;
  return [
    w.t('chartAlt', { years: parts.join('; ') }),
    ...(hidden ? [w.t('chartAltHidden', { hidden, total: points.length })] : []),
    ...(benchmark === null ? [] : [w.t('chartAltBenchmark', { benchmark: w.money(benchmark) })]),
  ].join(' ');
}

function pointRows(w: Words, points: TChartPoint[]): string[][] {
  return points.map((p) => [
    relativeYear(w, p.relativeYear),
    p.median === null ? hiddenText(w, p) : w.money(p.median),
    p.p25 === null ? '' : w.money(p.p25),
    p.p75 === null ? '' : w.money(p.p75),
    people(w, { count: p.n, lessThan: p.lessThan }),
  ]);
}

function methodologyNotes(
  w: Words,
  doc: PDFKit.PDFDocument,
  root: Section,
  data: TInsightsData,
  base: ReportBase,
) {
  heading(doc, root, 'H2', w.t('howToRead'));
  const years = { dollarsYear: String(data.dollarsOfYear), asOfYear: String(data.asOfYear) };
  const notes = [
    w.t('noteSource', years),
    w.t('notePrivacy', { min: INSIGHTS_SUPPRESSION_MIN, smallMax: INSIGHTS_SMALL_SAMPLE_MIN - 1 }),
    w.t('noteDefinitions', { link: `${base.publicUrl.replace(/\/+$/, '')}/insights/methodology` }),
  ];
  for (const note of notes) paragraph(doc, root, note, { size: 9 });
}

/** Differences are stated to the hundred dollars, as on the insights screens: estimates. */
const toHundreds = (value: number) => Math.round(value / 100) * 100;

/** What a benchmark figure covers: "CIP 51.3801 in OR, 2023". */
function benchmarkScope(w: Words, reference: TBenchmarkReference): string {
  const what = reference.code
    ? `${reference.codeSystem} ${reference.code}`
    : w.t('highSchoolGraduates');
  return w.t('benchmarkScope', {
    what,
    geography: reference.geography,
    year: String(reference.year),
  });
}

/** The salary against the benchmark of the credential's field, and the earnings premium. */
function benchmarkText(w: Words, comparison: TBenchmarkComparison, data: TInsightsData): string[] {
  const salary = data.earnings.status === 'available' ? data.earnings.salary.value : null;
  const lines: string[] = [];
  const { benchmark, threshold } = comparison;
  if (benchmark) {
    const difference = salary === null ? null : toHundreds(salary - benchmark.value);
    const against =
      difference === null
        ? []
        : difference === 0
          ? [w.t('atBenchmark')]
          : [
              w.t('againstBenchmark', {
                difference: difference > 0 ? w.moneyChange(difference) : w.money(-difference),
                direction: difference > 0 ? 'above' : 'below',
              }),
            ];
    const line = w.t('benchmarkLine', {
      value: w.money(benchmark.value),
      scope: benchmarkScope(w, benchmark),
      dollarsYear: String(comparison.dollarsOfYear),
      source: benchmark.source,
    });
    lines.push([line, ...against].join(' '));
  }
  if (threshold && salary !== null)
    lines.push(
      w.t('premiumLine', {
        premium: w.moneyChange(toHundreds(salary - threshold.value)),
        threshold: w.money(threshold.value),
        scope: benchmarkScope(w, threshold),
        source: threshold.source,
      }),
    );
  return lines;
}

/** One cohort's report: the figures, the chart with its table, the cohort, and the notes. */
export function credentialReport(input: CredentialReportInput): PDFKit.PDFDocument {
  const { data } = input;
  const w = wordsOf(input.language);
  const subject = input.credential
    ? `${input.credential.name} (${input.credential.code})`
    : w.t('allCredentials');
  const title = w.t('credentialTitle', { subject });
  const doc = newDocument(w, title, input);
  const root = doc.struct('Document', { lang: w.tag });
  doc.addStructure(root);
  header(
    w,
    doc,
    root,
    title,
    [
      w.t('cohortLine', { organization: input.organizationName, years: yearsText(w, data) }),
      w.t('awardsLine', {
        awards: w.count(data.cohort.awards),
        matched: people(w, data.cohort.matched),
      }),
      w.t('dataThrough', {
        asOfYear: String(data.asOfYear),
        dollarsYear: String(data.dollarsOfYear),
      }),
    ],
    input,
  );

  heading(doc, root, 'H2', w.t('outcomes'));
  const available = INSIGHT_FIGURES.filter((spec) => data[spec.group].status === 'available');
  if (available.length === 0)
    paragraph(
      doc,
      root,
      data.earnings.status === 'processing' ? w.t('updating') : w.t('notAvailableHere'),
    );
  else
    table(
      doc,
      root,
      [w.t('columnFigure'), w.t('columnValue'), w.t('columnPeople'), w.t('columnNote')],
      available.map((spec) => {
        const figure = figureOf(data, spec);
        return [
          titleOf(w, spec, figure),
          figureText(w, spec, figure),
          people(w, { count: figure.n, lessThan: figure.lessThan }),
          smallSampleNote(w, figure),
        ];
      }),
      [140, 190, 60, '*'],
    );

  if (data.earnings.status === 'available') {
    heading(doc, root, 'H2', w.t('salaryChart'));
    const benchmark = input.comparison?.benchmark?.value ?? null;
    chart(w, doc, root, data.chart.points, chartAlt(w, data.chart.points, benchmark), benchmark);
    table(
      doc,
      root,
      [
        w.t('columnYear'),
        w.t('columnMedian'),
        w.t('column25'),
        w.t('column75'),
        w.t('columnPeople'),
      ],
      pointRows(w, data.chart.points),
      [100, '*', 90, 90, 80],
    );
  }

  const benchmarkLines = input.comparison ? benchmarkText(w, input.comparison, data) : [];
  if (benchmarkLines.length > 0) {
    heading(doc, root, 'H2', w.t('comparedWithBenchmarks'));
    for (const line of benchmarkLines) paragraph(doc, root, line);
  }

  if (data.dataGaps.length > 0) {
    heading(doc, root, 'H2', w.t('awardsWithoutData'));
    table(
      doc,
      root,
      [w.t('columnReason'), w.t('columnAwards')],
      data.dataGaps.map((gap) => [w.t(`gap.${gap.code}`), people(w, gap)]),
      ['*', 120],
    );
  }
  methodologyNotes(w, doc, root, data, input);
  root.end();
  doc.end();
  return doc;
}

/** Every credential of an organization as a row, then the notes. */
export function organizationReport(input: OrganizationReportInput): PDFKit.PDFDocument {
  const { overall } = input;
  const w = wordsOf(input.language);
  const title = w.t('organizationTitle', { organization: input.organizationName });
  const doc = newDocument(w, title, input);
  const root = doc.struct('Document', { lang: w.tag });
  doc.addStructure(root);
  header(
    w,
    doc,
    root,
    title,
    [
      w.t('organizationLine', {
        credentials: w.count(input.credentials.length),
        years: yearsText(w, overall),
        asOfYear: String(overall.asOfYear),
        dollarsYear: String(overall.dollarsOfYear),
      }),
    ],
    input,
  );
  heading(doc, root, 'H2', w.t('credentialsHeading'));
  const salary = INSIGHT_FIGURES.find((f) => f.key === 'salary')!;
  const employment = INSIGHT_FIGURES.find((f) => f.key === 'employmentRate')!;
  const row = (name: string, data: TInsightsData) => {
    const available = data.earnings.status === 'available';
    const matched = data.cohort.matched.count;
    return [
      name,
      w.count(data.cohort.awards),
      matched !== null && data.cohort.awards > 0
        ? w.percent(matched / data.cohort.awards)
        : people(w, data.cohort.matched),
      available ? figureText(w, salary, figureOf(data, salary), hiddenShort) : w.t('notAvailable'),
      data.employment.status === 'available'
        ? figureText(w, employment, figureOf(data, employment), hiddenShort)
        : w.t('notAvailable'),
    ];
  };
  table(
    doc,
    root,
    [
      w.t('columnCredential'),
      w.t('columnAwards'),
      w.t('columnMatched'),
      w.t('columnSalaryOneYear'),
      w.t('columnEmploymentRate'),
    ],
    [
      ...input.credentials.map((c) => row(`${c.name} (${c.code})`, c.data)),
      row(w.t('allCredentials'), overall),
    ],
    // "Otorgamientos" needs a wider column than "Awards".
    w.language === 'es' ? ['*', 84, 64, 110, 90] : ['*', 60, 70, 110, 100],
  );
  methodologyNotes(w, doc, root, overall, input);
  root.end();
  doc.end();
  return doc;
}
