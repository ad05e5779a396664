import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

import { TextInput } from './text-input';

export interface OneTimeCodeFieldProps {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: ReactNode;
  label?: string;
  autoFocus?: boolean;
  /** How many digits the code has. */
  length?: number;
}

/**
 * A 6-digit (or `length`-digit) code input that keeps only digits and lets phones offer the code; takes a form's
 * `textField('code')` binding.
 */
export function OneTimeCodeField({ onChange, label, length = 6, ...props }: OneTimeCodeFieldProps) {
  const intl = useIntl();
  return (
    <TextInput
      {...props}
      label={label ?? intl.formatMessage({ id: 'components.oneTimeCode.label' })}
      name="code"
      autoComplete="one-time-code"
      onChange={(event) =>
        onChange({ target: { value: event.target.value.replace(/\D/g, '').slice(0, length) } })
      }
      inputProps={{ inputMode: 'numeric', pattern: '[0-9]*', maxLength: length }}
      sx={{ '& input': { letterSpacing: '0.4em', fontSize: '1.25rem', fontWeight: 700 } }}
    />
  );
}
