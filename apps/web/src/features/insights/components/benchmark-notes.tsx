import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TBenchmarkComparison, TBenchmarkReference } from '@laurel/contract/benchmarks';

import { visuallyHidden } from '../../../components/feedback/visually-hidden';
import { paths } from '../../../lib/routing/paths';
import { formatMoney, formatMoneyChange } from '../lib/format-insights';
import { useChartColors } from './use-chart-colors';

/** Differences are stated to the hundred dollars: the figures are estimates. */
const toHundreds = (value: number) => Math.round(value / 100) * 100;

/** "+$8,200 above the benchmark", "$3,100 below the benchmark" or "At the benchmark". */
export function describeBenchmarkDifference(salary: number, benchmark: number): string {
  const difference = toHundreds(salary - benchmark);
  if (difference === 0) return 'At the benchmark';
  return difference > 0
    ? `${formatMoneyChange(difference)} above the benchmark`
    : `${formatMoney(-difference)} below the benchmark`;
}

/** What a benchmark figure covers: "CIP 51.3801 in OR, 2023". */
function describeBenchmark(reference: TBenchmarkReference): string {
  const what = reference.code
    ? `${reference.codeSystem} ${reference.code}`
    : 'high-school graduates';
  const where = reference.geography === 'US' ? 'the US' : reference.geography;
  return `${what} in ${where}, ${reference.year}`;
}

/** The salary card's line: the salary against the benchmark of the credential's field, with its source. */
export function SalaryBenchmarkLine({
  salary,
  benchmark,
}: {
  salary: number;
  benchmark: TBenchmarkReference;
}) {
  return (
    <Typography variant="body2" color="text.secondary" data-testid="salary-benchmark">
      <Box component="strong" sx={{ color: 'text.primary' }}>
        {describeBenchmarkDifference(salary, benchmark.value)}
      </Box>{' '}
      ({formatMoney(benchmark.value)}, {describeBenchmark(benchmark)}; source: {benchmark.source};
      data set: {benchmark.dataSetName})
    </Typography>
  );
}

/**
 * Under the chart: what the dashed line is, and the earnings premium over the high-school
 * earnings threshold (the Financial Value Transparency measure), each with its source.
 */
export function BenchmarkLegend({
  comparison,
  salary,
}: {
  comparison: TBenchmarkComparison;
  /** The salary a year after the award; null when it is not shown. */
  salary: number | null;
}) {
  const colors = useChartColors();
  const { benchmark, threshold, dollarsOfYear } = comparison;
  if (!benchmark && !threshold) return null;
  return (
    <Box
      sx={{ mt: 3, display: 'grid', gap: 1.5, color: 'text.secondary' }}
      data-testid="benchmark-legend"
    >
      {benchmark ? (
        <Typography variant="body2" sx={{ display: 'flex', gap: 2, alignItems: 'baseline' }}>
          <Box
            component="span"
            aria-hidden="true"
            sx={{
              flex: 'none',
              width: 24,
              borderTop: `2px dashed ${colors.reference}`,
              transform: 'translateY(-3px)',
            }}
          />
          <span>
            Benchmark {formatMoney(benchmark.value)}: median earnings for{' '}
            {describeBenchmark(benchmark)}, in {dollarsOfYear} dollars. Source: {benchmark.source}.
          </span>
        </Typography>
      ) : null}
      {threshold && salary !== null ? (
        <Typography variant="body2" data-testid="earnings-premium">
          <Box component="strong" sx={{ color: 'text.primary' }}>
            Earnings premium {formatMoneyChange(toHundreds(salary - threshold.value))}
          </Box>{' '}
          over the high-school earnings threshold of {formatMoney(threshold.value)} (
          {describeBenchmark(threshold)}). Source: {threshold.source}.{' '}
          <Link
            component={RouterLink}
            to={paths.insightsMethodology.getHref('benchmarks')}
            sx={{ fontWeight: 600 }}
          >
            How it’s measured
            <Box component="span" sx={visuallyHidden}>
              {' '}
              (earnings premium)
            </Box>
          </Link>
        </Typography>
      ) : null}
    </Box>
  );
}
