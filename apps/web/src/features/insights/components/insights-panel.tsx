import { useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AttachMoneyOutlined from '@mui/icons-material/AttachMoneyOutlined';
import BusinessCenterOutlined from '@mui/icons-material/BusinessCenterOutlined';
import FactoryOutlined from '@mui/icons-material/FactoryOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import {
  INSIGHTS_DEFAULT_EARNINGS_FLOOR,
  INSIGHTS_SMALL_SAMPLE_MIN,
  INSIGHTS_SUPPRESSION_MIN,
} from '@laurel/contract/insights-rules';
import {
  INSIGHT_FIGURES,
  type InsightFigure,
  type InsightFigureFormat,
} from '@laurel/contract/insight-figures';
import type { InsightHiddenReason, TFigure, TInsightsData, TTop } from '@laurel/contract/insights';
import { API_PATHS } from '@laurel/contract/paths';

import { DisabledReason } from '../../../components/feedback/disabled-reason';
import { usePartsInTurn } from '../../../lib/routing/after-paint';
import { paths } from '../../../lib/routing/paths';
import { useCan } from '../../../lib/auth/use-can';
import { getErrorText } from '../../../lib/errors/error-text';
import {
  insightsArgs,
  useGetInsightsDataQuery,
  useGetInsightsLookupsQuery,
} from '../api/insights-api';
import { useGetOrganizationQuery } from '../../../lib/api/organization-api';
import { saveBlob } from '../../../lib/files/save-blob';
import { useDownloadFile } from '../../../lib/api/download';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import {
  formatMoney,
  formatPeopleCount,
  formatMoneyChange,
  formatPercent,
  formatPercentChange,
  formatYears,
} from '../lib/format-insights';
import { insightFigureOf } from '../lib/insight-figure-of';
import { useGetBenchmarkComparisonQuery } from '../api/benchmark-comparison-api';
import { AvailabilityNotice } from './availability-notice';
import { SalaryBenchmarkLine } from './benchmark-notes';
import { CohortCard } from './cohort-card';
import { InsightCard, type InsightCardProps } from './insight-card';
import { InsightsFilters } from './insights-filters';
import { RebuildStatus } from './rebuild-status';
import { SalaryChartCard } from './salary-chart-card';
import { useInsightsFilter } from './use-insights-filter';

/** The figures of `data` as shown while a rebuild of them is queued or runs. */
function figuresBesideRebuild(data: TInsightsData): TInsightsData {
  if (!data.rebuild || data.builtAt === null) return data;
  const shown = (status: TInsightsData['earnings']['status']) =>
    status === 'processing' ? 'available' : status;
  return {
    ...data,
    earnings: { ...data.earnings, status: shown(data.earnings.status) },
    employment: { ...data.employment, status: shown(data.employment.status) },
  };
}

/** While figures are being rebuilt, look again this often. */
const PROCESSING_POLL_MS = 5000;

/**
 * The panel's parts, drawn one per paint (`usePartsInTurn`): its heading and filters, then the
 * earnings cards, the employment cards, the chart and the cohort. On a phone the six cards, the
 * chart and the cohort drawn in one commit held the main thread for a few hundred milliseconds,
 * and the filters (their pickers) with the first cards still about 80 ms.
 */
const FIGURE_PARTS = 5;

export interface InsightsPanelProps {
  organizationId: number;
  /** Fixes the panel to one credential (the credential page); the filter then hides. */
  credentialId?: number;
  /** Names the cohort in exports, e.g. the organization's or credential's name. */
  subject: string;
  /** The panel's own heading; omitted where the page already says what it is. */
  title?: string;
}

const cardGrid = {
  display: 'grid',
  gap: { xs: 3, sm: 4 },
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
} as const;

function CardSkeletons() {
  return (
    <Box sx={cardGrid}>
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} variant="rounded" height={172} />
      ))}
    </Box>
  );
}

/**
 * The six insight cards, the salary chart and the cohort for an organization (optionally one
 * credential and a range of award years), with the filters kept in the URL (DESIGN §4, spec §8).
 */
export default function InsightsPanel({
  organizationId,
  credentialId: fixedCredentialId,
  subject,
  title,
}: InsightsPanelProps) {
  const intl = useIntl();
  const filter = useInsightsFilter();
  const downloadFile = useDownloadFile();
  const { showSnackbar } = useSnackbar();
  const [reporting, setReporting] = useState(false);
  const canDo = useCan();
  const canUpload = canDo('create:upload', { organizationId });
  const lookups = useGetInsightsLookupsQuery();
  const suppressionMin = lookups.data?.suppressionMin ?? INSIGHTS_SUPPRESSION_MIN;
  const smallSampleMin = lookups.data?.smallSampleMin ?? INSIGHTS_SMALL_SAMPLE_MIN;
  const earningsFloor = lookups.data?.earningsFloor ?? INSIGHTS_DEFAULT_EARNINGS_FLOOR;
  const args = insightsArgs(organizationId, filter, fixedCredentialId);
  // Without the earnings entitlement there is nothing to ask for (DESIGN §4); the organization is
  // usually known already (the page's header, the dashboard's counts), else both load together.
  const { data: organization } = useGetOrganizationQuery(organizationId);
  const notEntitled = organization?.insightsEntitled === false;
  const [polling, setPolling] = useState(false);
  const {
    data: answered,
    error,
    isFetching,
    currentData,
  } = useGetInsightsDataQuery(args, {
    pollingInterval: polling ? PROCESSING_POLL_MS : 0,
    skip: notEntitled,
  });
  // While a rebuild replaces figures that exist, they stay on show beside its status.
  const data = useMemo(() => answered && figuresBesideRebuild(answered), [answered]);
  // While the figures are being rebuilt, look again until they are back.
  const sectionName = intl.formatMessage({ id: 'insights.panel.sectionName' });
  const processing =
    Boolean(answered?.rebuild) ||
    data?.earnings.status === 'processing' ||
    data?.employment.status === 'processing';
  if (processing !== polling) setPolling(processing);
  // Figures that were never computed are not zeros: while they are, say only that.
  const computing = processing && data?.builtAt === null;
  // The figures are drawn in turn once they have arrived, after the filters: the earnings cards,
  // the employment cards, the chart, the cohort (FIGURE_PARTS).
  const parts = usePartsInTurn(FIGURE_PARTS, data !== undefined);

  if (
    notEntitled ||
    (data?.earnings.status === 'unavailable' && data.employment.status === 'unavailable')
  ) {
    // One state, with nothing beside it that counts, matches or asks for uploads.
    return (
      <Box component="section" aria-label={title ?? sectionName}>
        {title ? (
          <Typography variant="h5" component="h2" sx={{ mb: 3 }}>
            {title}
          </Typography>
        ) : null}
        <AvailabilityNotice
          status="unavailable"
          area="earnings"
          supportEmail={lookups.data?.supportEmail}
          organizationName={organization?.name}
        />
      </Box>
    );
  }

  const cohortLabel = [
    subject,
    filter.awardYearFrom || filter.awardYearTo
      ? intl.formatMessage(
          { id: 'insights.panel.cohortAwarded' },
          {
            from:
              filter.awardYearFrom === undefined
                ? intl.formatMessage({ id: 'insights.panel.cohortFromFirstYear' })
                : String(filter.awardYearFrom),
            to:
              filter.awardYearTo === undefined
                ? intl.formatMessage({ id: 'insights.panel.cohortLatest' })
                : String(filter.awardYearTo),
          },
        )
      : intl.formatMessage({ id: 'insights.panel.cohortAllYears' }),
  ].join(', ');
  const exportCsv = async () => {
    if (!data) return;
    // The CSV writer loads with the first export, not with the panel.
    const { insightsToCsv } = await import('../lib/insights-csv');
    const csv = insightsToCsv(data, { cohortLabel });
    saveBlob(
      new Blob([csv], { type: 'text/csv;charset=utf-8' }),
      `${fileBase(subject)}-insights.csv`,
    );
  };

  const exportBlocked = data
    ? null
    : error
      ? intl.formatMessage({ id: 'insights.panel.exportFailed' })
      : intl.formatMessage({ id: 'insights.panel.exportWaiting' });
  const downloadReport = async () => {
    setReporting(true);
    try {
      await downloadFile(
        API_PATHS.insightsReport,
        { ...args },
        { fileName: `${fileBase(subject)}-insights-report.pdf` },
      );
    } catch (failure) {
      showSnackbar(getErrorText(failure), 'error');
    } finally {
      setReporting(false);
    }
  };

  // Until the organization or the figures say which state applies, only placeholders: no filter
  // or export that an organization without insights would not have.
  if (!organization && !data && !error) {
    return (
      <Box component="section" aria-label={title ?? sectionName} aria-busy="true">
        {title ? (
          <Typography variant="h5" component="h2" sx={{ mb: 3 }}>
            {title}
          </Typography>
        ) : null}
        <CardSkeletons />
      </Box>
    );
  }

  const stale = isFetching && !currentData;
  let body: ReactNode;
  if (error && !data) {
    body = (
      <Alert severity="error" variant="outlined">
        <FormattedMessage id="insights.panel.loadFailed" values={{ reason: getErrorText(error) }} />
      </Alert>
    );
  } else if (!data) {
    body = (
      <Box sx={{ display: 'grid', gap: 4 }} aria-busy="true">
        <CardSkeletons />
        <CardSkeletons />
      </Box>
    );
  } else {
    body = (
      <Box sx={{ display: 'grid', gap: { xs: 4, sm: 5 }, opacity: stale ? 0.6 : 1 }}>
        {data.cohort.awards === 0 && !processing ? (
          <Alert severity="info" variant="outlined">
            <FormattedMessage id="insights.panel.noAwards" />
            {canUpload ? (
              <>
                {' '}
                <Link component={RouterLink} to={paths.uploads.getHref()} sx={{ fontWeight: 600 }}>
                  <FormattedMessage id="insights.panel.uploadAwards" />
                </Link>
              </>
            ) : null}
          </Alert>
        ) : null}
        <Figures
          parts={parts}
          data={data}
          supportEmail={lookups.data?.supportEmail}
          suppressionMin={suppressionMin}
          smallSampleMin={smallSampleMin}
          earningsFloor={earningsFloor}
          fileName={`${fileBase(subject)}-salary-growth.png`}
        />
        {computing || parts < FIGURE_PARTS ? null : <CohortCard data={data} />}
      </Box>
    );
  }

  return (
    <Box
      component="section"
      aria-label={title ?? sectionName}
      aria-busy={isFetching || (data !== undefined && parts < FIGURE_PARTS)}
    >
      {title ? (
        <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
      ) : null}
      {data?.rebuild ? <RebuildStatus rebuild={data.rebuild} /> : null}
      {data && !computing ? (
        <Typography color="text.secondary" sx={{ mb: 3 }} data-testid="insights-summary">
          <FormattedMessage
            id="insights.panel.summary"
            values={{
              awards: data.cohort.awards,
              matched: formatPeopleCount(data.cohort.matched, intl),
              asOfYear: String(data.asOfYear),
              dollarsOfYear: String(data.dollarsOfYear),
            }}
          />
        </Typography>
      ) : null}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 3,
          mb: { xs: 4, sm: 5 },
        }}
      >
        <InsightsFilters
          organizationId={organizationId}
          filter={filter}
          ranges={data?.ranges}
          asOfYear={data?.asOfYear}
          showCredential={fixedCredentialId === undefined}
        />
        <Box sx={{ flex: 1 }} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <DisabledReason reason={exportBlocked}>
            <Button
              variant="outlined"
              startIcon={<PictureAsPdfOutlined />}
              loading={reporting}
              loadingPosition="start"
              onClick={() => void downloadReport()}
            >
              <FormattedMessage id="insights.panel.downloadReport" />
            </Button>
          </DisabledReason>
          <DisabledReason reason={exportBlocked}>
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              onClick={() => void exportCsv()}
            >
              <FormattedMessage id="insights.panel.exportCsv" />
            </Button>
          </DisabledReason>
        </Box>
      </Box>
      {body}
    </Box>
  );
}

const sample = (figure: {
  n: number | null;
  lessThan: number | null;
  suppressed: boolean;
  reason: InsightHiddenReason | null;
  smallSample: boolean;
}) => ({
  n: figure.n,
  lessThan: figure.lessThan,
  suppressed: figure.suppressed,
  reason: figure.reason,
  smallSample: figure.smallSample,
});

/** A figure shown as a card of its own. */
type CardFigure = Extract<(typeof INSIGHT_FIGURES)[number], { card: true }>;

/** What a card shows beside the figure that INSIGHT_FIGURES names. */
type CardPresentation = Omit<
  InsightCardProps,
  | 'title'
  | 'methodologySection'
  | 'value'
  | 'n'
  | 'lessThan'
  | 'suppressed'
  | 'smallSample'
  | 'smallSampleMin'
>;

const FORMATS: Record<Exclude<InsightFigureFormat, 'name'>, (value: number) => string> = {
  money: formatMoney,
  moneyChange: formatMoneyChange,
  percent: formatPercent,
  percentChange: formatPercentChange,
};

/** A figure's value as its card shows it; null shows "—". */
function formatFigure(format: InsightFigureFormat, figure: TFigure | TTop): string | null {
  if (format === 'name') return (figure as TTop).name;
  const { value } = figure as TFigure;
  return value === null ? null : FORMATS[format](value);
}

/** "64% of the 120 people employed a year after the award whose record names an industry". */
function topDetail(
  top: TInsightsData['employment']['topIndustry'],
  id: 'insights.panel.topIndustryDetail' | 'insights.panel.topJobRoleDetail',
  intl: IntlShape,
) {
  if (top.share === null || top.n === null) return undefined;
  return intl.formatMessage({ id }, { share: formatPercent(top.share), n: top.n });
}

function fileBase(subject: string): string {
  return (
    subject
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'laurel'
  );
}

function Figures({
  parts,
  data,
  supportEmail,
  suppressionMin,
  smallSampleMin,
  earningsFloor,
  fileName,
}: {
  /**
   * How many of the panel's parts are drawn: from 2 the earnings cards (placeholders before), from
   * 3 the employment cards, from 4 the chart.
   */
  parts: number;
  data: TInsightsData;
  supportEmail: string | undefined;
  suppressionMin: number;
  smallSampleMin: number;
  earningsFloor: number;
  fileName: string;
}) {
  const intl = useIntl();
  const limits = { smallSampleMin };
  const floor = formatMoney(earningsFloor);
  const { earnings, employment } = data;
  // A credential's figures are compared with the benchmark of its field and place.
  const { data: benchmark } = useGetBenchmarkComparisonQuery(
    { credentialId: data.credentialId ?? 0, dollarsOfYear: data.dollarsOfYear },
    { skip: data.credentialId === null || earnings.status !== 'available' },
  );
  const salary = earnings.salary.suppressed ? null : earnings.salary.value;
  if (earnings.status === 'unavailable' && employment.status === 'unavailable') {
    return <AvailabilityNotice status="unavailable" area="earnings" supportEmail={supportEmail} />;
  }
  // What each card shows beside its figure; titles, formats and methodology sections are the
  // contract's INSIGHT_FIGURES.
  const cards: Record<CardFigure['key'], CardPresentation> = {
    salary: {
      icon: <AttachMoneyOutlined />,
      detail: intl.formatMessage({ id: 'insights.panel.salaryDetail' }),
      definition: intl.formatMessage({ id: 'insights.panel.salaryDefinition' }, { floor }),
      note:
        salary !== null && benchmark?.benchmark ? (
          <SalaryBenchmarkLine salary={salary} benchmark={benchmark.benchmark} />
        ) : undefined,
    },
    salaryGrowth: {
      icon: <TrendingUpOutlined />,
      valueSuffix: intl.formatMessage(
        { id: 'insights.panel.salaryGrowthOver' },
        { years: formatYears(earnings.salaryGrowth.horizonYears, intl) },
      ),
      detail: intl.formatMessage(
        { id: 'insights.panel.salaryGrowthDetail' },
        { years: earnings.salaryGrowth.horizonYears },
      ),
      sameAtBothEnds: true,
    },
    salaryIncrease: {
      icon: <AddCardOutlined />,
      detail: intl.formatMessage({ id: 'insights.panel.salaryIncreaseDetail' }),
      sameAtBothEnds: true,
    },
    employmentRate: {
      icon: <WorkOutlineOutlined />,
      detail: intl.formatMessage({ id: 'insights.panel.employmentRateDetail' }),
      definition: intl.formatMessage({ id: 'insights.panel.employmentRateDefinition' }),
      extra: <EmploymentCoverage employment={employment} />,
    },
    topIndustry: {
      icon: <FactoryOutlined />,
      compact: true,
      detail: topDetail(employment.topIndustry, 'insights.panel.topIndustryDetail', intl),
    },
    topJobRole: {
      icon: <BusinessCenterOutlined />,
      compact: true,
      detail: topDetail(employment.topJobRole, 'insights.panel.topJobRoleDetail', intl),
    },
  };
  const cardsOf = (group: InsightFigure['group']) => (
    <Box sx={cardGrid}>
      {INSIGHT_FIGURES.filter((spec): spec is CardFigure => spec.group === group && spec.card).map(
        (spec) => {
          const figure = insightFigureOf(data, spec);
          return (
            <InsightCard
              key={spec.key}
              {...limits}
              title={intl.formatMessage({ id: `insights.figure.${spec.key}` })}
              methodologySection={spec.methodologySection}
              value={formatFigure(spec.format, figure)}
              {...cards[spec.key]}
              {...sample(figure)}
            />
          );
        },
      )}
    </Box>
  );
  return (
    <>
      {parts < 2 ? (
        <CardSkeletons />
      ) : earnings.status === 'available' ? (
        <Box>
          {cardsOf('earnings')}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            <FormattedMessage id="messages.salaryFooter" />
          </Typography>
        </Box>
      ) : (
        <AvailabilityNotice status={earnings.status} area="earnings" supportEmail={supportEmail} />
      )}
      {parts < 3 ? null : employment.status === 'available' ? (
        cardsOf('employment')
      ) : (
        <AvailabilityNotice
          status={employment.status}
          area="employment"
          supportEmail={supportEmail}
        />
      )}
      {parts >= 4 && earnings.status === 'available' ? (
        <SalaryChartCard
          chart={data.chart}
          dollarsOfYear={data.dollarsOfYear}
          suppressionMin={suppressionMin}
          fileName={fileName}
          benchmark={benchmark}
          salary={salary}
        />
      ) : null}
    </>
  );
}

/** The employment rate's coverage and the rate over every award looked up. */
function EmploymentCoverage({ employment }: { employment: TInsightsData['employment'] }) {
  const { coverage, employmentRateAllAwards } = employment;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="employment-coverage">
      {coverage.value === null || employmentRateAllAwards.value === null ? (
        <FormattedMessage id="insights.panel.coverageWithheld" />
      ) : (
        <FormattedMessage
          id="insights.panel.coverage"
          values={{
            coverage: formatPercent(coverage.value),
            allAwards: formatPercent(employmentRateAllAwards.value),
          }}
        />
      )}
    </Typography>
  );
}
