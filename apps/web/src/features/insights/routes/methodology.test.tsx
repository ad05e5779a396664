import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSIGHT_FIGURES } from '@laurel/contract/insight-figures';
import {
  INSIGHTS_DEFAULT_EARNINGS_FLOOR,
  INSIGHTS_MEASURE_YEAR,
  INSIGHTS_POOL_YEARS,
  INSIGHTS_SMALL_SAMPLE_MIN,
  INSIGHTS_SUPPRESSION_MIN,
  INSIGHTS_YEARS_AROUND_AWARD,
} from '@laurel/contract/insights-rules';
import { MESSAGES } from '@laurel/contract/messages';

import { renderWithProviders } from '../../../test/render';
import { DATA_GAP_LABELS } from '@laurel/contract/constants';
import { chooseLanguage } from '../../../lib/i18n/catalogue';
import { setLanguage } from '../../../lib/i18n/language';
import en from '../../../lib/i18n/messages/en.json';
import es from '../../../lib/i18n/messages/es.json';
import { formatMoney } from '../lib/format-insights';
import {
  METHODOLOGY_PART_HEADINGS,
  type MethodologySection,
  methodologySections,
} from '../lib/methodology-sections';
import methodology from '../../../../../../docs/insights-methodology.md?raw';
import methodologyEs from '../../../../../../docs/insights-methodology.es.md?raw';
import MethodologyRoute from './methodology';

/** The text of the methodology page's section `id`, as a reader sees it. */
function sectionText(id: string): string {
  return document.getElementById(id)?.textContent ?? '';
}

describe('the methodology page', () => {
  it('shows the plain-words part of docs/insights-methodology.md, one section per anchor', () => {
    renderWithProviders(<MethodologyRoute />);
    const nav = screen.getByRole('navigation', { name: 'On this page' });
    const anchors = [...methodology.matchAll(/^<a id="([a-z0-9-]+)"><\/a>$/gm)].map((m) => m[1]);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(anchors.map((id) => `#${id}`));
    expect(anchors).toEqual([
      'cohort',
      'salary',
      'salary-growth',
      'salary-increase',
      'employment-rate',
      'top-industry',
      'top-job-role',
      'chart',
      'constant-dollars',
      'benchmarks',
      'privacy',
      'sources',
      'data-gaps',
    ]);
    screen.getByRole('heading', { level: 2, name: 'Who is counted' });
    within(document.getElementById('sources')!).getByText('Same as PSEO:');
  });

  it('defines every insight figure under its title, in the section its card links to', () => {
    renderWithProviders(<MethodologyRoute />);
    for (const figure of INSIGHT_FIGURES) {
      const section = document.getElementById(figure.methodologySection);
      expect(section, figure.key).not.toBeNull();
      if (figure.card) within(section!).getByRole('heading', { level: 2, name: figure.title });
    }
    within(document.getElementById('chart')!).getByRole('heading', {
      name: MESSAGES.salaryChartTitle,
    });
  });

  it("states the rules' numbers, messages and data-gap labels as the contract has them", () => {
    renderWithProviders(<MethodologyRoute />);
    const span = INSIGHTS_YEARS_AROUND_AWARD;
    const min = INSIGHTS_SUPPRESSION_MIN;
    expect(sectionText('cohort')).toContain(`up to ${span} years each way`);
    expect(sectionText('cohort')).toContain(`one fixed pool of ${INSIGHTS_POOL_YEARS} years`);
    expect(sectionText('salary')).toContain(`${INSIGHTS_MEASURE_YEAR} year after the award`);
    expect(sectionText('salary')).toContain(
      `by default ${formatMoney(INSIGHTS_DEFAULT_EARNINGS_FLOOR)}`,
    );
    expect(sectionText('salary-growth')).toContain(`at most ${span} years on`);
    expect(sectionText('chart')).toContain(`from ${span} years before to ${span} years after`);
    expect(sectionText('chart')).toContain(`whose +${span} year is complete`);
    expect(sectionText('privacy')).toContain(`fewer than ${min} people is never shown`);
    expect(sectionText('privacy')).toContain(
      `“Fewer than ${min} people: hidden to protect privacy”`,
    );
    expect(sectionText('privacy')).toContain(
      `from ${min} to ${INSIGHTS_SMALL_SAMPLE_MIN - 1} people`,
    );
    expect(sectionText('sources')).toContain(MESSAGES.salaryFooter);
    for (const [code, label] of Object.entries(DATA_GAP_LABELS))
      expect(sectionText('data-gaps')).toContain(`${label} ${code}: `);
  });
});

const ENGLISH = methodologySections(methodology);
const SPANISH = methodologySections(methodologyEs, METHODOLOGY_PART_HEADINGS.es);

/** Every word of a section, its heading included. */
const wordsOf = (section: MethodologySection): string =>
  [
    section.title,
    ...section.blocks.flatMap((block) =>
      block.kind === 'paragraph' ? block.inlines : block.items.flat(),
    ),
  ]
    .map((part) => (typeof part === 'string' ? part : part.text))
    .join(' ');

/** The numbers a section states, signs and thousands separators included, in order of size. */
const numbersOf = (section: MethodologySection): string[] =>
  (wordsOf(section).match(/[−+]?\d+(?:[.,]\d+)*/g) ?? []).sort();

/** The page in Spanish, once its text has arrived. */
async function renderInSpanish(route?: string) {
  await chooseLanguage('es');
  await act(async () => {
    renderWithProviders(<MethodologyRoute />, { route });
  });
  screen.getByRole('heading', { level: 2, name: es['insights.cohort.title'] });
}

describe('the methodology page in Spanish', () => {
  afterEach(() => {
    setLanguage('en');
    window.localStorage.clear();
    vi.restoreAllMocks();
  });

  // First, while the Spanish text has not been fetched yet in this file.
  it('shows the page’s placeholder, never the English, while the Spanish text loads', async () => {
    await chooseLanguage('es');
    // Rendered outside an awaited act, so that the page draws before the text arrives (React
    // warns that the suspended render is not awaited).
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<MethodologyRoute />);
    screen.getByRole('heading', { level: 1, name: es['nav.insightsMethodology'] });
    expect(document.querySelectorAll('.MuiSkeleton-root')).toHaveLength(2);
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows docs/insights-methodology.es.md, with the cards’ Spanish titles', async () => {
    await renderInSpanish();
    expect(document.querySelector('.MuiSkeleton-root')).toBeNull();
    const nav = screen.getByRole('navigation', { name: es['insights.methodology.onThisPage'] });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(ENGLISH.map((section) => `#${section.id}`));
    for (const figure of INSIGHT_FIGURES) {
      const section = document.getElementById(figure.methodologySection)!;
      if (figure.card)
        within(section).getByRole('heading', {
          level: 2,
          name: es[`insights.figure.${figure.key}` as keyof typeof es],
        });
    }
    within(document.getElementById('chart')!).getByRole('heading', {
      name: es['insights.salaryChartCard.title'],
    });
    within(document.getElementById('sources')!).getByText('Igual que PSEO:');
    expect(screen.queryByRole('heading', { name: 'Who is counted' })).toBeNull();
    expect(screen.queryByText('Same as PSEO:')).toBeNull();
  });

  it('words the reasons, marks and data-gap labels as the screens do', async () => {
    await renderInSpanish();
    const min = String(INSIGHTS_SUPPRESSION_MIN);
    expect(sectionText('privacy')).toContain(
      `“${es['insights.figures.hiddenFewerThan'].replace('{n}', min)}”`,
    );
    expect(sectionText('privacy')).toContain(`“${es['insights.figures.hiddenTooRecent']}”`);
    expect(sectionText('privacy')).toContain(`“${es['insights.figures.hiddenWithheld']}”`);
    expect(sectionText('privacy')).toContain(`“${es['insights.card.smallSample']}”`);
    expect(sectionText('data-gaps')).toContain(
      `“${es['insights.figures.fewerThan'].replace('{n}', min)}”`,
    );
    for (const gap of ['missingEquifax', 'missingEarnings', 'missingEmployment'] as const) {
      const key = `insights.cohort.gap.${gap}` as const;
      expect(Object.values(DATA_GAP_LABELS)).toContain(en[key]);
      expect(sectionText('data-gaps')).toContain(es[key]);
    }
    expect(sectionText('chart')).toContain(`“${es['insights.salaryChartCard.allYears']}”`);
    expect(sectionText('chart')).toContain(`“${es['insights.salaryChartCard.sameCohort']}”`);
  });

  it('scrolls to the section the link names once the Spanish text is there', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    try {
      await renderInSpanish('/insights/methodology#salary');
      screen.getByRole('heading', { level: 2, name: es['insights.figure.salary'] });
      expect(scrolled).toEqual(['salary']);
    } finally {
      // jsdom has no scrollIntoView: the page calls it only where it exists.
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('shows the English headings, and no Spanish, in English', () => {
    renderWithProviders(<MethodologyRoute />);
    for (const section of ENGLISH)
      within(document.getElementById(section.id)!).getByRole('heading', {
        level: 2,
        name: section.title,
      });
    expect(screen.queryByRole('heading', { name: es['insights.cohort.title'] })).toBeNull();
  });
});

describe('docs/insights-methodology.es.md', () => {
  it('has the English part’s anchors, in the same order, and the same shape in each', () => {
    expect(SPANISH.map((section) => section.id)).toEqual(ENGLISH.map((section) => section.id));
    SPANISH.forEach((section, index) => {
      const english = ENGLISH[index]!;
      expect(section.title, section.id).not.toBe('');
      expect(
        section.blocks.map((block) => (block.kind === 'list' ? block.items.length : 'paragraph')),
        section.id,
      ).toEqual(
        english.blocks.map((block) => (block.kind === 'list' ? block.items.length : 'paragraph')),
      );
    });
  });

  it('states the same numbers as the English in every section (the rules’ constants)', () => {
    SPANISH.forEach((section, index) => {
      expect(numbersOf(section), section.id).toEqual(numbersOf(ENGLISH[index]!));
    });
    // The numbers the English is held to above are among them.
    expect(numbersOf(SPANISH[0]!)).toContain(String(INSIGHTS_YEARS_AROUND_AWARD));
    expect(numbersOf(SPANISH[0]!)).toContain(String(INSIGHTS_POOL_YEARS));
  });

  it('keeps the English codes (`MISSING_EQUIFAX`…) in each section', () => {
    SPANISH.forEach((section, index) => {
      const codes = (s: MethodologySection) =>
        s.blocks
          .flatMap((block) => (block.kind === 'paragraph' ? block.inlines : block.items.flat()))
          .filter((inline) => inline.kind === 'code')
          .map((inline) => inline.text);
      expect(codes(section), section.id).toEqual(codes(ENGLISH[index]!));
    });
  });
});
