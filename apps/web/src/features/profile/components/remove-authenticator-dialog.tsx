import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';

import { OneTimeCodeField, isOneTimeCode } from '../../../components/forms/one-time-code-field';
import { PasswordField } from '../../../components/forms/password-field';
import { getErrorText } from '../../../lib/errors/error-text';
import { useRemoveAuthenticatorMutation } from '../api/profile-api';

type Proof = 'code' | 'password';

interface Props {
  open: boolean;
  onClose: () => void;
  onRemoved: () => void;
}

/**
 * Removing the authenticator app is confirmed with a current code from it or, for someone who
 * lost the phone, the password; the server checks either before it removes anything.
 */
export function RemoveAuthenticatorDialog({ open, onClose, onRemoved }: Props) {
  const [proof, setProof] = useState<Proof>('code');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [removeAuthenticator, { isLoading }] = useRemoveAuthenticatorMutation();

  const reset = (next: Proof) => {
    setProof(next);
    setCode('');
    setPassword('');
    setFieldError(undefined);
    setFormError(undefined);
  };

  const close = () => {
    reset('code');
    onClose();
  };

  const submit = async () => {
    if (proof === 'code' && !isOneTimeCode(code))
      return setFieldError('Enter the 6-digit code from your authenticator app.');
    if (proof === 'password' && !password) return setFieldError('Enter your password.');
    setFieldError(undefined);
    setFormError(undefined);
    try {
      await removeAuthenticator(proof === 'code' ? { code } : { password }).unwrap();
      reset('code');
      onRemoved();
    } catch (caught) {
      const fieldErrors =
        typeof caught === 'object' && caught && 'fieldErrors' in caught
          ? (caught.fieldErrors as Record<string, string> | undefined)
          : undefined;
      const onField = fieldErrors?.[proof];
      if (onField) setFieldError(onField);
      else setFormError(getErrorText(caught));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="remove-authenticator-title"
      fullWidth
      maxWidth="xs"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="remove-authenticator-title" sx={{ fontWeight: 700 }}>
          Remove the authenticator app?
        </DialogTitle>
        <DialogContent>
          <Stack spacing={4}>
            <DialogContentText>
              {proof === 'code'
                ? 'Confirm it is you with the code your authenticator app shows now. Sign-in will then ask only for your password.'
                : 'Confirm it is you with your password. Sign-in will then ask only for your password.'}
            </DialogContentText>
            {proof === 'code' ? (
              <OneTimeCodeField
                value={code}
                onChange={setCode}
                error={fieldError}
                label="Code from the app"
                autoFocus
              />
            ) : (
              <PasswordField
                label="Password"
                name="password"
                autoComplete="current-password"
                autoFocus
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={Boolean(fieldError)}
                helperText={fieldError}
              />
            )}
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => reset(proof === 'code' ? 'password' : 'code')}
              sx={{ alignSelf: 'flex-start' }}
            >
              {proof === 'code'
                ? 'No access to the app? Use your password'
                : 'Use a code from the app'}
            </Link>
            {formError ? (
              <DialogContentText role="alert" color="error">
                {formError}
              </DialogContentText>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 6, pb: 5 }}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={isLoading}>
            {isLoading ? 'Checking…' : 'Remove'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
