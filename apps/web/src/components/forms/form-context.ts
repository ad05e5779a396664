import { createContext, use } from 'react';

import type { FormState } from './use-form-state';

// The values' type is the form's own business; fields read and set them by name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm = FormState<any>;

/** The form that fields inside a `Form` or `FormDialog` are bound to. */
export const FormContext = createContext<AnyForm | null>(null);

export function useFormContext(): AnyForm {
  const form = use(FormContext);
  if (!form) throw new Error('A form field must be placed within a Form or FormDialog');
  return form;
}
