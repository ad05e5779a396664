import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';

import { paths } from '../../../lib/routing/paths';
import { selectImpersonatedOrganization } from '../../../lib/impersonation/impersonation-slice';

/** Under the header while a platform admin acts within an organization: "Acting in … — Stop". */
export function ImpersonationBanner() {
  const organization = useSelector(selectImpersonatedOrganization);
  const navigate = useNavigate();
  if (!organization) return null;
  // The platform admin's own view of the organization: leaving the acting route stops acting
  // (useImpersonationSync), which the server records.
  const stop = () => navigate(paths.adminOrganization.getHref(organization.id));
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        // On a phone a long name wraps within its own box and Stop stays beside it.
        gap: { xs: 1.5, sm: 2 },
        px: { xs: 2, sm: 4 },
        py: 1.5,
        bgcolor: 'warning.main',
        color: 'warning.contrastText',
      }}
    >
      <SupervisorAccountOutlined fontSize="small" aria-hidden="true" sx={{ flexShrink: 0 }} />
      <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
        Acting in <strong>{organization.name}</strong>
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {' — '}
        </Box>
      </Typography>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        onClick={stop}
        sx={{ py: 0, minWidth: 0, flexShrink: 0, fontWeight: 700 }}
      >
        Stop
      </Button>
    </Box>
  );
}
