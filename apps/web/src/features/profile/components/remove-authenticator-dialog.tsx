import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { FormattedMessage, useIntl } from 'react-intl';
import { ZRemoveAuthenticatorBody, type TRemoveAuthenticatorBody } from '@laurel/contract/profile';

import { FormDialog } from '../../../components/forms/form-dialog';
import { OneTimeCodeField } from '../../../components/forms/one-time-code-field';
import { PasswordField } from '../../../components/forms/password-field';
import { useFormState, validateWith } from '../../../components/forms/use-form-state';
import { useRemoveAuthenticatorMutation } from '../api/profile-api';

type Proof = 'code' | 'password';

interface Values extends Record<string, unknown> {
  proof: Proof;
  code: string;
  password: string;
}

const toBody = (values: Values): TRemoveAuthenticatorBody =>
  values.proof === 'code' ? { code: values.code } : { password: values.password };

const EMPTY: Values = { proof: 'code', code: '', password: '' };

interface Props {
  open: boolean;
  onClose: () => void;
  onRemoved: () => void;
}

/**
 * Asks before the authenticator app is removed, and takes a current code from it or, for someone
 * who lost the phone, the password as confirmation; the server checks either before it removes
 * anything. The Remove button alone does nothing: without a code or password it only says so.
 */
export function RemoveAuthenticatorDialog(props: Props) {
  return props.open ? <RemoveAuthenticatorForm {...props} /> : null;
}

function RemoveAuthenticatorForm({ onClose, onRemoved }: Props) {
  const form = useFormState(EMPTY, validateWith(ZRemoveAuthenticatorBody, toBody));
  const [removeAuthenticator] = useRemoveAuthenticatorMutation();
  const intl = useIntl();
  const byCode = form.values.proof === 'code';

  return (
    <FormDialog
      form={form}
      maxWidth="xs"
      destructive
      guardUnsaved={false}
      title={intl.formatMessage({ id: 'profile.removeAuthenticator.title' })}
      description={
        <FormattedMessage
          id="profile.removeAuthenticator.description"
          values={{ proof: form.values.proof }}
        />
      }
      submitLabel={intl.formatMessage({ id: 'profile.removeAuthenticator.submit' })}
      busyLabel={intl.formatMessage({ id: 'auth.form.checking' })}
      save={(values) => removeAuthenticator(toBody(values)).unwrap()}
      onSaved={onRemoved}
      onClose={onClose}
    >
      <Stack spacing={2}>
        {byCode ? (
          <OneTimeCodeField
            {...form.textField('code')}
            label={intl.formatMessage({ id: 'profile.removeAuthenticator.code' })}
            autoFocus
          />
        ) : (
          <PasswordField
            label={intl.formatMessage({ id: 'profile.password' })}
            autoComplete="current-password"
            autoFocus
            {...form.textField('password')}
          />
        )}
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => form.reset({ ...EMPTY, proof: byCode ? 'password' : 'code' })}
          sx={{ alignSelf: 'flex-start' }}
        >
          <FormattedMessage
            id="profile.removeAuthenticator.switch"
            values={{ proof: form.values.proof }}
          />
        </Link>
      </Stack>
    </FormDialog>
  );
}
