import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';

/**
 * One way of signing in, or of proving it is you, on a selection step: an icon, what it is and a
 * line on how it works. The whole row is the button.
 */
export function MethodChoice({
  icon,
  title,
  description,
  onClick,
  disabled,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <ButtonBase
      onClick={onClick}
      disabled={disabled}
      focusRipple
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 4,
        width: '100%',
        textAlign: 'left',
        px: 4,
        py: 3.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        transition: 'border-color 120ms, background-color 120ms',
        '&:hover': { borderColor: 'primary.main', bgcolor: 'action.hover' },
        '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        '&.Mui-disabled': { opacity: 0.6 },
      }}
    >
      <Box
        aria-hidden="true"
        sx={{
          display: 'grid',
          placeItems: 'center',
          flex: 'none',
          width: 40,
          height: 40,
          borderRadius: '50%',
          bgcolor: 'action.selected',
          color: 'primary.main',
        }}
      >
        {icon}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography component="span" color="text.secondary" sx={{ display: 'block' }}>
          {description}
        </Typography>
      </Box>
      <ChevronRight aria-hidden="true" sx={{ color: 'text.secondary' }} />
    </ButtonBase>
  );
}
