import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

import { FormContext } from './form-context';
import type { FormState } from './use-form-state';

/**
 * A form on a page: the `form` element (the browser's own checks off: the schema checks), and
 * the form its fields (`FormTextField`, …) are bound to.
 */
export function Form<T extends Record<string, unknown>>({
  form,
  onSubmit,
  sx,
  children,
}: {
  form: FormState<T>;
  /** The form's `handleSubmit(…)`. */
  onSubmit: (event?: { preventDefault: () => void }) => void;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <FormContext value={form}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={sx}>
        {children}
      </Box>
    </FormContext>
  );
}
