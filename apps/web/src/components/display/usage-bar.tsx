import LinearProgress from '@mui/material/LinearProgress';
import type { SxProps, Theme } from '@mui/material/styles';
import { usageShare } from '@laurel/contract/contract-usage';

/**
 * How much of what a contract includes is used, as a bar: red beyond what is included, amber from
 * 90%. The share is the contract's own computation (`usageShare`), as on the contract page.
 */
export function usageBar(used: number, included: number) {
  const share = usageShare({ used, includedQuantity: included });
  const value = share === null ? 0 : Math.min(100, share * 100);
  const color: 'error' | 'warning' | 'primary' =
    used > included ? 'error' : value >= 90 ? 'warning' : 'primary';
  return { value, color };
}

export function UsageBar({
  used,
  included,
  label,
  sx,
}: {
  used: number;
  included: number;
  /** Names the bar for assistive technology, e.g. "Seats: 8 of 10 used". */
  label: string;
  sx?: SxProps<Theme>;
}) {
  const { value, color } = usageBar(used, included);
  return (
    <LinearProgress
      variant="determinate"
      value={value}
      color={color}
      aria-label={label}
      sx={[{ height: 6, borderRadius: 3 }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
