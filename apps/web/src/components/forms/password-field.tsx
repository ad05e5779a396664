import { useState } from 'react';
import { useIntl } from 'react-intl';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';

import { TextInput, type TextInputProps } from './text-input';

/** A password input with a show/hide button. */
export function PasswordField(props: Omit<TextInputProps, 'type' | 'endAdornment'>) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={intl.formatMessage({
              id: visible ? 'components.password.hide' : 'components.password.show',
            })}
            onClick={() => setVisible((value) => !value)}
            onMouseDown={(event) => event.preventDefault()}
            edge="end"
            size="small"
          >
            {visible ? (
              <VisibilityOffOutlined fontSize="small" />
            ) : (
              <VisibilityOutlined fontSize="small" />
            )}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
