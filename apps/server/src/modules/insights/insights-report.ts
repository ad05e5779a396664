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
import { DATA_GAP_LABELS } from '@laurel/contract/constants';
import { INSIGHTS_SMALL_SAMPLE_MIN, INSIGHTS_SUPPRESSION_MIN } from '@laurel/contract/insights';

/**
 * The outcome reports people hand on (to a board, an accreditor, a program review), written as
 * tagged PDF with pdfkit: document language and title, headings, tables with header cells, the
 * chart as a figure with alternative text and its data as a table under it, in reading order.
 * Figures are exactly those the insights API publishes for the same request, with its
 * suppression marks; the text uses the standard Helvetica fonts, so nothing is embedded.
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

const DEMO_NOTICE =
  'Demo data: the people, awards and earnings in this report are made up for demonstration.';

/** Whole dollars, en-US: 52300 → "$52,300". */
function money(value: number): string {
  const rounded = Math.round(value);
  return `${rounded < 0 ? '-' : ''}$${Math.abs(rounded).toLocaleString('en-US')}`;
}

/** A change in dollars with its sign: "+$9,800", "-$1,200". */
function moneyChange(value: number): string {
  const rounded = Math.round(value);
  return rounded === 0 ? '$0' : `${rounded > 0 ? '+' : '-'}${money(Math.abs(rounded))}`;
}

/** A fraction as a whole percentage: 0.64 → "64%". */
const percent = (fraction: number): string => `${Math.round(fraction * 100)}%`;

/** A fractional change with its sign: 0.38 → "+38%". */
function percentChange(fraction: number): string {
  const whole = Math.round(fraction * 100);
  return whole === 0 ? '0%' : `${whole > 0 ? '+' : '-'}${Math.abs(whole)}%`;
}

/** A people count as the API publishes it: exact from 10 on, "Fewer than 10", or "Withheld". */
function people(value: { count: number | null; lessThan: number | null }): string {
  if (value.count !== null) return value.count.toLocaleString('en-US');
  return value.lessThan !== null ? `Fewer than ${value.lessThan}` : 'Withheld';
}

/** Why a value is not shown, in the words of the insights screens. */
function hiddenText(figure: {
  lessThan: number | null;
  reason: 'TOO_RECENT' | 'FEWER_THAN_MIN' | 'WITHHELD' | null;
}): string {
  if (figure.reason === 'TOO_RECENT') return 'No data yet (awards too recent)';
  return figure.lessThan !== null
    ? `Hidden: fewer than ${figure.lessThan} people`
    : 'Withheld to protect a smaller group';
}

/** The same, in a table cell of its own. */
function hiddenShort(figure: {
  lessThan: number | null;
  reason: 'TOO_RECENT' | 'FEWER_THAN_MIN' | 'WITHHELD' | null;
}): string {
  if (figure.reason === 'TOO_RECENT') return 'No data yet';
  return figure.lessThan !== null ? `Fewer than ${figure.lessThan}` : 'Withheld';
}

const FORMATS = { money, moneyChange, percent, percentChange } as const;

/** A figure's value as the report prints it, or why it is not shown. */
function figureText(
  spec: InsightFigure,
  figure: TFigure | TPairedFigure | TTop,
  hidden: typeof hiddenText = hiddenText,
): string {
  if (spec.format === 'name') {
    const top = figure as TTop;
    if (top.name === null) return hidden(top);
    return top.share === null ? top.name : `${top.name} (${percent(top.share)})`;
  }
  const { value } = figure as TFigure;
  return value === null ? hidden(figure) : FORMATS[spec.format](value);
}

const figureOf = (data: TInsightsData, spec: InsightFigure) =>
  (data[spec.group] as unknown as Record<string, TFigure | TPairedFigure | TTop>)[spec.key]!;

/** A figure's name as the export gives it; one measured over a span says over how many years. */
function titleOf(spec: InsightFigure, figure: TFigure | TPairedFigure | TTop): string {
  if (!('horizonYears' in figure)) return spec.csvLabel;
  const n = figure.horizonYears;
  return spec.csvLabel.replace('{years} years', n === 1 ? '1 year' : `${n} years`);
}

/** Relative years as words: "5 years before", "Award year", "1 year after". */
function relativeYear(year: number): string {
  if (year === 0) return 'Award year';
  const n = Math.abs(year);
  return `${n} ${n === 1 ? 'year' : 'years'} ${year < 0 ? 'before' : 'after'}`;
}

const yearsText = (data: TInsightsData) =>
  data.awardYearFrom === null
    ? 'no award years yet'
    : data.awardYearFrom === data.awardYearTo
      ? `awarded in ${data.awardYearFrom}`
      : `awarded ${data.awardYearFrom}–${data.awardYearTo}`;

const dateText = (at: Date) =>
  at.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** A tagged document on the chosen paper, its metadata set. */
function newDocument(title: string, base: ReportBase): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: base.paper === 'a4' ? 'A4' : 'LETTER',
    margin: MARGIN,
    tagged: true,
    lang: 'en-US',
    displayTitle: true,
    pdfVersion: '1.7',
    bufferPages: false,
    info: {
      Title: title,
      Author: base.organizationName,
      Subject: 'Earnings and employment outcomes of credential holders',
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
  doc: PDFKit.PDFDocument,
  root: Section,
  title: string,
  lines: string[],
  base: ReportBase,
) {
  heading(doc, root, 'H1', title);
  for (const line of lines) paragraph(doc, root, line, { muted: true });
  paragraph(doc, root, `Report made ${dateText(base.generatedAt)}.`, { muted: true });
  if (base.demo) paragraph(doc, root, DEMO_NOTICE);
}

const smallSampleNote = (figure: { smallSample: boolean }) =>
  figure.smallSample
    ? `small sample (${INSIGHTS_SUPPRESSION_MIN}–${INSIGHTS_SMALL_SAMPLE_MIN - 1} people)`
    : '';

/** The −5…+5 chart: the median with its 25th–75th percentile band, drawn as a tagged figure. */
function chart(
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
          .text(money(value), MARGIN, y(value) - 3, {
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
            year === 0 ? 'Award' : year > 0 ? `+${year}` : String(year),
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
          .text('Benchmark', left + 2, y(benchmark) - 9, { lineBreak: false });
      }
      doc.restore();
    }),
  );
  doc.x = MARGIN;
  doc.y = top + height + 22;
}

/** The chart's text: what a screen reader says of it. */
function chartAlt(points: TChartPoint[], benchmark: number | null): string {
  const shown = points.filter((p) => p.median !== null);
  if (shown.length === 0)
    return 'Median salary by year relative to the award: no year can be shown.';
  const parts = shown.map((p) => `${relativeYear(p.relativeYear)} ${money(p.median!)}`);
  const hidden = points.length - shown.length;
  return `Median salary by year relative to the award, with the middle half of salaries as a band: ${parts.join('; ')}.${hidden ? ` ${hidden} of ${points.length} years are not shown (too few people or no data yet); the table below says why.` : ''}${benchmark === null ? '' : ` A dashed line marks the benchmark, ${money(benchmark)}.`}`;
}

function pointRows(points: TChartPoint[]): string[][] {
  return points.map((p) => [
    relativeYear(p.relativeYear),
    p.median === null ? hiddenText(p) : money(p.median),
    p.p25 === null ? '' : money(p.p25),
    p.p75 === null ? '' : money(p.p75),
    people({ count: p.n, lessThan: p.lessThan }),
  ]);
}

function methodologyNotes(
  doc: PDFKit.PDFDocument,
  root: Section,
  data: TInsightsData,
  base: ReportBase,
) {
  heading(doc, root, 'H2', 'How to read these figures');
  const notes = [
    `Earnings and employment come from the data provider's records of the people who earned the credential, matched to their awards. Money is in ${data.dollarsOfYear} dollars (adjusted with the CPI-U); data is complete through ${data.asOfYear}.`,
    `Privacy: a figure about fewer than ${INSIGHTS_SUPPRESSION_MIN} people is not shown ("Fewer than ${INSIGHTS_SUPPRESSION_MIN}"), and a figure that would let a smaller group be worked out from other figures is withheld. Figures about ${INSIGHTS_SUPPRESSION_MIN}–${INSIGHTS_SMALL_SAMPLE_MIN - 1} people are marked as a small sample.`,
    `Each figure's definition: ${base.publicUrl.replace(/\/+$/, '')}/insights/methodology`,
  ];
  for (const note of notes) paragraph(doc, root, note, { size: 9 });
}

/** Differences are stated to the hundred dollars, as on the insights screens: estimates. */
const toHundreds = (value: number) => Math.round(value / 100) * 100;

/** What a benchmark figure covers: "CIP 51.3801 in OR, 2023". */
function benchmarkScope(reference: TBenchmarkReference): string {
  const what = reference.code
    ? `${reference.codeSystem} ${reference.code}`
    : 'high-school graduates';
  return `${what} in ${reference.geography === 'US' ? 'the US' : reference.geography}, ${reference.year}`;
}

/** The salary against the benchmark of the credential's field, and the earnings premium. */
function benchmarkText(comparison: TBenchmarkComparison, data: TInsightsData): string[] {
  const salary = data.earnings.status === 'available' ? data.earnings.salary.value : null;
  const lines: string[] = [];
  const { benchmark, threshold } = comparison;
  if (benchmark) {
    const difference = salary === null ? null : toHundreds(salary - benchmark.value);
    const against =
      difference === null
        ? ''
        : difference === 0
          ? ' The salary one year after the award is at the benchmark.'
          : ` The salary one year after the award is ${difference > 0 ? moneyChange(difference) : money(-difference)} ${difference > 0 ? 'above' : 'below'} the benchmark.`;
    lines.push(
      `Benchmark ${money(benchmark.value)}: median earnings for ${benchmarkScope(benchmark)}, in ${comparison.dollarsOfYear} dollars. Source: ${benchmark.source}.${against}`,
    );
  }
  if (threshold && salary !== null)
    lines.push(
      `Earnings premium ${moneyChange(toHundreds(salary - threshold.value))} over the high-school earnings threshold of ${money(threshold.value)} (${benchmarkScope(threshold)}). Source: ${threshold.source}.`,
    );
  return lines;
}

/** One cohort's report: the figures, the chart with its table, the cohort, and the notes. */
export function credentialReport(input: CredentialReportInput): PDFKit.PDFDocument {
  const { data } = input;
  const subject = input.credential
    ? `${input.credential.name} (${input.credential.code})`
    : 'All credentials';
  const title = `${subject}: earnings and employment outcomes`;
  const doc = newDocument(title, input);
  const root = doc.struct('Document');
  doc.addStructure(root);
  header(
    doc,
    root,
    title,
    [
      `${input.organizationName}, ${yearsText(data)}.`,
      `Awards: ${data.cohort.awards.toLocaleString('en-US')}. People matched with earnings records: ${people(data.cohort.matched)}.`,
      `Data through ${data.asOfYear}, in ${data.dollarsOfYear} dollars.`,
    ],
    input,
  );

  heading(doc, root, 'H2', 'Outcomes');
  const available = INSIGHT_FIGURES.filter((spec) => data[spec.group].status === 'available');
  if (available.length === 0)
    paragraph(
      doc,
      root,
      data.earnings.status === 'processing'
        ? 'The figures are being updated; download the report again in a few minutes.'
        : 'Insights are not available for this organization.',
    );
  else
    table(
      doc,
      root,
      ['Figure', 'Value', 'People', 'Note'],
      available.map((spec) => {
        const figure = figureOf(data, spec);
        return [
          titleOf(spec, figure),
          figureText(spec, figure),
          people({ count: figure.n, lessThan: figure.lessThan }),
          smallSampleNote(figure),
        ];
      }),
      [140, 190, 60, '*'],
    );

  if (data.earnings.status === 'available') {
    heading(doc, root, 'H2', 'Salary from five years before to five years after the award');
    const benchmark = input.comparison?.benchmark?.value ?? null;
    chart(doc, root, data.chart.points, chartAlt(data.chart.points, benchmark), benchmark);
    table(
      doc,
      root,
      ['Year', 'Median salary', '25th percentile', '75th percentile', 'People'],
      pointRows(data.chart.points),
      [100, '*', 90, 90, 80],
    );
  }

  const benchmarkLines = input.comparison ? benchmarkText(input.comparison, data) : [];
  if (benchmarkLines.length > 0) {
    heading(doc, root, 'H2', 'Compared with benchmarks');
    for (const line of benchmarkLines) paragraph(doc, root, line);
  }

  if (data.dataGaps.length > 0) {
    heading(doc, root, 'H2', 'Awards without earnings data');
    table(
      doc,
      root,
      ['Reason', 'Awards'],
      data.dataGaps.map((gap) => [DATA_GAP_LABELS[gap.code], people(gap)]),
      ['*', 120],
    );
  }
  methodologyNotes(doc, root, data, input);
  root.end();
  doc.end();
  return doc;
}

/** Every credential of an organization as a row, then the notes. */
export function organizationReport(input: OrganizationReportInput): PDFKit.PDFDocument {
  const { overall } = input;
  const title = `${input.organizationName}: outcomes by credential`;
  const doc = newDocument(title, input);
  const root = doc.struct('Document');
  doc.addStructure(root);
  header(
    doc,
    root,
    title,
    [
      `${input.credentials.length.toLocaleString('en-US')} credentials, ${yearsText(overall)}. Data through ${overall.asOfYear}, in ${overall.dollarsOfYear} dollars.`,
    ],
    input,
  );
  heading(doc, root, 'H2', 'Credentials');
  const salary = INSIGHT_FIGURES.find((f) => f.key === 'salary')!;
  const employment = INSIGHT_FIGURES.find((f) => f.key === 'employmentRate')!;
  const row = (name: string, data: TInsightsData) => {
    const available = data.earnings.status === 'available';
    const matched = data.cohort.matched.count;
    return [
      name,
      data.cohort.awards.toLocaleString('en-US'),
      matched !== null && data.cohort.awards > 0
        ? percent(matched / data.cohort.awards)
        : people(data.cohort.matched),
      available ? figureText(salary, figureOf(data, salary), hiddenShort) : 'Not available',
      data.employment.status === 'available'
        ? figureText(employment, figureOf(data, employment), hiddenShort)
        : 'Not available',
    ];
  };
  table(
    doc,
    root,
    ['Credential', 'Awards', 'Matched', 'Median salary, 1 year after', 'Employment rate'],
    [
      ...input.credentials.map((c) => row(`${c.name} (${c.code})`, c.data)),
      row('All credentials', overall),
    ],
    ['*', 60, 70, 110, 100],
  );
  methodologyNotes(doc, root, overall, input);
  root.end();
  doc.end();
  return doc;
}
