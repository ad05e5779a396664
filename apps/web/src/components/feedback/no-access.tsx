import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';

import { usePageTitle } from '../../lib/routing/page-title';
import { paths } from '../../lib/routing/paths';

export interface NoAccessProps {
  title?: string;
  description?: string;
}

/**
 * What people see when a page does not exist or is not theirs to open. The two are one screen on
 * purpose: the server answers 404 for other organizations' records, so ids reveal nothing.
 */
export function NoAccess(props: NoAccessProps) {
  const intl = useIntl();
  const title = props.title ?? intl.formatMessage({ id: 'components.noAccess.title' });
  const description =
    props.description ?? intl.formatMessage({ id: 'components.noAccess.description' });
  usePageTitle(title);
  return (
    <Box
      sx={{ minHeight: '55vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 6 }}
    >
      <Box sx={{ maxWidth: 520 }}>
        <Box
          aria-hidden="true"
          sx={{
            width: 64,
            height: 64,
            mx: 'auto',
            mb: 4,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'text.secondary',
            '& svg': { fontSize: 32 },
          }}
        >
          <SearchOffOutlined />
        </Box>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 6 }}>
          {description}
        </Typography>
        <Button variant="contained" component={RouterLink} to={paths.home.getHref()}>
          <FormattedMessage id="components.noAccess.toDashboard" />
        </Button>
      </Box>
    </Box>
  );
}
