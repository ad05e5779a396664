import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';

import { PASSWORDLESS_LABELS } from './passwordless-labels';

/**
 * The password step's ways to sign in without the password. A module of its own: the e-mail step,
 * the first screen, does not show them, and it arrives while the e-mail address is checked.
 */
export default function PasswordlessAlternatives({
  disabled,
  onPasskey,
  onEmailCode,
}: {
  disabled: boolean;
  onPasskey: () => void;
  onEmailCode: () => void;
}) {
  return (
    <Box sx={{ mt: 5, display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Divider sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
        or, without your password
      </Divider>
      <Button
        variant="outlined"
        size="large"
        startIcon={<KeyOutlined />}
        onClick={onPasskey}
        disabled={disabled}
      >
        {PASSWORDLESS_LABELS.passkey}
      </Button>
      <Button
        variant="outlined"
        size="large"
        startIcon={<MailOutlined />}
        onClick={onEmailCode}
        disabled={disabled}
      >
        {PASSWORDLESS_LABELS.emailCode}
      </Button>
    </Box>
  );
}
