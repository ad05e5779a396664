import type { TChartPoint } from '@laurel/contract/insights';
import { INSIGHTS_YEARS_AROUND_AWARD } from '@laurel/contract/insights-rules';

export interface ChartBox {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
}

export interface ChartMarker {
  relativeYear: number;
  x: number;
  /** Null where the point is suppressed or missing (a gap in the line). */
  y: number | null;
  point: TChartPoint | null;
}

export interface ChartGeometry {
  years: number[];
  yTicks: { value: number; y: number }[];
  /** One SVG path per unbroken run of medians; suppressed years break the line. */
  lines: string[];
  /** One closed SVG path per unbroken run of P25–P75 ranges. */
  bands: string[];
  markers: ChartMarker[];
  x: (relativeYear: number) => number;
  y: (value: number) => number;
  plot: { left: number; right: number; top: number; bottom: number };
}

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ at or above `value` (axis ends on a round number). */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

const usable = (point: TChartPoint | undefined): point is TChartPoint =>
  Boolean(point) && !point!.suppressed && point!.median !== null;

const fixed = (value: number) => Math.round(value * 10) / 10;

/**
 * Scales and paths of the salary chart: x spans the relative years −5…+5 evenly, y runs from 0 to
 * a round number above the highest P75 (or median) and any `alsoShow` value (a reference line).
 */
export function buildChartGeometry(
  points: readonly TChartPoint[],
  box: ChartBox,
  alsoShow: readonly number[] = [],
): ChartGeometry {
  const span = INSIGHTS_YEARS_AROUND_AWARD;
  const years = Array.from({ length: span * 2 + 1 }, (_, index) => index - span);
  const byYear = new Map(points.map((point) => [point.relativeYear, point]));
  const plot = {
    left: box.margin.left,
    right: box.width - box.margin.right,
    top: box.margin.top,
    bottom: box.height - box.margin.bottom,
  };
  const highest = Math.max(
    0,
    ...points.filter(usable).map((point) => Math.max(point.p75 ?? 0, point.median ?? 0)),
    ...alsoShow,
  );
  const top = niceCeiling(highest);
  const x = (relativeYear: number) =>
    plot.left + ((relativeYear + span) / (span * 2)) * (plot.right - plot.left);
  const y = (value: number) => plot.bottom - (value / top) * (plot.bottom - plot.top);
  const tickCount = 4;
  const yTicks = Array.from({ length: tickCount + 1 }, (_, index) => {
    const value = (top / tickCount) * index;
    return { value, y: y(value) };
  });

  const lines = runsOf(years, byYear, usable).map((run) =>
    run
      .map(
        (point, index) =>
          `${index === 0 ? 'M' : 'L'}${fixed(x(point.relativeYear))},${fixed(y(point.median!))}`,
      )
      .join(' '),
  );
  const bands = runsOf(
    years,
    byYear,
    (point) => usable(point) && point.p25 !== null && point.p75 !== null,
  )
    .filter((run) => run.length > 1)
    .map((run) => {
      const upper = run.map(
        (point, index) =>
          `${index === 0 ? 'M' : 'L'}${fixed(x(point.relativeYear))},${fixed(y(point.p75!))}`,
      );
      const lower = [...run]
        .reverse()
        .map((point) => `L${fixed(x(point.relativeYear))},${fixed(y(point.p25!))}`);
      return `${upper.join(' ')} ${lower.join(' ')} Z`;
    });

  const markers = years.map((relativeYear): ChartMarker => {
    const point = byYear.get(relativeYear) ?? null;
    return {
      relativeYear,
      x: x(relativeYear),
      y: usable(point ?? undefined) ? y(point!.median!) : null,
      point,
    };
  });
  return { years, yTicks, lines, bands, markers, x, y, plot };
}

/** Consecutive years whose points pass `keep`; a year that fails (or is missing) ends a run. */
function runsOf(
  years: readonly number[],
  byYear: ReadonlyMap<number, TChartPoint>,
  keep: (point: TChartPoint | undefined) => boolean,
): TChartPoint[][] {
  const runs: TChartPoint[][] = [];
  let run: TChartPoint[] = [];
  for (const year of years) {
    const point = byYear.get(year);
    if (point && keep(point)) run.push(point);
    else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** Axis labels in thousands: 52,300 → "$52k". */
export function formatAxisMoney(value: number): string {
  if (value === 0) return '$0';
  if (value >= 1000) {
    const thousands = value / 1000;
    return `$${Number.isInteger(thousands) ? thousands : thousands.toFixed(1)}k`;
  }
  return `$${Math.round(value)}`;
}
