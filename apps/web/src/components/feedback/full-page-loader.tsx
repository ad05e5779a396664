import { useIntl } from 'react-intl';

import { Progress } from '../plain/progress';
import styles from '../plain/plain.module.css';

/** What a screen shows while its code or data arrive; drawn without MUI, which may be among them. */
export function FullPageLoader({ label }: { label?: string }) {
  const intl = useIntl();
  return (
    <div className={styles.page} role="status" aria-live="polite">
      <Progress label={label ?? intl.formatMessage({ id: 'components.loading' })} />
    </div>
  );
}
