import { useSelector } from 'react-redux';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';

import { Logo } from '../../components/brand/logo';
import { RoleChip } from '../../components/display/role-chip';
import { useAuth } from '../../lib/auth/use-auth';
import { selectImpersonatedOrganization } from '../../lib/impersonation/impersonation-slice';
import { areaOf, getNavSections } from './nav-items';

function SidebarContent({
  onNavigate,
  withBrand = false,
}: {
  onNavigate?: () => void;
  withBrand?: boolean;
}) {
  const { user } = useAuth();
  const profile = user?.profile;
  const acting = useSelector(selectImpersonatedOrganization);
  const intl = useIntl();
  const sections = getNavSections(profile, acting, (id) => intl.formatMessage({ id }));
  const area = areaOf(useLocation().pathname);

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        bgcolor: 'sidebar.background',
        color: 'sidebar.text',
      }}
    >
      {withBrand ? (
        <Box
          sx={{
            height: 'var(--laurel-header-height)',
            flexShrink: 0,
            display: 'flex',
            alignItems: 'center',
            px: 5,
            bgcolor: 'header.background',
            color: 'header.text',
          }}
        >
          <Logo size={28} />
        </Box>
      ) : null}
      <Box
        component="nav"
        aria-label={intl.formatMessage({ id: 'shell.mainNavigation' })}
        sx={{ flex: 1, overflowY: 'auto', py: 4 }}
      >
        {sections.map((section, index) => (
          <List
            key={section.title ?? index}
            dense
            sx={{ px: 3, pb: 2 }}
            subheader={
              section.title ? (
                <ListSubheader
                  disableSticky
                  sx={{
                    bgcolor: 'transparent',
                    color: 'sidebar.muted',
                    fontSize: '0.6875rem',
                    fontWeight: 700,
                    letterSpacing: '0.08em',
                    textTransform: 'uppercase',
                    // An organization's name may take two lines: they stay together.
                    lineHeight: 1.45,
                    pt: 2,
                    pb: 1.5,
                    px: 3,
                  }}
                >
                  {section.title}
                </ListSubheader>
              ) : undefined
            }
          >
            {section.items.map((item) => (
              <ListItem key={item.label} disablePadding>
                <ListItemButton
                  component={Link}
                  to={item.href}
                  className={item.area === area ? 'active' : undefined}
                  aria-current={item.area === area ? 'page' : undefined}
                  onClick={onNavigate}
                  sx={{
                    borderRadius: 2,
                    mb: 1,
                    width: '100%',
                    px: 3,
                    py: 2,
                    color: 'sidebar.text',
                    '& .MuiListItemIcon-root': { color: 'sidebar.muted', minWidth: 36 },
                    '&.active': {
                      bgcolor: 'sidebar.activeBackground',
                      color: 'sidebar.activeText',
                      '& .MuiListItemIcon-root': { color: 'sidebar.activeText' },
                      '& .MuiListItemText-primary': { fontWeight: 700 },
                    },
                  }}
                >
                  <ListItemIcon>{item.icon}</ListItemIcon>
                  <ListItemText
                    primary={item.label}
                    slotProps={{ primary: { sx: { fontSize: '0.875rem', fontWeight: 600 } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        ))}
      </Box>
      {profile ? (
        <Box sx={{ px: 6, py: 4, borderTop: 1, borderColor: 'divider' }}>
          <Typography variant="caption" sx={{ color: 'sidebar.muted', display: 'block' }}>
            {intl.formatMessage({ id: acting ? 'shell.actingIn' : 'shell.organization' })}
          </Typography>
          <Typography
            sx={{ fontWeight: 700, color: 'sidebar.text' }}
            noWrap
            title={acting?.name ?? profile.organizationName}
          >
            {acting?.name ?? profile.organizationName}
          </Typography>
          <RoleChip roleId={profile.roleId} sx={{ mt: 2, height: 22, fontSize: '0.6875rem' }} />
        </Box>
      ) : null}
    </Box>
  );
}

export default SidebarContent;
