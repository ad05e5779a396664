import type { ReactNode } from 'react';

import { Icon } from './icons';
import styles from './plain.module.css';

export type AlertSeverity = 'info' | 'warning' | 'error';

/** A message in the colours of its severity, as MUI's standard `Alert` shows it. */
export function Alert({
  severity,
  icon,
  role = 'alert',
  className,
  children,
}: {
  severity: AlertSeverity;
  /** Instead of the severity's icon. */
  icon?: ReactNode;
  /** `alert` (read out at once) as MUI's, or `status` for a standing notice. */
  role?: 'alert' | 'status';
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role={role}
      data-severity={severity}
      className={className ? `${styles.alert} ${className}` : styles.alert}
    >
      <div className={styles.alertIcon}>{icon ?? <Icon name={severity} size="inherit" />}</div>
      <div className={styles.alertMessage}>{children}</div>
    </div>
  );
}
