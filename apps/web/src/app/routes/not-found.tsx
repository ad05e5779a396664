import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import { paths } from '../../lib/routing/paths';

export default function NotFoundRoute() {
  return (
    <Box
      sx={{ minHeight: '70vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 6 }}
    >
      <Box>
        <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
          404
        </Typography>
        <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
          Page not found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 6 }}>
          The address may be mistyped, or the page has moved.
        </Typography>
        <Button variant="contained" component={RouterLink} to={paths.home.getHref()}>
          Go to the dashboard
        </Button>
      </Box>
    </Box>
  );
}
