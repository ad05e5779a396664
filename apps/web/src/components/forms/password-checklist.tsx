import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { NEW_PASSWORD_RULES, type PasswordRule } from '@laurel/contract/sign-in-fields';

import { visuallyHidden } from '../feedback/visually-hidden';

/** The password requirements, each ticked as soon as it is met. */
export function PasswordChecklist({
  password,
  rules = NEW_PASSWORD_RULES,
}: {
  password: string;
  rules?: readonly PasswordRule[];
}) {
  return (
    <List
      dense
      disablePadding
      aria-label="Password requirements"
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
                  {rule.label}
                  <Box component="span" sx={visuallyHidden}>
                    {met ? ' (met)' : ' (not met yet)'}
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
