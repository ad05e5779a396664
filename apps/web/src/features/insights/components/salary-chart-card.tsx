import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { TBenchmarkComparison } from '@laurel/contract/benchmarks';
import { INSIGHTS_YEARS_AROUND_AWARD } from '@laurel/contract/insights-rules';
import type { TChartPoint, TInsightsData } from '@laurel/contract/insights';
import { FormattedMessage, useIntl } from 'react-intl';

import { DisabledReason } from '../../../components/feedback/disabled-reason';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { getErrorText } from '../../../lib/errors/error-text';
import {
  describeRelativeYear,
  formatMoney,
  formatPeopleCount,
  chartPointHiddenReason,
} from '../lib/format-insights';
import { downloadSvgAsPng } from '../lib/svg-to-png';
import { BenchmarkLegend } from './benchmark-notes';
import { ChartCard } from './chart-card';
import { SalaryChart } from './salary-chart';
import { useChartColors } from './use-chart-colors';

const CHART_HEIGHT = 300;

/** Why "Same cohort" is disabled: the server found no award year whose +5 year is complete. */
export const NO_SAME_COHORT =
  'Same cohort needs award years with five years of earnings after the award; none in this selection has them yet.';
/** Why "Download PNG" is disabled. */
export const NOTHING_TO_DRAW = 'No year has enough people to show yet.';

/** The chart's figures as a table: the accessible alternative to the drawing. */
function ChartDataTable({
  points,
  dollarsOfYear,
  suppressionMin,
}: {
  points: readonly TChartPoint[];
  dollarsOfYear: number;
  suppressionMin: number;
}) {
  const byYear = new Map(points.map((point) => [point.relativeYear, point]));
  const years = Array.from(
    { length: INSIGHTS_YEARS_AROUND_AWARD * 2 + 1 },
    (_, index) => index - INSIGHTS_YEARS_AROUND_AWARD,
  );
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'insights.salaryChartCard.title' });
  const money = (value: number | null) => (value === null ? '—' : formatMoney(value));
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={intl.formatMessage(
          { id: 'insights.salaryChartCard.tableLabel' },
          { title, year: dollarsOfYear },
        )}
      >
        <TableHead>
          <TableRow>
            <TableCell>
              <FormattedMessage id="insights.salaryChartCard.column.year" />
            </TableCell>
            <TableCell align="right">
              <FormattedMessage id="insights.salaryChartCard.column.median" />
            </TableCell>
            <TableCell align="right">
              <FormattedMessage id="insights.salaryChartCard.column.p25" />
            </TableCell>
            <TableCell align="right">
              <FormattedMessage id="insights.salaryChartCard.column.p75" />
            </TableCell>
            <TableCell align="right">
              <FormattedMessage id="insights.salaryChartCard.column.people" />
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {years.map((year) => {
            const point = byYear.get(year);
            const hidden = !point || point.suppressed;
            return (
              <TableRow key={year}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  {describeRelativeYear(year, intl)}
                </TableCell>
                {hidden ? (
                  <TableCell colSpan={3} align="right" sx={{ color: 'text.secondary' }}>
                    {point
                      ? chartPointHiddenReason(point, suppressionMin, intl)
                      : intl.formatMessage({ id: 'insights.salaryChartCard.noData' })}
                  </TableCell>
                ) : (
                  <>
                    <TableCell align="right">{money(point.median)}</TableCell>
                    <TableCell align="right">{money(point.p25)}</TableCell>
                    <TableCell align="right">{money(point.p75)}</TableCell>
                  </>
                )}
                <TableCell align="right">
                  <FormattedMessage
                    id="insights.salaryChartCard.people"
                    values={{
                      people: point
                        ? formatPeopleCount({ count: point.n, lessThan: point.lessThan }, intl)
                        : '—',
                      small: point?.smallSample ? 'yes' : 'no',
                    }}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The card of the chart "Salary Growth: 5 Years Before - After Award Year": the drawing (through
 * the chart render queue), its data table, and a PNG download.
 */
export function SalaryChartCard({
  chart,
  dollarsOfYear,
  suppressionMin,
  fileName,
  benchmark,
  salary = null,
}: {
  chart: TInsightsData['chart'];
  dollarsOfYear: number;
  suppressionMin: number;
  fileName: string;
  /** The credential's benchmarks: a reference line and, under the chart, their sources. */
  benchmark?: TBenchmarkComparison | undefined;
  /** The salary a year after the award (for the earnings premium); null when not shown. */
  salary?: number | null;
}) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'insights.salaryChartCard.title' });
  const noSameCohort = intl.formatMessage({ id: 'insights.salaryChartCard.noSameCohort' });
  const nothingToDraw = intl.formatMessage({ id: 'insights.salaryChartCard.nothingToDraw' });
  const [view, setView] = useState<'all' | 'same'>('all');
  const same = chart.sameCohort;
  const sameYears =
    same.awardYearFrom === null
      ? null
      : same.awardYearFrom === same.awardYearTo
        ? String(same.awardYearFrom)
        : intl.formatMessage(
            { id: 'insights.cohort.yearRange' },
            { from: same.awardYearFrom, to: same.awardYearTo },
          );
  const points = view === 'same' && sameYears ? same.points : chart.points;
  const colors = useChartColors();
  const svgRef = useRef<SVGSVGElement>(null);
  const [showTable, setShowTable] = useState(false);
  const { showSnackbar } = useSnackbar();
  const hasData = points.some((point) => !point.suppressed && point.median !== null);
  const titleId = useId();
  const tableId = useId();

  const downloadPng = async () => {
    if (!svgRef.current) return;
    try {
      await downloadSvgAsPng(svgRef.current, {
        title,
        background: colors.surface,
        color: colors.title,
        fileName,
      });
    } catch (error) {
      showSnackbar(getErrorText(error), 'error');
    }
  };

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ p: { xs: 4, sm: 5 } }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          gap: 2,
          mb: 3,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h3">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage
              id="insights.salaryChartCard.subtitle"
              values={{ year: dollarsOfYear }}
            />
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="chart-view-note">
            {view === 'same' && sameYears
              ? intl.formatMessage(
                  { id: 'insights.salaryChartCard.sameNote' },
                  { years: sameYears },
                )
              : intl.formatMessage({ id: 'insights.salaryChartCard.allNote' })}
            {sameYears ? null : <> {noSameCohort}</>}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view === 'same' && sameYears ? 'same' : 'all'}
            onChange={(_, next: 'all' | 'same' | null) => {
              if (next) setView(next);
            }}
            aria-label={intl.formatMessage({ id: 'insights.salaryChartCard.view' })}
          >
            <ToggleButton value="all">
              <FormattedMessage id="insights.salaryChartCard.allYears" />
            </ToggleButton>
            <DisabledReason reason={sameYears ? null : noSameCohort}>
              <ToggleButton value="same">
                <FormattedMessage id="insights.salaryChartCard.sameCohort" />
              </ToggleButton>
            </DisabledReason>
          </ToggleButtonGroup>
          <Button
            size="small"
            startIcon={<TableChartOutlined />}
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((shown) => !shown)}
          >
            {intl.formatMessage({
              id: showTable
                ? 'insights.salaryChartCard.hideTable'
                : 'insights.salaryChartCard.showTable',
            })}
          </Button>
          <DisabledReason reason={hasData ? null : nothingToDraw}>
            <Button size="small" startIcon={<ImageOutlined />} onClick={() => void downloadPng()}>
              <FormattedMessage id="insights.salaryChartCard.downloadPng" />
            </Button>
          </DisabledReason>
        </Box>
      </Box>
      {!hasData ? (
        <Box
          sx={{
            height: 160,
            display: 'grid',
            placeItems: 'center',
            textAlign: 'center',
            color: 'text.secondary',
            px: 4,
          }}
        >
          {nothingToDraw}
        </Box>
      ) : (
        <ChartCard height={CHART_HEIGHT}>
          {() => (
            <SalaryChart
              points={points}
              suppressionMin={suppressionMin}
              svgRef={svgRef}
              label={intl.formatMessage({ id: 'insights.salaryChartCard.chartLabel' }, { title })}
              {...(view === 'same' && sameYears
                ? {
                    awardYears: intl.formatMessage(
                      { id: 'insights.salaryChartCard.sameAwards' },
                      { years: sameYears },
                    ),
                  }
                : {})}
              reference={
                benchmark?.benchmark
                  ? {
                      value: benchmark.benchmark.value,
                      label: intl.formatMessage({ id: 'insights.salaryChartCard.benchmark' }),
                    }
                  : undefined
              }
            />
          )}
        </ChartCard>
      )}
      {benchmark ? <BenchmarkLegend comparison={benchmark} salary={salary} /> : null}
      {showTable ? (
        <Box id={tableId} sx={{ mt: 4 }}>
          <ChartDataTable
            points={points}
            dollarsOfYear={dollarsOfYear}
            suppressionMin={suppressionMin}
          />
        </Box>
      ) : null}
    </Card>
  );
}
