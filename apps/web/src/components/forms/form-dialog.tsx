import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage } from 'react-intl';

import { useSnackbar } from '../snackbar/use-snackbar';
import { FormContext } from './form-context';
import { FormError } from './form-error';
import type { FormState } from './use-form-state';
import { useUnsavedChanges } from './use-unsaved-changes';

export interface FormDialogProps<T extends Record<string, unknown>, R> {
  form: FormState<T>;
  title: ReactNode;
  /** A sentence under the title. */
  description?: ReactNode;
  submitLabel: string;
  /** The submit button's text while saving; the submit label unless given. */
  busyLabel?: string;
  /** The submit button in the error colour: the action is hard to undo. */
  destructive?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** Sends the values; what it returns goes to `savedMessage` and `onSaved`. */
  save: (values: T) => Promise<R>;
  /** The success notification (DESIGN §6: a save says so). */
  savedMessage?: string | ((result: R) => string);
  onSaved?: (result: R) => void;
  onClose: () => void;
  submitDisabled?: boolean;
  /** Ask before closing with unsaved changes (true unless the dialog only confirms something). */
  guardUnsaved?: boolean;
  children: ReactNode;
}

/**
 * A form in a dialog: title, fields, the message of a failed save, Cancel and submit. The save
 * runs through the form's `handleSubmit` (checks, busy flag, errors on their fields); closing
 * with unsaved changes asks first; a successful save notifies, calls `onSaved` and closes.
 * Render it only while open, so that every opening starts from fresh values.
 */
export function FormDialog<T extends Record<string, unknown>, R>({
  form,
  title,
  description,
  submitLabel,
  busyLabel,
  destructive,
  maxWidth = 'sm',
  save,
  savedMessage,
  onSaved,
  onClose,
  submitDisabled,
  guardUnsaved = true,
  children,
}: FormDialogProps<T, R>) {
  const { showSnackbar } = useSnackbar();
  const unsaved = useUnsavedChanges(guardUnsaved && form.dirty);
  const close = unsaved.guard(onClose);
  const submit = form.handleSubmit(async (values) => {
    const result = await save(values);
    unsaved.release();
    const message = typeof savedMessage === 'function' ? savedMessage(result) : savedMessage;
    if (message) showSnackbar(message, 'success');
    onSaved?.(result);
    onClose();
  });

  return (
    <FormContext value={form}>
      <Dialog
        open
        onClose={form.busy ? undefined : close}
        maxWidth={maxWidth}
        fullWidth
        slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          {description ? <DialogContentText sx={{ mb: 4 }}>{description}</DialogContentText> : null}
          {children}
          <FormError error={form.error} />
        </DialogContent>
        <DialogActions sx={{ px: 6, pb: 5 }}>
          <Button onClick={close} disabled={form.busy}>
            <FormattedMessage id="components.dialog.cancel" />
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={destructive ? 'error' : 'primary'}
            disabled={form.busy || submitDisabled}
          >
            {form.busy && busyLabel ? busyLabel : submitLabel}
          </Button>
        </DialogActions>
        {unsaved.prompt}
      </Dialog>
    </FormContext>
  );
}
