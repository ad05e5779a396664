import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { I18nProvider } from '../../lib/i18n/i18n-provider';
import { Form } from './form';
import { FormSelect, FormTextField } from './form-fields';
import { useFormState } from './use-form-state';

function TwoFields() {
  const form = useFormState({ email: '', role: 'USER' }, () => ({}));
  return (
    <Form form={form} onSubmit={() => undefined}>
      <FormTextField name="email" label="E-mail address" />
      <FormSelect
        name="role"
        label="Role"
        options={[
          { value: 'USER', label: 'User' },
          { value: 'ADMIN', label: 'Admin' },
        ]}
      />
    </Form>
  );
}

describe('form fields', () => {
  it('stand apart, so that a message under one never reaches the floating label of the next', () => {
    render(<TwoFields />, { wrapper: I18nProvider });
    // An outlined label floats 9px above its field: the dense margins (8px above, 4px below) keep
    // the message line of the field above clear of it.
    for (const field of [
      screen.getByRole('textbox', { name: 'E-mail address' }),
      screen.getByRole('combobox', { name: 'Role' }),
    ]) {
      const control = field.closest('.MuiFormControl-root')!;
      expect(control.classList.contains('MuiFormControl-marginDense')).toBe(true);
      expect(getComputedStyle(control).marginTop).toBe('8px');
    }
  });
});
