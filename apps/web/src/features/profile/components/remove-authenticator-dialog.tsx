import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
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
  const byCode = form.values.proof === 'code';

  return (
    <FormDialog
      form={form}
      maxWidth="xs"
      destructive
      guardUnsaved={false}
      title="Remove the authenticator app?"
      description={
        <>
          Two-step verification is turned off for your account: sign-in will ask only for your
          password. To confirm it is you,{' '}
          {byCode ? 'enter the code your authenticator app shows now.' : 'enter your password.'}
        </>
      }
      submitLabel="Remove the app"
      busyLabel="Checking…"
      save={(values) => removeAuthenticator(toBody(values)).unwrap()}
      onSaved={onRemoved}
      onClose={onClose}
    >
      <Stack spacing={2}>
        {byCode ? (
          <OneTimeCodeField {...form.textField('code')} label="Code from the app" autoFocus />
        ) : (
          <PasswordField
            label="Password"
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
          {byCode ? 'No access to the app? Use your password' : 'Use a code from the app'}
        </Link>
      </Stack>
    </FormDialog>
  );
}
