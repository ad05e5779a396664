import { useId } from 'react';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useColorScheme } from '@mui/material/styles';
import CheckCircle from '@mui/icons-material/CheckCircle';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import SettingsBrightnessOutlined from '@mui/icons-material/SettingsBrightnessOutlined';
import type { ThemeName } from '@laurel/contract/constants';

import { visuallyHidden } from '../../../components/feedback/visually-hidden';
import { PageHeader } from '../../../components/layout/page-header';
import { SectionCard } from '../../../components/layout/section-card';
import { THEME_CHOICES, THEME_VARIANTS } from '../../../lib/theme/theme-variants';
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
        <SectionCard
          title="Appearance"
          description="Light or dark, or the same as your device's setting."
        >
          <ToggleButtonGroup
            exclusive
            value={mode ?? 'system'}
            onChange={(_event, next: Mode | null) => next && setMode(next)}
            aria-label="Appearance"
            sx={{
              flexWrap: 'wrap',
              '& .MuiToggleButton-root': {
                // The three fit on one line at 390 px.
                px: { xs: 3, sm: 5 },
                py: 2,
                gap: 2,
                textTransform: 'none',
                fontWeight: 700,
              },
            }}
          >
            <ToggleButton value="light">
              <LightModeOutlined fontSize="small" /> Light
            </ToggleButton>
            <ToggleButton value="dark">
              <DarkModeOutlined fontSize="small" /> Dark
            </ToggleButton>
            <ToggleButton value="system">
              <SettingsBrightnessOutlined fontSize="small" /> Match system
            </ToggleButton>
          </ToggleButtonGroup>
          {mode === 'system' || mode === undefined ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
              Your device is set to {resolvedMode} now; Laurel follows it when it changes.
            </Typography>
          ) : null}
        </SectionCard>
        <SectionCard
          title="Colour theme"
          description="Colours of the header, the sidebar, buttons and links. Each theme has a light and a dark version."
        >
          <Box
            role="radiogroup"
            aria-label="Colour theme"
            sx={{
              display: 'grid',
              gap: 4,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
            }}
          >
            {THEME_CHOICES.map((name) => (
              <ThemeChoice
                key={name}
                name={name}
                mode={resolvedMode}
                checked={variant === name}
                onChoose={() => setVariant(name)}
              />
            ))}
          </Box>
        </SectionCard>
      </Box>
    </>
  );
}

/**
 * One theme as a card around a native radio button, so that arrow keys move between themes and
 * screen readers hear "Blue, radio button, 4 of 6" with the description after it.
 */
function ThemeChoice({
  name,
  mode,
  checked,
  onChoose,
}: {
  name: ThemeName;
  mode: 'light' | 'dark';
  checked: boolean;
  onChoose: () => void;
}) {
  const themeVariant = THEME_VARIANTS[name];
  const colors = themeVariant[mode];
  const labelId = useId();
  const descriptionId = useId();
  return (
    <Box
      component="label"
      sx={{
        display: 'block',
        cursor: 'pointer',
        borderRadius: 2.5,
        border: 2,
        borderColor: checked ? 'primary.main' : 'divider',
        overflow: 'hidden',
        bgcolor: 'background.paper',
        '&:hover': { borderColor: checked ? 'primary.main' : 'text.secondary' },
        '&:has(input:focus-visible)': {
          outline: '3px solid',
          outlineColor: 'primary.main',
          outlineOffset: 2,
        },
      }}
    >
      <Box
        component="input"
        type="radio"
        name="colour-theme"
        value={name}
        checked={checked}
        onChange={onChoose}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        sx={visuallyHidden}
      />
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
            <Box sx={{ height: 10, width: 44, borderRadius: 1, bgcolor: colors.primary.main }} />
          </Box>
        </Box>
      </Box>
      <Box sx={{ p: 4, display: 'flex', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flex: 1 }}>
          <Typography id={labelId} sx={{ fontWeight: 700 }}>
            {themeVariant.label}
          </Typography>
          <Typography id={descriptionId} variant="body2" color="text.secondary">
            {themeVariant.description}
          </Typography>
        </Box>
        {checked ? <CheckCircle color="primary" fontSize="small" aria-hidden="true" /> : null}
      </Box>
    </Box>
  );
}
