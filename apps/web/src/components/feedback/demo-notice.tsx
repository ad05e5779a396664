import Alert from '@mui/material/Alert';
import { MESSAGES } from '@laurel/contract/messages';

import { useAppConfig } from '../../lib/api/app-config';

/** Shown on every page while the deployment runs in demo mode (DESIGN §5). */
export function DemoNotice() {
  const { data } = useAppConfig();
  if (!data?.demoMode) return null;
  return (
    <Alert
      severity="info"
      variant="standard"
      role="status"
      sx={{ borderRadius: 0, justifyContent: 'center', py: 0, '& .MuiAlert-message': { py: 1.5 } }}
    >
      {MESSAGES.demoNotice}
    </Alert>
  );
}
