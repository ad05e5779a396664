import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';

/** A form's message that no field shows (a failed save), where the person is looking. */
export function FormError({ error, sx }: { error: string | null; sx?: SxProps<Theme> }) {
  if (!error) return null;
  return (
    <Alert severity="error" role="alert" sx={sx ?? { mt: 2 }}>
      {error}
    </Alert>
  );
}
