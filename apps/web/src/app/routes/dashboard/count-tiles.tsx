import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

import { formatNumber } from '../../../lib/format/format';

export interface Count {
  label: string;
  /** Undefined while loading. */
  value: number | undefined;
  href: string;
  icon: ReactNode;
}

function CountTile({ count }: { count: Count }) {
  return (
    <Card>
      <CardActionArea component={RouterLink} to={count.href} sx={{ height: '100%' }}>
        <CardContent
          sx={{
            p: { xs: 3, sm: 5 },
            display: 'flex',
            alignItems: 'center',
            gap: 4,
            '&:last-child': { pb: { xs: 3, sm: 5 } },
          }}
        >
          <Box
            aria-hidden="true"
            sx={{
              width: 44,
              height: 44,
              flexShrink: 0,
              borderRadius: 2,
              display: { xs: 'none', sm: 'grid' },
              placeItems: 'center',
              bgcolor: 'action.hover',
              color: 'primary.main',
            }}
          >
            {count.icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, fontWeight: 700, lineHeight: 1.2 }}
            >
              {count.value === undefined ? <Skeleton width={48} /> : formatNumber(count.value)}
            </Typography>
            {/* Breaks rather than cut off where three tiles share a narrow screen. */}
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere', hyphens: 'auto' }}>
              {count.label}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * The dashboard's counts, each a link to its list. On a phone they share the width evenly (two
 * rows of two, or one row of three) so that no tile is left alone on a half-empty row.
 */
export function CountTiles({ counts }: { counts: Count[] }) {
  const intl = useIntl();
  const narrowColumns = counts.length % 2 === 0 ? 2 : Math.min(counts.length, 3);
  return (
    <Box
      component="section"
      aria-label={intl.formatMessage({ id: 'dashboard.atAGlance' })}
      sx={{
        display: 'grid',
        gap: { xs: 3, sm: 4 },
        gridTemplateColumns: {
          xs: `repeat(${narrowColumns}, minmax(0, 1fr))`,
          md: `repeat(${counts.length}, minmax(0, 1fr))`,
        },
      }}
    >
      {counts.map((count) => (
        <CountTile key={count.label} count={count} />
      ))}
    </Box>
  );
}
