import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

import styles from './plain.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value'> {
  label: string;
  value: string;
  helperText?: ReactNode;
  error?: boolean;
  /** Inside the outline, after the text (a button). */
  endAdornment?: ReactNode;
}

/** After a required field's label (a sign, the same in every language). */
const REQUIRED_MARK = ' *';
/** A helper text that only keeps its line. */
const BLANK = ' ';
const ZERO_WIDTH_SPACE = '\u200b';

/**
 * A labelled outlined text input, as `components/forms/text-input.tsx` (MUI's `OutlinedInput`
 * with its label and helper text) draws it: the label floats into the outline's notch once the
 * field has focus or text; the helper text describes the input and says what is wrong.
 */
export function TextField({
  label,
  helperText,
  error = false,
  endAdornment,
  id,
  onFocus,
  onBlur,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  const [focused, setFocused] = useState(false);
  const shrink = focused || inputProps.value !== '';
  return (
    <div
      className={styles.field}
      data-shrink={shrink ? '' : undefined}
      data-error={error ? '' : undefined}
    >
      <label className={styles.label} htmlFor={inputId}>
        {label}
        {inputProps.required ? REQUIRED_MARK : null}
      </label>
      <div className={styles.control} data-end={endAdornment ? '' : undefined}>
        <input
          id={inputId}
          className={styles.input}
          aria-invalid={error || undefined}
          aria-describedby={helperId}
          onFocus={(event) => {
            setFocused(true);
            onFocus?.(event);
          }}
          onBlur={(event) => {
            setFocused(false);
            onBlur?.(event);
          }}
          {...inputProps}
        />
        {endAdornment ? <div className={styles.adornment}>{endAdornment}</div> : null}
        <fieldset aria-hidden="true" className={styles.outline}>
          <legend className={styles.legend}>
            <span>{inputProps.required ? label + REQUIRED_MARK : label}</span>
          </legend>
        </fieldset>
      </div>
      {helperText ? (
        <p id={helperId} className={styles.helper}>
          {/* A blank message keeps its line (as MUI's helper text does), so nothing moves. */}
          {helperText === BLANK ? <span aria-hidden="true">{ZERO_WIDTH_SPACE}</span> : helperText}
        </p>
      ) : null}
    </div>
  );
}
