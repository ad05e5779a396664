import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

import { FormContext, useFormContext } from '../../../components/forms/form-context';
import { TextInput } from '../../../components/forms/text-input';
import type { FormState } from '../../../components/forms/use-form-state';
import { paths } from '../../../lib/routing/paths';

export interface AuthFormProps<T extends Record<string, unknown>> {
  /** The form of the step: its fields' binding, its error and busy flag. */
  form?: FormState<T>;
  title: string;
  subtitle?: ReactNode;
  /** The step's error, when it has no `form`. */
  error?: string | null;
  notice?: ReactNode;
  /** A form's `handleSubmit(…)`, or any function run on submit. */
  onSubmit: (event?: { preventDefault: () => void }) => void;
  children?: ReactNode;
  /** Other ways to go on, under the submit button (such as signing in without a password). */
  alternatives?: ReactNode;
  footer?: ReactNode;
  /** The submit button; none without a label (a screen that only explains). */
  submitLabel?: string;
  /** The submit button's text while the step runs. */
  busyLabel?: string;
  submitDisabled?: boolean;
}

/** Title, messages, fields and the submit button, as every sign-in step shows them. */
export function AuthForm<T extends Record<string, unknown>>({
  form,
  title,
  subtitle,
  error = form?.error,
  notice,
  onSubmit,
  children,
  alternatives,
  footer,
  submitLabel,
  busyLabel = 'Please wait…',
  submitDisabled = false,
}: AuthFormProps<T>) {
  const busy = form?.busy ?? false;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Box>
      <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {subtitle ? (
        <Typography color="text.secondary" sx={{ mb: 6, fontSize: '0.9375rem' }}>
          {subtitle}
        </Typography>
      ) : null}
      {notice}
      {error ? (
        <Alert severity="error" sx={{ mb: 5 }} role="alert">
          {error}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={handleSubmit} sx={{ display: 'grid', gap: 3 }}>
        <FormContext value={form ?? null}>{children}</FormContext>
        {submitLabel ? (
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy || submitDisabled}
            sx={{ py: 3, mt: 2 }}
          >
            {busy ? busyLabel : submitLabel}
          </Button>
        ) : null}
      </Box>
      {alternatives}
      {footer ? (
        <Box
          sx={{ mt: 6, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
        >
          {footer}
        </Box>
      ) : null}
    </Box>
  );
}

/** The way back to the first sign-in step, under most other steps. */
export function BackToSignIn() {
  return (
    <Link component={RouterLink} to={paths.auth.passwordSignIn.getHref()}>
      Back to sign in
    </Link>
  );
}

/** The e-mail address of the step's form, as the browser's password manager knows it. */
export function EmailField(props: {
  autoFocus?: boolean;
  readOnly?: boolean;
  endAdornment?: ReactNode;
}) {
  const form = useFormContext();
  return (
    <TextInput
      label="E-mail address"
      type="email"
      {...props}
      {...form.textField('email')}
      name="username"
      autoComplete="username"
    />
  );
}

/**
 * Said by a step opened directly, or after its sign-in expired (the identity service keeps a
 * sign-in for 3 minutes, spec §9): the way back is to sign in again.
 */
export function ExpiredStep({ title, what = 'step' }: { title: string; what?: string }) {
  return (
    <AuthForm title={title} onSubmit={() => undefined}>
      <Alert severity="warning">
        This {what} has expired or was opened directly. Please{' '}
        <Link
          component={RouterLink}
          to={paths.auth.passwordSignIn.getHref()}
          underline="always"
          color="inherit"
          sx={{ fontWeight: 700 }}
        >
          sign in again
        </Link>{' '}
        to start it.
      </Alert>
    </AuthForm>
  );
}
