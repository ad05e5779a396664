import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

import { PageHeader } from './page-header';

export interface ComingSoonProps {
  title: string;
  overline?: string;
  icon: ReactNode;
  /** What this area will hold, in one or two sentences. */
  description: string;
  /** The route's parameters, shown so that links can be checked before the screen exists. */
  params?: Record<string, string | undefined>;
  children?: ReactNode;
}

/**
 * An honest placeholder for a screen that is not built yet: it says so, says what will be here,
 * and shows no invented data.
 */
export function ComingSoon({
  title,
  overline,
  icon,
  description,
  params,
  children,
}: ComingSoonProps) {
  const entries = Object.entries(params ?? {}).filter((entry): entry is [string, string] =>
    Boolean(entry[1]),
  );
  return (
    <>
      <PageHeader title={title} overline={overline} />
      <Card>
        <CardContent
          sx={{
            p: { xs: 6, md: 10 },
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            textAlign: 'center',
          }}
        >
          <Box
            sx={{
              width: 64,
              height: 64,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'action.hover',
              color: 'primary.main',
              mb: 4,
              '& svg': { fontSize: 32 },
            }}
            aria-hidden="true"
          >
            {icon}
          </Box>
          <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
            This area arrives soon
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 520, fontSize: '0.9375rem' }}>
            {description}
          </Typography>
          {entries.length > 0 ? (
            <Box
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'center', mt: 5 }}
              aria-label="Route parameters"
            >
              {entries.map(([name, value]) => (
                <Chip
                  key={name}
                  variant="outlined"
                  label={`${name}: ${value}`}
                  sx={{ fontFamily: 'monospace' }}
                />
              ))}
            </Box>
          ) : null}
          {children}
        </CardContent>
      </Card>
    </>
  );
}
