import { useState } from 'react';
import { useIntl } from 'react-intl';

import { Icon } from './icons';
import styles from './plain.module.css';
import { TextField, type TextFieldProps } from './text-field';

/** A password input with a show/hide button (`components/forms/password-field.tsx` without MUI). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'endAdornment'>) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          className={styles.iconButton}
          aria-label={intl.formatMessage({
            id: visible ? 'components.password.hide' : 'components.password.show',
          })}
          onClick={() => setVisible((value) => !value)}
          // Keeps the focus (and the caret) in the field.
          onMouseDown={(event) => event.preventDefault()}
        >
          <Icon name={visible ? 'visibilityOff' : 'visibility'} />
        </button>
      }
    />
  );
}
