import { TextInput } from './text-input';

export const isOneTimeCode = (code: string) => /^\d{6}$/.test(code);

export interface OneTimeCodeFieldProps {
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  label?: string;
  autoFocus?: boolean;
}

/** A 6-digit code input that keeps only digits and lets phones offer the code. */
export function OneTimeCodeField({
  value,
  onChange,
  error,
  label = 'Verification code',
  autoFocus,
}: OneTimeCodeFieldProps) {
  return (
    <TextInput
      label={label}
      name="code"
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
      error={Boolean(error)}
      helperText={error}
      inputProps={{ inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 }}
      sx={{ '& input': { letterSpacing: '0.4em', fontSize: '1.25rem', fontWeight: 700 } }}
    />
  );
}
