import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@laurel/contract/constants';
import { NEW_PASSWORD_RULES, type PasswordRule } from '@laurel/contract/sign-in-fields';
import { FormattedMessage, useIntl } from 'react-intl';

import { visuallyHidden } from '../feedback/visually-hidden';

/** Between the rule and whether it is met. */
const SPACE = ' ';

const RULE_TEXT = {
  length: 'components.passwordChecklist.length',
  lowercase: 'components.passwordChecklist.lowercase',
  uppercase: 'components.passwordChecklist.uppercase',
  digit: 'components.passwordChecklist.digit',
} as const satisfies Record<PasswordRule['id'], string>;

/** The password requirements, each ticked as soon as it is met. */
export function PasswordChecklist({
  password,
  rules = NEW_PASSWORD_RULES,
}: {
  password: string;
  rules?: readonly PasswordRule[];
}) {
  const intl = useIntl();
  return (
    <List
      dense
      disablePadding
      aria-label={intl.formatMessage({ id: 'components.passwordChecklist.label' })}
      sx={{ display: 'grid', columnGap: 4, gridTemplateColumns: { sm: '1fr 1fr' } }}
    >
      {rules.map((rule) => {
        const met = rule.test(password);
        const Icon = met ? CheckCircle : RadioButtonUnchecked;
        return (
          <ListItem key={rule.id} disableGutters disablePadding>
            <ListItemIcon sx={{ minWidth: 24, color: met ? 'success.main' : 'text.secondary' }}>
              <Icon sx={{ fontSize: 16 }} />
            </ListItemIcon>
            <ListItemText
              sx={{ my: 0.25 }}
              primary={
                <>
                  <FormattedMessage
                    id={RULE_TEXT[rule.id]}
                    values={{ min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }}
                  />
                  <Box component="span" sx={visuallyHidden}>
                    {SPACE}
                    <FormattedMessage id="components.passwordChecklist.met" values={{ met }} />
                  </Box>
                </>
              }
              slotProps={{
                primary: { variant: 'body2', color: met ? 'text.primary' : 'text.secondary' },
              }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
