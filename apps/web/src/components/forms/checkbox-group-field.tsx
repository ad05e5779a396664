import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';

import { FIELD_MARGIN } from './form-fields';
import { useFormContext } from './form-context';

/** A helper text that only keeps its line, so that nothing moves when a message shows. */
const BLANK = ' ';

/**
 * Several of a fixed list of codes, chosen by checkboxes in the surrounding form: each labelled by
 * what it means and the code itself, kept in the list's order.
 * @example <CheckboxGroupField name="scopes" legend="Scopes" options={API_KEY_SCOPES} labels={API_KEY_SCOPE_LABELS} />
 */
export function CheckboxGroupField<Code extends string>({
  name,
  legend,
  options,
  labels,
}: {
  name: string;
  legend: string;
  options: readonly Code[];
  labels: Record<Code, string>;
}) {
  const form = useFormContext();
  const chosen = (form.values[name] ?? []) as Code[];
  const error = form.errorOf(name);
  const toggle = (code: Code, on: boolean) =>
    form.setAt(
      name,
      options.filter((option) => (option === code ? on : chosen.includes(option))),
    );
  return (
    <FormControl
      component="fieldset"
      error={Boolean(error)}
      margin={FIELD_MARGIN}
      sx={{ display: 'block' }}
    >
      <FormLabel component="legend">{legend}</FormLabel>
      <FormGroup>
        {options.map((code) => (
          <FormControlLabel
            key={code}
            control={
              <Checkbox
                checked={chosen.includes(code)}
                onChange={(change) => toggle(code, change.target.checked)}
              />
            }
            label={
              <>
                {labels[code]}{' '}
                <Typography component="code" variant="body2" color="text.secondary">
                  {code}
                </Typography>
              </>
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>{error ?? BLANK}</FormHelperText>
    </FormControl>
  );
}
