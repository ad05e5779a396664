import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  INSIGHTS_DEFAULT_EARNINGS_FLOOR,
  INSIGHTS_MEASURE_YEAR,
  INSIGHTS_POOL_YEARS,
  INSIGHTS_SMALL_SAMPLE_MIN,
  INSIGHTS_SUPPRESSION_MIN,
  INSIGHTS_YEARS_AROUND_AWARD,
} from '@laurel/contract/insights-rules';
import { MESSAGES } from '@laurel/contract/messages';

import { paths } from '../../../lib/routing/paths';
import { PageHeader } from '../../../components/layout/page-header';
import { useBreadcrumbs } from '../../../lib/breadcrumbs/use-breadcrumbs';
import { DATA_GAP_LABELS } from '../lib/data-gaps';
import { formatMoney } from '../lib/format-insights';

interface Section {
  id: string;
  title: string;
  body: ReactNode;
}

const P = ({ children }: { children: ReactNode }) => (
  <Typography sx={{ mb: 2, maxWidth: '72ch' }}>{children}</Typography>
);

const GAP_EXPLANATIONS: Record<keyof typeof DATA_GAP_LABELS, string> = {
  MISSING_EQUIFAX:
    'The data provider found no record for the person, often because of a missing or mistyped detail in the upload.',
  MISSING_EARNINGS:
    'The person was found, but no wage was reported for them in the years around the award.',
  MISSING_EMPLOYMENT:
    'The person was found, but no employment record was reported for them in the years around the award.',
};

const SECTIONS: Section[] = [
  {
    id: 'cohort',
    title: 'Who is counted',
    body: (
      <>
        <P>
          The figures describe a cohort: the awards of the chosen organization, credential and award
          years whose holder the data provider could match to employment records. Years are counted
          relative to the year of the award: year 0 is the award year, −1 the calendar year before
          it, +1 the year after it, up to {INSIGHTS_YEARS_AROUND_AWARD} years each way. Only
          complete calendar years count.
        </P>
        <P>
          Award years are chosen as all years or one fixed pool of {INSIGHTS_POOL_YEARS} years (such
          as 2016–2018), as the Census Bureau pools graduating classes: comparing arbitrary ranges
          could single out the people of one year. “All years” is the whole cohort, named by its
          first and last award years; when every award lies in one pool, that pool is not offered
          apart, since it holds the same people.
        </P>
        <P>
          In “All credentials” a person counts once, by their first award (the earliest award year;
          of two awards in the same year, the one recorded first), even if they hold several
          credentials; a person is an external id within the organization. In one credential’s view
          every award of it counts.
        </P>
      </>
    ),
  },
  {
    id: 'salary',
    title: 'Salary',
    body: (
      <P>
        The median annual wage, {INSIGHTS_MEASURE_YEAR} year after the award, of the people who were
        employed full time that year, as the employer reports it. Half of them earned more, half
        less. Part-time wages are left out, so that a figure is not pulled down by hours rather than
        pay, and so are annual wages under the earnings floor, by default{' '}
        {formatMoney(INSIGHTS_DEFAULT_EARNINGS_FLOOR)} (the federal minimum wage of $7.25 for 2,080
        hours), as the Census Bureau leaves out marginal earners. The same rule applies to every
        wage figure and the chart.
      </P>
    ),
  },
  {
    id: 'salary-growth',
    title: 'Salary growth',
    body: (
      <P>
        How much the median wage changed, in percent, from the year before the award (−1) to a later
        year, at most {INSIGHTS_YEARS_AROUND_AWARD} years on, for the same people: only those with
        full-time wages in both years count, at both ends. The card names the span (“+38% over 5
        years”) and how many people it follows. The latest span with enough people is used. The
        medians are in constant dollars, so inflation does not count as growth, and people who start
        work only after the award do not count as growth either.
      </P>
    ),
  },
  {
    id: 'salary-increase',
    title: 'Salary increase',
    body: (
      <P>
        The median, across people, of each person’s own change in annual wage from the year before
        the award to the year after it. Only people with full-time wages in both years count, so the
        card’s number of people is the same at both ends. It answers “how much more did a typical
        person earn” rather than comparing two different groups.
      </P>
    ),
  },
  {
    id: 'employment-rate',
    title: 'Employment rate',
    body: (
      <>
        <P>
          The share of the matched cohort that was employed {INSIGHTS_MEASURE_YEAR} year after the
          award. Employed means any job on record that year, part-time included.
        </P>
        <P>
          Because only people the data provider found can be counted, the card also gives the
          coverage (the share of the awards looked up that were matched) and the rate over all of
          them, counting the unmatched as not found employed: the true rate lies at or above that
          second figure.
        </P>
      </>
    ),
  },
  {
    id: 'top-industry',
    title: 'Top industry',
    body: (
      <P>
        The industry sector (NAICS) most common among the people employed {INSIGHTS_MEASURE_YEAR}{' '}
        year after the award whose record names an industry, with its share of exactly that group
        (people whose record names none are left out of the share).
      </P>
    ),
  },
  {
    id: 'top-job-role',
    title: 'Top job role',
    body: (
      <P>
        The job role (SOC title) most common among the people employed {INSIGHTS_MEASURE_YEAR} year
        after the award whose record names a job role, with its share of exactly that group.
      </P>
    ),
  },
  {
    id: 'chart',
    title: MESSAGES.salaryChartTitle,
    body: (
      <>
        <P>
          For every year from {INSIGHTS_YEARS_AROUND_AWARD} years before to{' '}
          {INSIGHTS_YEARS_AROUND_AWARD} years after the award, the median full-time wage and the
          middle half of wages (from the 25th to the 75th percentile), with the number of people
          behind each year. A year with too few people is left as a gap in the line. The chart’s
          figures are also available as a table and as a CSV file.
        </P>
        <P>
          In the “All award years” view, later years after the award can only cover earlier award
          years, so each year may describe different classes. The “Same cohort” view keeps only the
          award years whose +{INSIGHTS_YEARS_AROUND_AWARD} year is complete, so every point covers
          the same classes; its tooltip names them and each point’s number of people.
        </P>
      </>
    ),
  },
  {
    id: 'constant-dollars',
    title: 'Constant dollars',
    body: (
      <P>
        Wages from different years are restated in dollars of the latest complete year, using the
        annual averages of the US Consumer Price Index for All Urban Consumers (CPI-U). A wage of
        $40,000 in a year when prices were 10% lower counts as $44,000. The screens say which year’s
        dollars they show (“in 2025 dollars”).
      </P>
    ),
  },
  {
    id: 'benchmarks',
    title: 'Benchmarks and earnings premium',
    body: (
      <>
        <P>
          A credential’s salary is compared with a benchmark: the median annual earnings for its
          field (its CIP program code, or the SOC occupation code it names) in its organization’s
          state, or in the nation where the state has none. The most specific field wins (a
          six-digit CIP code before its series and family), then the state, then the latest year.
          The salary card says how far above or below the benchmark the salary is, to the hundred
          dollars; the chart draws the benchmark as a dashed line.
        </P>
        <P>
          The earnings premium follows the US Financial Value Transparency rule: the salary minus
          the earnings threshold, the median earnings of high-school graduates aged 25 to 34 in the
          same state (else the nation). The rule measures graduates three years after completion;
          here it is the salary one year after the award, so read it as an early measure.
        </P>
        <P>
          Benchmarks are figures a platform administrator imports; each is stated in dollars of its
          year and restated in the screens’ dollars like wages. Every benchmark shown names its
          source. A benchmark is no more official than its source: the demo world’s are fictional
          and say so.
        </P>
      </>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy: hidden and small figures',
    body: (
      <>
        <P>
          A figure computed from fewer than {INSIGHTS_SUPPRESSION_MIN} people is never shown: it
          reads “—” with the reason “Fewer than {INSIGHTS_SUPPRESSION_MIN} people: hidden to protect
          privacy”. This keeps individuals from being recognized in small groups.
        </P>
        <P>
          A figure of awards too recent for its year (the year after an award made last year, say)
          has no data yet rather than too few people: it reads “No data yet: not enough time has
          passed since these awards for this year to be complete”.
        </P>
        <P>
          Counts of people from the data provider (matched people, data gaps, the people behind a
          figure) under {INSIGHTS_SUPPRESSION_MIN} read “Fewer than {INSIGHTS_SUPPRESSION_MIN}”,
          never the exact number.
        </P>
        <P>
          Hiding small figures is not enough when two answers can be subtracted: all years less one
          pool, or all credentials less the others. So a figure of {INSIGHTS_SUPPRESSION_MIN} or
          more people is also withheld where it would let a smaller group be worked out from other
          figures, across award years, credentials, the chart, data gaps and exports. It reads
          “Withheld so that a smaller group cannot be worked out from other figures”. State
          wage-record programs protect their tables the same way (complementary suppression).
        </P>
        <P>
          The counts about the awards looked up (matched, not matched, and the numbers behind the
          employment rate and coverage) are shown all together or not at all: together they would
          tell how many people were, say, not matched among the awards whose year after is complete,
          so each of those groups is protected as a count of its own.
        </P>
        <P>
          A figure from {INSIGHTS_SUPPRESSION_MIN} to {INSIGHTS_SMALL_SAMPLE_MIN - 1} people is
          shown with a “Small sample” mark: a few more people could change it noticeably, so read it
          with care. Every card says how many people it comes from.
        </P>
      </>
    ),
  },
  {
    id: 'sources',
    title: 'Data sources',
    body: (
      <>
        <P>
          Awards come from the credential issuer: each upload lists the people who earned a
          credential and when. Employment and wage histories come from a credit bureau’s
          employment-verification data (payroll records reported by employers), matched to the
          awards by the data provider. {MESSAGES.salaryFooter} Self-employment and work for
          employers that do not report are not covered.
        </P>
        <P>
          The approach follows public outcome measures such as the US Census Bureau’s Post-Secondary
          Employment Outcomes (PSEO), the College Scorecard and state wage-record studies. Figures
          are recomputed whenever new awards or earnings data arrive; while that runs, the screens
          say the insights are temporarily unavailable.
        </P>
        <Box component="ul" sx={{ mt: 0, mb: 2, pl: 5, maxWidth: '72ch', display: 'grid', gap: 1 }}>
          <li>
            <strong>Same as PSEO:</strong> fixed pools of award years; full-time earnings above a
            minimum-wage floor.
          </li>
          <li>
            <strong>Different from PSEO:</strong> PSEO adds statistical noise to every figure;
            Laurel shows exact figures and hides or withholds those about small groups, because one
            institution’s programs are small and noise would blur them.
          </li>
          <li>
            <strong>Different from the College Scorecard:</strong> the Scorecard counts everyone
            working; Laurel’s wage figures count only full-time wages above the floor, and growth
            follows the same people rather than comparing separate classes.
          </li>
          <li>
            <strong>Same as the Scorecard:</strong> small groups are suppressed rather than blurred;
            each figure says how many people it covers.
          </li>
        </Box>
        <P>
          Earnings data are part of an organization’s contract. Without them, its awards are neither
          matched nor billed, and the screens say that earnings insights are unavailable for the
          organization; once they are included, its awards are matched and the figures follow.
        </P>
      </>
    ),
  },
  {
    id: 'data-gaps',
    title: 'Data gaps',
    body: (
      <>
        <P>
          Not every award can contribute. The cohort summary counts the awards left out, by reason
          (under {INSIGHTS_SUPPRESSION_MIN} as “Fewer than {INSIGHTS_SUPPRESSION_MIN}”):
        </P>
        <Box component="dl" sx={{ m: 0, mb: 2, display: 'grid', gap: 2, maxWidth: '72ch' }}>
          {(Object.keys(DATA_GAP_LABELS) as (keyof typeof DATA_GAP_LABELS)[]).map((code) => (
            <Box key={code}>
              <Typography component="dt" sx={{ fontWeight: 700 }}>
                {DATA_GAP_LABELS[code]}{' '}
                <Box component="code" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                  {code}
                </Box>
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {GAP_EXPLANATIONS[code]}
              </Typography>
            </Box>
          ))}
        </Box>
      </>
    ),
  },
];

/** `/insights/methodology`: what each insight figure means and how it is computed. */
export default function MethodologyRoute() {
  useBreadcrumbs({ dashboard: { label: 'Dashboard', href: paths.home.getHref() } });
  const { hash } = useLocation();
  useEffect(() => {
    // Arriving from a card's link: show the section that defines its figure.
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    target?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  return (
    <>
      <PageHeader
        overline="Help"
        title="Insights methodology"
        subtitle="What the insight cards and the salary chart measure, where the data come from, and what is left out."
      />
      <Box
        sx={{
          display: 'grid',
          gap: 5,
          gridTemplateColumns: { xs: '1fr', lg: '240px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Card
          component="nav"
          aria-label="On this page"
          sx={{ p: 4, position: { lg: 'sticky' }, top: { lg: 88 } }}
        >
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.06em' }}
          >
            On this page
          </Typography>
          <Box
            component="ul"
            sx={{ listStyle: 'none', m: 0, mt: 2, p: 0, display: 'grid', gap: 1 }}
          >
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <Link href={`#${section.id}`} variant="body2">
                  {section.title}
                </Link>
              </li>
            ))}
          </Box>
        </Card>
        <Card sx={{ p: { xs: 5, sm: 6 } }}>
          {SECTIONS.map((section, index) => (
            <Box
              component="section"
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              sx={{ scrollMarginTop: 88, mt: index === 0 ? 0 : 6 }}
            >
              <Typography id={`${section.id}-title`} variant="h6" component="h2" sx={{ mb: 2 }}>
                {section.title}
              </Typography>
              {section.body}
            </Box>
          ))}
        </Card>
      </Box>
    </>
  );
}
