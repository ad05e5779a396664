import { useContext, useId, useState } from 'react';
import { createIntl, FormattedMessage, useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useColorScheme } from '@mui/material/styles';
import CheckCircle from '@mui/icons-material/CheckCircle';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import SettingsBrightnessOutlined from '@mui/icons-material/SettingsBrightnessOutlined';
import type { ThemeName } from '@laurel/contract/constants';
import { API_PATHS } from '@laurel/contract/paths';
import type { TProfile } from '@laurel/contract/profile';
import { ROLES } from '@laurel/contract/roles';

import { visuallyHidden } from '../../../components/feedback/visually-hidden';
import { PageHeader } from '../../../components/layout/page-header';
import { SectionCard } from '../../../components/layout/section-card';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { apiRequest } from '../../../lib/api/request';
import { AuthContext } from '../../../lib/auth/auth-context';
import { chooseLanguage, loadCatalogue } from '../../../lib/i18n/catalogue';
import { useLanguage } from '../../../lib/i18n/i18n-provider';
import { LANGUAGES, LOCALES, type Language } from '../../../lib/i18n/language';
import { saveProfileLanguage } from '../../../lib/i18n/profile-language';
import { THEME_CHOICES, THEME_VARIANTS } from '../../../lib/theme/theme-variants';
import { useThemeVariant } from '../../../lib/theme/theme-variant-context';

type Mode = 'system' | 'light' | 'dark';

export default function SettingsRoute() {
  const { mode, systemMode, setMode } = useColorScheme();
  const { variant, setVariant } = useThemeVariant();
  const resolvedMode = (mode === 'system' ? systemMode : mode) ?? 'light';
  const intl = useIntl();

  return (
    <>
      <PageHeader
        title={intl.formatMessage({ id: 'settings.title' })}
        subtitle={intl.formatMessage({ id: 'settings.subtitle' })}
      />
      <Box sx={{ display: 'grid', gap: 6 }}>
        <LanguageChoice />
        <InsightsDigestChoice />
        <SectionCard
          title={intl.formatMessage({ id: 'settings.appearance' })}
          description={intl.formatMessage({ id: 'settings.appearanceDescription' })}
        >
          <ToggleButtonGroup
            exclusive
            value={mode ?? 'system'}
            onChange={(_event, next: Mode | null) => next && setMode(next)}
            aria-label={intl.formatMessage({ id: 'settings.appearance' })}
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
              <LightModeOutlined fontSize="small" /> <FormattedMessage id="settings.light" />
            </ToggleButton>
            <ToggleButton value="dark">
              <DarkModeOutlined fontSize="small" /> <FormattedMessage id="settings.dark" />
            </ToggleButton>
            <ToggleButton value="system">
              <SettingsBrightnessOutlined fontSize="small" />
              <FormattedMessage id="settings.matchSystem" />
            </ToggleButton>
          </ToggleButtonGroup>
          {mode === 'system' || mode === undefined ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
              <FormattedMessage id="settings.deviceMode" values={{ mode: resolvedMode }} />
            </Typography>
          ) : null}
        </SectionCard>
        <SectionCard
          title={intl.formatMessage({ id: 'settings.colourTheme' })}
          description={intl.formatMessage({ id: 'settings.colourThemeDescription' })}
        >
          <Box
            role="radiogroup"
            aria-label={intl.formatMessage({ id: 'settings.colourTheme' })}
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
 * English or Spanish: applied at once, kept in this browser and, for a signed-in person, on their
 * profile (the language of their e-mails and reports, and of their next sign-in elsewhere).
 */
function LanguageChoice() {
  const intl = useIntl();
  const language = useLanguage();
  // Settings is also open before sign-in: then the choice is kept in this browser only.
  const isAuthenticated = useContext(AuthContext)?.isAuthenticated ?? false;
  const { showSnackbar } = useSnackbar();
  const choose = async (next: Language) => {
    try {
      await chooseLanguage(next);
    } catch {
      showSnackbar(intl.formatMessage({ id: 'settings.languageNotLoaded' }), 'error');
      return;
    }
    if (!isAuthenticated) return;
    try {
      await saveProfileLanguage(next);
    } catch {
      // The choice holds in this browser; the profile keeps the former one. Said in the language
      // just chosen (this render's `intl` still speaks the former).
      const messages = await loadCatalogue(next);
      const chosen = createIntl({ locale: LOCALES[next], messages });
      showSnackbar(chosen.formatMessage({ id: 'settings.languageNotSaved' }), 'warning');
    }
  };
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'settings.language' })}
      description={intl.formatMessage({ id: 'settings.languageDescription' })}
    >
      <ToggleButtonGroup
        exclusive
        value={language}
        onChange={(_event, next: Language | null) => {
          if (next) void choose(next);
        }}
        aria-label={intl.formatMessage({ id: 'settings.language' })}
        sx={{
          flexWrap: 'wrap',
          '& .MuiToggleButton-root': { px: 5, py: 2, textTransform: 'none', fontWeight: 700 },
        }}
      >
        {LANGUAGES.map((option) => (
          // Each language is named in itself, so that anyone finds their own.
          <ToggleButton key={option} value={option} lang={option}>
            {intl.formatMessage({ id: `settings.languageName.${option}` })}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </SectionCard>
  );
}

/**
 * The monthly insights digest, for organization admins only: saved on the profile at once; when
 * the profile could not keep it, the switch goes back and says so.
 */
function InsightsDigestChoice() {
  const intl = useIntl();
  const auth = useContext(AuthContext);
  const profile = auth?.user?.profile ?? null;
  const { showSnackbar } = useSnackbar();
  // What this visit chose or last heard from the server; the profile's own value until then (it
  // may arrive after the first render).
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  const descriptionId = useId();
  if (profile?.roleId !== ROLES.ORGANIZATION_ADMIN) return null;
  const checked = chosen ?? profile.insightsDigest;
  const save = async (insightsDigest: boolean) => {
    const before = checked;
    setChosen(insightsDigest);
    setSaving(true);
    try {
      const updated = await apiRequest<TProfile>(API_PATHS.profileInsightsDigest, {
        method: 'PUT',
        body: { insightsDigest },
      });
      setChosen(updated.insightsDigest);
      auth?.updateProfile(updated);
    } catch {
      setChosen(before);
      showSnackbar(intl.formatMessage({ id: 'settings.insightsDigestNotSaved' }), 'error');
    } finally {
      setSaving(false);
    }
  };
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'settings.email' })}
      description={intl.formatMessage({ id: 'settings.emailDescription' })}
    >
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={saving}
            onChange={(_event, next) => void save(next)}
            slotProps={{ input: { 'aria-describedby': descriptionId } }}
          />
        }
        label={intl.formatMessage({ id: 'settings.insightsDigest' })}
        sx={{ '& .MuiFormControlLabel-label': { fontWeight: 700 } }}
      />
      <Typography id={descriptionId} variant="body2" color="text.secondary">
        {intl.formatMessage({ id: 'settings.insightsDigestDescription' })}
      </Typography>
    </SectionCard>
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
  const intl = useIntl();
  const colors = THEME_VARIANTS[name][mode];
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
            {intl.formatMessage({ id: `settings.theme.${name}` })}
          </Typography>
          <Typography id={descriptionId} variant="body2" color="text.secondary">
            {intl.formatMessage({ id: `settings.theme.${name}.description` })}
          </Typography>
        </Box>
        {checked ? <CheckCircle color="primary" fontSize="small" aria-hidden="true" /> : null}
      </Box>
    </Box>
  );
}
