import { FormattedMessage } from 'react-intl';
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
          {404}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
          <FormattedMessage id="notFound.title" />
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 6 }}>
          <FormattedMessage id="notFound.description" />
        </Typography>
        <Button variant="contained" component={RouterLink} to={paths.home.getHref()}>
          <FormattedMessage id="notFound.toDashboard" />
        </Button>
      </Box>
    </Box>
  );
}
