import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useIntl } from 'react-intl';
import { ROLE_COLORS } from '@laurel/contract/roles';

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
  const intl = useIntl();
  const profile = user?.profile;
  if (!profile) return <FullPageLoader />;
  return (
    <>
      <PageHeader
        title={intl.formatMessage({ id: 'profile.title' })}
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
            label={intl.formatMessage(
              { id: 'profile.roleInOrganization' },
              {
                role: intl.formatMessage({ id: `roles.${profile.roleId}` }),
                organization: profile.organizationName,
              },
            )}
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
        <SectionCard
          title={intl.formatMessage({ id: 'profile.personalDetails' })}
          description={intl.formatMessage({ id: 'profile.personalDetailsDescription' })}
        >
          <ProfileForm key={profile.id} profile={profile} />
        </SectionCard>
        <Box sx={{ display: 'grid', gap: 6 }}>
          <SectionCard
            title={intl.formatMessage({ id: 'profile.password' })}
            description={intl.formatMessage({ id: 'profile.passwordDescription' })}
          >
            <ChangePasswordForm />
          </SectionCard>
          <SectionCard
            title={intl.formatMessage({ id: 'profile.twoStep' })}
            description={intl.formatMessage({ id: 'profile.twoStepDescription' })}
          >
            <AuthenticatorForm />
          </SectionCard>
          <SectionCard
            title={intl.formatMessage({ id: 'profile.passkeys.title' })}
            description={intl.formatMessage({ id: 'profile.passkeys.description' })}
          >
            <PasskeysForm />
          </SectionCard>
        </Box>
      </Box>
    </>
  );
}
