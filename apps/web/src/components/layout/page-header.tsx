import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  overline?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, overline, actions }: PageHeaderProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'space-between',
        gap: 4,
        mb: 6,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        {overline ? (
          <Typography
            variant="overline"
            color="text.secondary"
            sx={{ fontWeight: 700, letterSpacing: '0.08em' }}
          >
            {overline}
          </Typography>
        ) : null}
        <Typography variant="h3" component="h1" sx={{ lineHeight: 1.25 }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography color="text.secondary" sx={{ mt: 1, fontSize: '0.9375rem' }}>
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {actions ? <Box sx={{ display: 'flex', gap: 2 }}>{actions}</Box> : null}
    </Box>
  );
}
