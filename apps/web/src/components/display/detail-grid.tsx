import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** Stands for a value that is not there (a sign, the same in every language). */
const NO_VALUE = '—';

/** Label and value pairs of a record, two or three columns wide on larger screens. */

export function DetailGrid({ items }: { items: DetailItem[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ minWidth: 0 }}>
          <Typography
            component="dt"
            variant="caption"
            color="text.secondary"
            sx={{ fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.06em' }}
          >
            {item.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mt: 0.5, overflowWrap: 'anywhere' }}>
            {item.value ?? NO_VALUE}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
