import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { ROLE_COLORS, ROLE_LABELS } from '@laurel/contract/roles';

import { FullPageLoader } from '../../../components/feedback/full-page-loader';
import { PageHeader } from '../../../components/layout/page-header';
import { SectionCard } from '../../../components/layout/section-card';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthenticatorForm } from '../components/authenticator-form';
import { ChangePasswordForm } from '../components/change-password-card';
import { PasskeysForm } from '../components/passkeys-form';
import { ProfileForm } from '../components/profile-form';

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
            // A long organization name wraps inside the chip rather than past the screen's edge.
            sx={{
              fontWeight: 700,
              maxWidth: '100%',
              height: 'auto',
              minHeight: 32,
              '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
            }}
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
        <SectionCard title="Personal details" description="How your name appears to colleagues.">
          <ProfileForm key={profile.id} profile={profile} />
        </SectionCard>
        <Box sx={{ display: 'grid', gap: 6 }}>
          <SectionCard title="Password" description="Change the password you sign in with.">
            <ChangePasswordForm />
          </SectionCard>
          <SectionCard
            title="Two-step verification"
            description="Ask for a code from an authenticator app at each sign-in."
          >
            <AuthenticatorForm />
          </SectionCard>
          <SectionCard
            title="Passkeys"
            description="Sign in without your password, with your fingerprint, face or screen lock."
          >
            <PasskeysForm />
          </SectionCard>
        </Box>
      </Box>
    </>
  );
}
