import { Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { HEADER_COLOR } from '@laurel/contract/constants';

import { Logo } from '../../../components/brand/logo';
import { DemoNotice } from '../../../components/feedback/demo-notice';
import { FullPageLoader } from '../../../components/feedback/full-page-loader';
import { useAppConfig } from '../../../lib/api/app-config';

const HIGHLIGHTS = [
  'Every credential you award, and what happened next for the people who earned it.',
  'Earnings and employment before and after the award year.',
  'Contracts, users and audits for your organization in one place.',
];

/** The frame of every sign-in screen: a brand panel on wide screens and the form. */
export default function AuthLayout() {
  const { data: config, isLoading: configLoading } = useAppConfig();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <DemoNotice />
      <Box
        sx={{
          flex: 1,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(360px, 5fr) 7fr' },
        }}
      >
        <Box
          component="section"
          aria-label="About Laurel"
          sx={{
            display: { xs: 'none', md: 'flex' },
            flexDirection: 'column',
            justifyContent: 'space-between',
            p: { md: 12, lg: 16 },
            color: '#ffffff',
            background: `radial-gradient(120% 80% at 0% 0%, #1d68b8 0%, ${HEADER_COLOR} 55%, #0a3766 100%)`,
            position: 'relative',
            overflow: 'hidden',
          }}
        >
          <Logo size={34} />
          <Box sx={{ maxWidth: 440, position: 'relative' }}>
            <Typography
              component="p"
              sx={{ fontSize: '1.875rem', fontWeight: 900, lineHeight: 1.2, mb: 6 }}
            >
              See what your credentials are worth.
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 4 }}>
              {HIGHLIGHTS.map((text) => (
                <Box
                  component="li"
                  key={text}
                  sx={{ display: 'flex', gap: 3, fontSize: '0.9375rem', lineHeight: 1.5 }}
                >
                  <Box
                    aria-hidden="true"
                    sx={{
                      mt: '7px',
                      width: 8,
                      height: 8,
                      borderRadius: '50%',
                      bgcolor: '#9cc1f2',
                      flexShrink: 0,
                    }}
                  />
                  {text}
                </Box>
              ))}
            </Box>
          </Box>
          <Typography variant="body2" sx={{ color: 'rgba(255,255,255,0.85)' }}>
            © {new Date().getFullYear()} Laurel
          </Typography>
        </Box>
        <Box
          component="main"
          sx={{
            bgcolor: 'background.paper',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            px: { xs: 5, sm: 8 },
            py: { xs: 8, md: 12 },
          }}
        >
          <Box sx={{ display: { xs: 'flex', md: 'none' }, color: 'primary.main', mb: 8 }}>
            <Logo size={32} />
          </Box>
          <Box sx={{ width: '100%', maxWidth: 420 }}>
            <Suspense fallback={<FullPageLoader />}>
              <Outlet />
            </Suspense>
          </Box>
          {config?.supportEmail ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 10, textAlign: 'center' }}>
              Need help? <Link href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Link>
            </Typography>
          ) : configLoading ? (
            // Its line is kept while the address is on its way, so the centred form stays put.
            <Typography variant="body2" aria-hidden="true" sx={{ mt: 10, visibility: 'hidden' }}>
              &nbsp;
            </Typography>
          ) : null}
        </Box>
      </Box>
    </Box>
  );
}
