import { useIntl } from 'react-intl';

import { useFormContext } from './form-context';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';

/**
 * A new password of the surrounding form, its requirements ticked as they are met, and its
 * repetition (`confirmation`).
 */
export function NewPasswordFields({ name, autoFocus }: { name: string; autoFocus?: boolean }) {
  const intl = useIntl();
  const form = useFormContext();
  return (
    <>
      <PasswordField
        label={intl.formatMessage({ id: 'components.newPassword.label' })}
        autoComplete="new-password"
        autoFocus={autoFocus}
        {...form.textField(name)}
      />
      <PasswordChecklist password={String(form.values[name])} />
      <PasswordField
        label={intl.formatMessage({ id: 'components.newPassword.repeat' })}
        autoComplete="new-password"
        {...form.textField('confirmation')}
      />
    </>
  );
}
