import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Badge from '@mui/material/Badge';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { BADGE_MAX } from '@laurel/contract/constants';

export interface ListRowProps {
  /** Where the row leads; without it the row is plain text. */
  link?: string;
  icon: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  /** Background of the icon circle; any palette path (`primary.main`) or CSS colour. */
  iconColor?: string;
  /** A count shown on the icon; above 99 it reads "99+". */
  iconBadge?: number;
  divider?: boolean;
  /** Controls at the end of the row, such as a Remove button. */
  secondaryAction?: ReactNode;
  /** Called when the link is followed (for example to close a drawer). */
  onNavigate?: () => void;
  /** Lets the subtitle wrap instead of ending in an ellipsis, where all of it matters. */
  wrap?: boolean;
}

/** One row of a list: icon, title, subtitle, optional link and divider (spec §2). */
export function ListRow({
  link,
  icon,
  title,
  subtitle,
  iconColor,
  iconBadge,
  divider,
  secondaryAction,
  onNavigate,
  wrap = false,
}: ListRowProps) {
  const avatar = (
    <Avatar
      sx={{ bgcolor: iconColor ?? 'primary.main', color: 'common.white', width: 36, height: 36 }}
    >
      {icon}
    </Avatar>
  );
  const fullTitle = typeof title === 'string' ? title : undefined;
  const content = (
    <>
      <ListItemAvatar sx={{ minWidth: 52, ...(wrap ? { alignSelf: 'flex-start', mt: 1 } : {}) }}>
        {iconBadge !== undefined && iconBadge > 0 ? (
          <Badge badgeContent={iconBadge} max={BADGE_MAX} color="error" overlap="circular">
            {avatar}
          </Badge>
        ) : (
          avatar
        )}
      </ListItemAvatar>
      <ListItemText
        primary={title}
        secondary={subtitle}
        sx={{ minWidth: 0 }}
        slotProps={{
          // A long title takes two lines at most and ends with "…"; the whole of it shows on hover.
          // With `wrap`, all of it shows.
          primary: wrap
            ? { sx: { fontWeight: 600, overflowWrap: 'anywhere' } }
            : {
                title: fullTitle,
                sx: {
                  fontWeight: 600,
                  display: '-webkit-box',
                  WebkitBoxOrient: 'vertical',
                  WebkitLineClamp: 2,
                  overflow: 'hidden',
                  overflowWrap: 'anywhere',
                },
              },
          secondary: wrap ? { sx: { overflowWrap: 'anywhere' } } : { noWrap: true },
        }}
      />
    </>
  );
  const padding = { py: 2, px: 4 };

  // The action sits beside the row's content, not over it, so a long title never runs under it.
  return (
    <ListItem divider={divider} disablePadding sx={{ alignItems: 'center' }}>
      {link ? (
        <ListItemButton
          component={RouterLink}
          to={link}
          onClick={onNavigate}
          sx={{ ...padding, flex: 1, minWidth: 0 }}
        >
          {content}
        </ListItemButton>
      ) : (
        <Box sx={{ ...padding, flex: 1, minWidth: 0, display: 'flex', alignItems: 'center' }}>
          {content}
        </Box>
      )}
      {secondaryAction ? <Box sx={{ flexShrink: 0, pr: 3 }}>{secondaryAction}</Box> : null}
    </ListItem>
  );
}
