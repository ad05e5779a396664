import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

import { FormContext, useFormContext } from '../../../components/forms/form-context';
import type { FormState } from '../../../components/forms/use-form-state';
import { Alert } from '../../../components/plain/alert';
import { Button } from '../../../components/plain/button';
import { TextField } from '../../../components/plain/text-field';
import { TextLink } from '../../../components/plain/text-link';
import { paths } from '../../../lib/routing/paths';
import styles from './auth.module.css';

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

/**
 * Title, messages, fields and the submit button, as every sign-in step shows them; drawn without
 * MUI, so that the first step shows without it (the fields of the other steps are MUI's).
 */
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
  busyLabel,
  submitDisabled = false,
}: AuthFormProps<T>) {
  const intl = useIntl();
  const busy = form?.busy ?? false;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <div>
      <h1 className={styles.title}>{title}</h1>
      {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      {notice}
      {error ? (
        <Alert severity="error" className={styles.message}>
          {error}
        </Alert>
      ) : null}
      <form noValidate onSubmit={handleSubmit} className={styles.form}>
        <FormContext value={form ?? null}>{children}</FormContext>
        {submitLabel ? (
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy || submitDisabled}
            className={styles.submit}
          >
            {busy ? (busyLabel ?? intl.formatMessage({ id: 'auth.form.busy' })) : submitLabel}
          </Button>
        ) : null}
      </form>
      {alternatives}
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </div>
  );
}

/** The way back to the first sign-in step, under most other steps. */
export function BackToSignIn() {
  return (
    <TextLink to={paths.auth.passwordSignIn.getHref()}>
      <FormattedMessage id="auth.backToSignIn" />
    </TextLink>
  );
}

/** The e-mail address of the step's form, as the browser's password manager knows it. */
export function EmailField(props: {
  autoFocus?: boolean;
  readOnly?: boolean;
  endAdornment?: ReactNode;
}) {
  const form = useFormContext();
  const intl = useIntl();
  return (
    <TextField
      label={intl.formatMessage({ id: 'auth.emailAddress' })}
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
export function ExpiredStep({
  title,
  what = 'step',
}: {
  title: string;
  what?: 'step' | 'setup' | 'signIn';
}) {
  return (
    <AuthForm title={title} onSubmit={() => undefined}>
      <Alert severity="warning">
        <FormattedMessage
          id="auth.expiredStep"
          values={{
            what,
            link: (chunks) => (
              <TextLink to={paths.auth.passwordSignIn.getHref()} className={styles.strongLink}>
                {chunks}
              </TextLink>
            ),
          }}
        />
      </Alert>
    </AuthForm>
  );
}
