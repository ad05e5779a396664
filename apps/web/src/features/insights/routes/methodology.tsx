import { useEffect, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

import { paths } from '../../../lib/routing/paths';
import { PageHeader } from '../../../components/layout/page-header';
import { useBreadcrumbs } from '../../../lib/breadcrumbs/use-breadcrumbs';
import {
  type MethodologyBlock,
  type MethodologyInline,
  methodologySections,
} from '../lib/methodology-sections';
import methodology from '../../../../../../docs/insights-methodology.md?raw';

// The page's text is the "In plain words" part of docs/insights-methodology.md, bundled with this
// route only.
const SECTIONS = methodologySections(methodology);

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

/** `/insights/methodology`: what each insight figure means and how it is computed. */
export default function MethodologyRoute() {
  const intl = useIntl();
  useBreadcrumbs({
    dashboard: { label: intl.formatMessage({ id: 'nav.dashboard' }), href: paths.home.getHref() },
  });
  const { hash } = useLocation();
  useEffect(() => {
    // Arriving from a card's link: show the section that defines its figure.
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    target?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  return (
    <>
      <PageHeader
        overline={intl.formatMessage({ id: 'nav.help' })}
        title={intl.formatMessage({ id: 'nav.insightsMethodology' })}
        subtitle={intl.formatMessage({ id: 'insights.methodology.subtitle' })}
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
          <Box
            component="ul"
            sx={{ listStyle: 'none', m: 0, mt: 2, p: 0, display: 'grid', gap: 1 }}
          >
            {SECTIONS.map((section) => (
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
              {section.blocks.map((block, index) => (
                <Block key={index} block={block} />
              ))}
            </Box>
          ))}
        </Card>
      </Box>
    </>
  );
}
