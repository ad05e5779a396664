import { Suspense, use, useEffect, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

import { paths } from '../../../lib/routing/paths';
import { useLanguage } from '../../../lib/i18n/i18n-provider';
import { PageHeader } from '../../../components/layout/page-header';
import { useBreadcrumbs } from '../../../lib/breadcrumbs/use-breadcrumbs';
import {
  METHODOLOGY_PART_HEADINGS,
  type MethodologyBlock,
  type MethodologyInline,
  type MethodologySection,
  methodologySections,
} from '../lib/methodology-sections';
import methodology from '../../../../../../docs/insights-methodology.md?raw';

// The page's text is the "In plain words" part of docs/insights-methodology.md, bundled with this
// route only; its Spanish, docs/insights-methodology.es.md, is a chunk of its own, fetched only
// when Laurel is in Spanish.
const ENGLISH_SECTIONS = methodologySections(methodology);

let spanishSections: Promise<MethodologySection[]> | undefined;
/** The Spanish sections, fetched once (a failed fetch is tried again by the next call). */
function loadSpanishSections(): Promise<MethodologySection[]> {
  spanishSections ??= import('../../../../../../docs/insights-methodology.es.md?raw').then(
    (module) => methodologySections(module.default, METHODOLOGY_PART_HEADINGS.es),
    (error: unknown) => {
      spanishSections = undefined;
      throw error;
    },
  );
  return spanishSections;
}

const P = ({ children }: { children: ReactNode }) => (
  <Typography sx={{ mb: 2, maxWidth: '72ch' }}>{children}</Typography>
);

function Inlines({ inlines }: { inlines: MethodologyInline[] }) {
  return inlines.map((inline, index) =>
    inline.kind === 'strong' ? (
      <strong key={index}>{inline.text}</strong>
    ) : inline.kind === 'code' ? (
      <Box component="code" key={index} sx={{ color: 'text.secondary' }}>
        {inline.text}
      </Box>
    ) : (
      inline.text
    ),
  );
}

function Block({ block }: { block: MethodologyBlock }) {
  if (block.kind === 'paragraph')
    return (
      <P>
        <Inlines inlines={block.inlines} />
      </P>
    );
  return (
    <Box component="ul" sx={{ mt: 0, mb: 2, pl: 5, maxWidth: '72ch', display: 'grid', gap: 1 }}>
      {block.items.map((item, index) => (
        <li key={index}>
          <Inlines inlines={item} />
        </li>
      ))}
    </Box>
  );
}

const LAYOUT = {
  display: 'grid',
  gap: 5,
  gridTemplateColumns: { xs: '1fr', lg: '240px minmax(0, 1fr)' },
  alignItems: 'start',
} as const;

/** The table of contents and the sections; once drawn, scrolls to the section the URL names. */
function MethodologyBody({ sections }: { sections: MethodologySection[] }) {
  const intl = useIntl();
  const { hash } = useLocation();
  useEffect(() => {
    // Arriving from a card's link: show the section that defines its figure.
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    target?.scrollIntoView?.({ block: 'start' });
  }, [hash, sections]);
  return (
    <Box sx={LAYOUT}>
      <Card
        component="nav"
        aria-label={intl.formatMessage({ id: 'insights.methodology.onThisPage' })}
        sx={{ p: 4, position: { lg: 'sticky' }, top: { lg: 88 } }}
      >
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.06em' }}
        >
          <FormattedMessage id="insights.methodology.onThisPage" />
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 2, p: 0, display: 'grid', gap: 1 }}>
          {sections.map((section) => (
            <li key={section.id}>
              <Link
                href={`#${section.id}`}
                variant="body2"
                sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 24 }}
              >
                {section.title}
              </Link>
            </li>
          ))}
        </Box>
      </Card>
      <Card sx={{ p: { xs: 5, sm: 6 } }}>
        {sections.map((section, index) => (
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
            {section.blocks.map((block, index) => (
              <Block key={index} block={block} />
            ))}
          </Box>
        ))}
      </Card>
    </Box>
  );
}

function SpanishMethodology() {
  return <MethodologyBody sections={use(loadSpanishSections())} />;
}

/** While the Spanish text arrives: the page's two cards, empty. */
function MethodologySkeleton() {
  return (
    <Box sx={LAYOUT}>
      <Skeleton variant="rounded" height={320} />
      <Skeleton variant="rounded" height={480} />
    </Box>
  );
}

/** `/insights/methodology`: what each insight figure means and how it is computed. */
export default function MethodologyRoute() {
  const intl = useIntl();
  const language = useLanguage();
  useBreadcrumbs({
    dashboard: { label: intl.formatMessage({ id: 'nav.dashboard' }), href: paths.home.getHref() },
  });
  return (
    <>
      <PageHeader
        overline={intl.formatMessage({ id: 'nav.help' })}
        title={intl.formatMessage({ id: 'nav.insightsMethodology' })}
        subtitle={intl.formatMessage({ id: 'insights.methodology.subtitle' })}
      />
      {language === 'es' ? (
        <Suspense fallback={<MethodologySkeleton />}>
          <SpanishMethodology />
        </Suspense>
      ) : (
        <MethodologyBody sections={ENGLISH_SECTIONS} />
      )}
    </>
  );
}
