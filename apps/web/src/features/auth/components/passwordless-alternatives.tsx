import { FormattedMessage } from 'react-intl';

import { Button } from '../../../components/plain/button';
import { Icon } from '../../../components/plain/icons';
import dividerStyles from '../../../components/plain/plain.module.css';
import styles from './auth.module.css';

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
    <div className={styles.alternatives}>
      <div role="separator" className={dividerStyles.divider}>
        <span>
          <FormattedMessage id="auth.passwordless.separator" />
        </span>
      </div>
      <Button
        variant="outlined"
        size="large"
        startIcon={<Icon name="key" />}
        onClick={onPasskey}
        disabled={disabled}
      >
        <FormattedMessage id="auth.passwordless.passkey" />
      </Button>
      <Button
        variant="outlined"
        size="large"
        startIcon={<Icon name="mail" />}
        onClick={onEmailCode}
        disabled={disabled}
      >
        <FormattedMessage id="auth.passwordless.emailCode" />
      </Button>
    </div>
  );
}
