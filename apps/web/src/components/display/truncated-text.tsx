import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Text kept to one line, cut short with an ellipsis where it does not fit (never broken inside a
 * word, such as an e-mail address), its full value shown on hover and, when `focusable`, on
 * keyboard focus.
 * @example <TruncatedText title={email} focusable>{email}</TruncatedText>
 */
export function TruncatedText({
  title,
  focusable = false,
  children,
  sx,
}: {
  /** The full value. */
  title: string;
  focusable?: boolean;
  /** What the line shows; the full value unless given. */
  children?: ReactNode;
  sx?: SxProps<Theme>;
}) {
  return (
    <Tooltip title={title} describeChild placement="bottom-start" enterDelay={400}>
      <Box
        component="span"
        tabIndex={focusable ? 0 : undefined}
        sx={[
          {
            display: 'block',
            minWidth: 0,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        {children ?? title}
      </Box>
    </Tooltip>
  );
}
