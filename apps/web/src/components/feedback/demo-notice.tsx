import { FormattedMessage } from 'react-intl';

import { useAppConfig } from '../../lib/api/app-config';
import { Alert } from '../plain/alert';
import styles from '../plain/plain.module.css';

/** Shown on every page while the deployment runs in demo mode (DESIGN §5). */
export function DemoNotice() {
  const { data } = useAppConfig();
  if (!data?.demoMode) return null;
  return (
    <Alert severity="info" role="status" className={styles.banner}>
      <FormattedMessage id="messages.demoNotice" />
    </Alert>
  );
}
