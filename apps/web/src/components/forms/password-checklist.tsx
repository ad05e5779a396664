import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../feedback/visually-hidden';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';

import { NEW_PASSWORD_RULES, type PasswordRule } from '../../lib/auth/password-rules';

/** The password requirements, each ticked as soon as it is met. */
export function PasswordChecklist({
  password,
  rules = NEW_PASSWORD_RULES,
}: {
  password: string;
  rules?: PasswordRule[];
}) {
  return (
    <Box
      component="ul"
      aria-label="Password requirements"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { sm: '1fr 1fr' },
      }}
    >
      {rules.map((rule) => {
        const met = rule.test(password);
        return (
          <Box
            component="li"
            key={rule.id}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              color: met ? 'success.main' : 'text.secondary',
            }}
          >
            {met ? (
              <CheckCircle sx={{ fontSize: 16 }} />
            ) : (
              <RadioButtonUnchecked sx={{ fontSize: 16 }} />
            )}
            <Typography
              variant="body2"
              component="span"
              sx={{ color: met ? 'text.primary' : 'text.secondary' }}
            >
              {rule.label}
              <Box component="span" sx={visuallyHidden}>
                {met ? ' (met)' : ' (not met yet)'}
              </Box>
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
