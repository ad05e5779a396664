import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ROLE_COLORS, ROLE_LABELS } from '@laurel/contract/roles';

import { FullPageLoader } from '../../../components/feedback/full-page-loader';
import { PageHeader } from '../../../components/layout/page-header';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthenticatorForm } from '../components/authenticator-form';
import { ChangePasswordForm } from '../components/change-password-card';
import { ProfileForm } from '../components/profile-form';

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ p: { xs: 5, md: 6 }, '&:last-child': { pb: { xs: 5, md: 6 } } }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 5 }}>
          {description}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export default function ProfileRoute() {
  const { user } = useAuth();
  const profile = user?.profile;
  if (!profile) return <FullPageLoader />;
  return (
    <>
      <PageHeader
        title="Your profile"
        subtitle={profile.email}
        actions={
          <Chip
            variant="outlined"
            icon={
              <Box
                component="span"
                aria-hidden="true"
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  bgcolor: ROLE_COLORS[profile.roleId],
                  ml: '10px !important',
                }}
              />
            }
            label={`${ROLE_LABELS[profile.roleId]} · ${profile.organizationName}`}
            sx={{ fontWeight: 700, maxWidth: '100%' }}
          />
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 6,
          gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' },
          alignItems: 'start',
        }}
      >
        <Section title="Personal details" description="How your name appears to colleagues.">
          <ProfileForm key={profile.id} profile={profile} />
        </Section>
        <Box sx={{ display: 'grid', gap: 6 }}>
          <Section title="Password" description="Change the password you sign in with.">
            <ChangePasswordForm />
          </Section>
          <Section
            title="Two-step verification"
            description="Ask for a code from an authenticator app at each sign-in."
          >
            <AuthenticatorForm />
          </Section>
        </Box>
      </Box>
    </>
  );
}
