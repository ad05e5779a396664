import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  /** What to do next. */
  description?: ReactNode;
  action?: ReactNode;
}

/** An empty list that says what to do next. */
export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <Box sx={{ textAlign: 'center', py: 10, px: 4 }}>
      {icon ? (
        <Box
          aria-hidden="true"
          sx={{
            width: 52,
            height: 52,
            mx: 'auto',
            mb: 3,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'text.secondary',
          }}
        >
          {icon}
        </Box>
      ) : null}
      <Typography variant="h6" component="p" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {description ? (
        <Typography color="text.secondary" sx={{ maxWidth: 480, mx: 'auto' }}>
          {description}
        </Typography>
      ) : null}
      {action ? <Box sx={{ mt: 4 }}>{action}</Box> : null}
    </Box>
  );
}
