import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', width: '100%' }}
      role="status"
      aria-live="polite"
    >
      <CircularProgress aria-label={label} size={36} />
    </Box>
  );
}
