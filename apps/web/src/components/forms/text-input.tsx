import { useId, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export interface TextInputProps extends Omit<OutlinedInputProps, 'label' | 'error'> {
  label: string;
  helperText?: ReactNode;
  error?: boolean | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

/** After a required field's label (a sign, the same in every language). */
const REQUIRED_MARK = ' *';

/**
 * A labelled outlined text input. Same look as MUI's TextField, without the select machinery
 * that TextField always brings along, so that the sign-in screens stay small.
 */
export function TextInput({
  label,
  helperText,
  error,
  required,
  fullWidth = true,
  id,
  ...inputProps
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={error} required={required}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        label={required ? label + REQUIRED_MARK : label}
        aria-describedby={helperId}
        {...inputProps}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
