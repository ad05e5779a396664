import Chip from '@mui/material/Chip';

/** Whether a user can sign in (spec §3: Active true, Inactive false). */
export function ActiveChip({ active }: { active: boolean }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={active ? 'success' : 'default'}
      label={active ? 'Active' : 'Inactive'}
      sx={{ fontWeight: 700 }}
    />
  );
}
