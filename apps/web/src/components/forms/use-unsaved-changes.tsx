import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type BlockerFunction, useBlocker } from 'react-router';

import { ConfirmDialog } from './confirm-dialog';

export interface UnsavedChanges {
  /** The "discard unsaved changes?" question; render it next to the form. */
  prompt: ReactNode;
  /**
   * Wraps a way of closing the form (Cancel, Escape, the backdrop): with unsaved changes it asks
   * first and closes only when the person chooses to discard them.
   */
  guard: (close: () => void) => () => void;
  /** Stops asking: call once the changes are saved, before navigating away. */
  release: () => void;
}

/**
 * Asks before a form with unsaved changes is left: in-app navigation (links, back and forward)
 * waits for a "discard?" answer, and the browser asks before a reload or closing the tab.
 * @example const unsaved = useUnsavedChanges(form.dirty); … <Button onClick={unsaved.guard(onClose)}>
 */
export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  const intl = useIntl();
  const dirtyRef = useRef(dirty);
  const released = useRef(false);
  const [pendingClose, setPendingClose] = useState<(() => void) | null>(null);
  useEffect(() => {
    dirtyRef.current = dirty;
    // Editing again after a save (a form that stays open) asks again.
    if (dirty) released.current = false;
  }, [dirty]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      !released.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers show the question only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const release = useCallback(() => {
    released.current = true;
  }, []);

  const guard = useCallback(
    (close: () => void) => () => {
      if (dirtyRef.current && !released.current) setPendingClose(() => close);
      else close();
    },
    [],
  );

  const blocked = blocker.state === 'blocked';
  const prompt = (
    <ConfirmDialog
      open={blocked || pendingClose !== null}
      title={intl.formatMessage({ id: 'components.unsavedChanges.title' })}
      confirmLabel={intl.formatMessage({ id: 'components.unsavedChanges.discard' })}
      cancelLabel={intl.formatMessage({ id: 'components.unsavedChanges.keepEditing' })}
      destructive
      onConfirm={() => {
        released.current = true;
        if (blocked) blocker.proceed();
        pendingClose?.();
        setPendingClose(null);
      }}
      onCancel={() => {
        if (blocked) blocker.reset();
        setPendingClose(null);
      }}
    >
      <FormattedMessage id="components.unsavedChanges.description" />
    </ConfirmDialog>
  );
  return { prompt, guard, release };
}
