import type { ReactNode } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid, { type GridSize } from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

import { useFormContext } from './form-context';

export type Breakpoints = GridSize | { xs?: GridSize; sm?: GridSize; md?: GridSize };

export interface Placed {
  /** The value's path in the form: `name`, or `line_items.0.description`. */
  name: string;
  /** Its cell when the fields stand in a `Grid container`. */
  grid?: Breakpoints;
}

/** A field in its `Grid` cell when `grid` is given, else the field alone. */
export function Cell({ grid, children }: { grid: Breakpoints | undefined; children: ReactNode }) {
  return grid === undefined ? children : <Grid size={grid}>{children}</Grid>;
}

type FieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>;

/**
 * Room above and below every field of a form, whatever lays the fields out: an outlined field's
 * label floats 9px above its outline, onto the message line of the field above it (a server's
 * "A user with this e-mail address already exists" was drawn through the next label). Dense
 * margins (8px above, 4px below) keep the label clear of the message above.
 */
export const FIELD_MARGIN = 'dense';

/** A text field of the surrounding form: its value, and its message once it was left. */
export function FormTextField({ name, grid, ...props }: Placed & FieldProps) {
  const form = useFormContext();
  return (
    <Cell grid={grid}>
      <TextField fullWidth margin={FIELD_MARGIN} {...props} {...form.textField(name)} />
    </Cell>
  );
}

export interface SelectOption {
  value: string | number;
  label: string;
}

/**
 * A choice among `options` in the surrounding form; the value keeps the option's type (a number
 * stays a number), and nothing chosen is null.
 */
export function FormSelect({
  name,
  grid,
  options,
  ...props
}: Placed & FieldProps & { options: readonly SelectOption[] }) {
  const form = useFormContext();
  const field = form.textField(name);
  return (
    <Cell grid={grid}>
      <TextField
        select
        fullWidth
        margin={FIELD_MARGIN}
        {...props}
        {...field}
        value={String(field.value)}
        onChange={(event) =>
          form.setAt(
            name,
            options.find((option) => String(option.value) === event.target.value)?.value ?? null,
          )
        }
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={String(option.value)}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </Cell>
  );
}

/** An on/off value of the surrounding form, as a labelled switch. */
export function FormSwitch({ name, grid, label }: Placed & { label: string }) {
  const form = useFormContext();
  return (
    <Cell grid={grid}>
      <FormControlLabel
        // Level with a field beside it, which stands below its margin.
        sx={{ mt: 2 }}
        control={
          <Switch
            checked={Boolean(form.values[name])}
            onChange={(event) => form.setAt(name, event.target.checked)}
          />
        }
        label={label}
      />
    </Cell>
  );
}
