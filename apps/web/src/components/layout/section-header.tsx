import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

/** Something at the left and its actions at the right, wrapping below on narrow screens. */
export function ActionRow({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Box
      sx={[
        {
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 3,
          flexWrap: 'wrap',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}

/** A section's heading (h2) with its actions at the right. */
export function SectionHeader({
  title,
  actions,
  id,
  size = 'h5',
}: {
  title: ReactNode;
  actions?: ReactNode;
  /** The heading's id, for a section labelled by it. */
  id?: string;
  /** `h6` in a card, `h5` on a page. */
  size?: 'h5' | 'h6';
}) {
  return (
    <ActionRow sx={{ mb: 4 }}>
      <Typography variant={size} component="h2" id={id}>
        {title}
      </Typography>
      {actions}
    </ActionRow>
  );
}
