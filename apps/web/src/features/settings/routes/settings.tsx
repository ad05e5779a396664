import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useColorScheme } from '@mui/material/styles';
import CheckCircle from '@mui/icons-material/CheckCircle';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import SettingsBrightnessOutlined from '@mui/icons-material/SettingsBrightnessOutlined';
import { THEME_NAMES } from '@laurel/contract/constants';

import { PageHeader } from '../../../components/layout/page-header';
import { SectionCard } from '../../../components/layout/section-card';
import { THEME_VARIANTS } from '../../../lib/theme/theme-variants';
import { useThemeVariant } from '../../../lib/theme/theme-variant-context';

type Mode = 'system' | 'light' | 'dark';

export default function SettingsRoute() {
  const { mode, systemMode, setMode } = useColorScheme();
  const { variant, setVariant } = useThemeVariant();
  const resolvedMode = (mode === 'system' ? systemMode : mode) ?? 'light';

  return (
    <>
      <PageHeader
        title="Settings"
        subtitle="How Laurel looks on this device. Choices are saved in this browser."
      />
      <Box sx={{ display: 'grid', gap: 6 }}>
        <SectionCard title="Mode" description="Light or dark, or follow your device's setting.">
          <ToggleButtonGroup
            exclusive
            value={mode ?? 'system'}
            onChange={(_event, next: Mode | null) => next && setMode(next)}
            aria-label="Colour mode"
            sx={{
              flexWrap: 'wrap',
              '& .MuiToggleButton-root': {
                px: 5,
                py: 2,
                gap: 2,
                textTransform: 'none',
                fontWeight: 700,
              },
            }}
          >
            <ToggleButton value="system">
              <SettingsBrightnessOutlined fontSize="small" /> System
            </ToggleButton>
            <ToggleButton value="light">
              <LightModeOutlined fontSize="small" /> Light
            </ToggleButton>
            <ToggleButton value="dark">
              <DarkModeOutlined fontSize="small" /> Dark
            </ToggleButton>
          </ToggleButtonGroup>
        </SectionCard>
        <SectionCard
          title="Theme"
          description="Colours of the header, the sidebar and the accents."
        >
          <Box
            role="radiogroup"
            aria-label="Theme"
            sx={{
              display: 'grid',
              gap: 4,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
            }}
          >
            {THEME_NAMES.map((name) => {
              const themeVariant = THEME_VARIANTS[name];
              const colors = themeVariant[resolvedMode];
              const selected = variant === name;
              return (
                <ButtonBase
                  key={name}
                  role="radio"
                  aria-checked={selected}
                  onClick={() => setVariant(name)}
                  sx={{
                    display: 'block',
                    textAlign: 'left',
                    borderRadius: 2.5,
                    border: 2,
                    borderColor: selected ? 'primary.main' : 'divider',
                    overflow: 'hidden',
                    bgcolor: 'background.paper',
                    '&:focus-visible': {
                      outline: '3px solid',
                      outlineColor: 'primary.main',
                      outlineOffset: 2,
                    },
                  }}
                >
                  <Box
                    aria-hidden="true"
                    sx={{
                      height: 72,
                      display: 'grid',
                      gridTemplateRows: '18px 1fr',
                      borderBottom: 1,
                      borderColor: 'divider',
                    }}
                  >
                    <Box
                      sx={{
                        bgcolor: colors.header.background,
                        borderBottom: `1px solid ${colors.header.border}`,
                      }}
                    />
                    <Box sx={{ display: 'grid', gridTemplateColumns: '30% 1fr' }}>
                      <Box
                        sx={{
                          bgcolor: colors.sidebar.background,
                          p: 1.5,
                          borderRight: 1,
                          borderColor: 'divider',
                        }}
                      >
                        <Box
                          sx={{
                            height: 6,
                            width: '70%',
                            borderRadius: 1,
                            bgcolor: colors.sidebar.activeText,
                            opacity: 0.9,
                          }}
                        />
                        <Box
                          sx={{
                            height: 6,
                            width: '55%',
                            borderRadius: 1,
                            bgcolor: colors.sidebar.muted,
                            mt: 1.5,
                            opacity: 0.6,
                          }}
                        />
                      </Box>
                      <Box sx={{ bgcolor: 'background.default', p: 2 }}>
                        <Box
                          sx={{
                            height: 10,
                            width: 44,
                            borderRadius: 1,
                            bgcolor: colors.primary.main,
                          }}
                        />
                      </Box>
                    </Box>
                  </Box>
                  <Box sx={{ p: 4, display: 'flex', alignItems: 'flex-start', gap: 2 }}>
                    <Box sx={{ flex: 1 }}>
                      <Typography sx={{ fontWeight: 700 }}>{themeVariant.label}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {themeVariant.description}
                      </Typography>
                    </Box>
                    {selected ? <CheckCircle color="primary" fontSize="small" /> : null}
                  </Box>
                </ButtonBase>
              );
            })}
          </Box>
        </SectionCard>
      </Box>
    </>
  );
}
