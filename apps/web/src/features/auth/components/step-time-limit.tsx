import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';

import { Alert } from '../../../components/plain/alert';
import { Button } from '../../../components/plain/button';
import { TextLink } from '../../../components/plain/text-link';
import { paths } from '../../../lib/routing/paths';
import {
  SIGN_IN_STEP_SECONDS,
  SIGN_IN_STEP_WARNING_SECONDS,
  signInStepStartedAt,
} from '../lib/step-clock';
import styles from './auth.module.css';

export interface StepTimeLimitProps {
  /**
   * Starts the step again with a new 3 minutes, without asking for anything already given; left
   * out where that is impossible (after a password, only signing in again starts a new step).
   */
  onExtend?: () => Promise<void>;
  /** The extend button's text, when it does more than give time (sends a new code). */
  extendLabel?: string;
}

/**
 * The sign-in step's time limit (WCAG 2.2.1): nothing while more than a minute is left; then a
 * warning, read out once, with the seconds left shown (not read out each second) and, where the
 * step allows it, a button that gives a new 3 minutes; at the end, the way to start again.
 */
export function StepTimeLimit({ onExtend, extendLabel }: StepTimeLimitProps) {
  const [mountedAt] = useState(() => Date.now());
  const [now, setNow] = useState(mountedAt);
  const [extending, setExtending] = useState(false);
  const endsAt = signInStepStartedAt(mountedAt) + SIGN_IN_STEP_SECONDS * 1000;
  const left = Math.max(0, Math.ceil((endsAt - now) / 1000));
  const warning = left <= SIGN_IN_STEP_WARNING_SECONDS;

  useEffect(() => {
    if (left === 0) return;
    // Once a second while the warning shows; before that, one wake-up when it is due.
    const delay = warning ? 1000 : (left - SIGN_IN_STEP_WARNING_SECONDS) * 1000;
    const timer = setTimeout(() => setNow(Date.now()), delay);
    return () => clearTimeout(timer);
  }, [left, warning, now]);

  if (!warning) return null;
  if (left === 0)
    return (
      <Alert severity="warning" className={styles.message}>
        <FormattedMessage
          id="auth.stepTimeLimit.ended"
          values={{
            link: (chunks) => (
              <TextLink to={paths.auth.passwordSignIn.getHref()} className={styles.strongLink}>
                {chunks}
              </TextLink>
            ),
          }}
        />
      </Alert>
    );

  const extend = async () => {
    setExtending(true);
    try {
      await onExtend?.();
      setNow(Date.now());
    } finally {
      setExtending(false);
    }
  };
  return (
    <Alert severity="warning" className={styles.message}>
      <div>
        <FormattedMessage id="auth.stepTimeLimit.warning" />
      </div>
      <div aria-hidden="true" data-testid="step-seconds-left">
        <FormattedMessage id="auth.stepTimeLimit.secondsLeft" values={{ seconds: left }} />
      </div>
      {onExtend ? (
        <div className={styles.timeLimitAction}>
          <Button variant="outlined" disabled={extending} onClick={() => void extend()}>
            {extendLabel ?? <FormattedMessage id="auth.stepTimeLimit.extend" />}
          </Button>
        </div>
      ) : (
        <div>
          <FormattedMessage id="auth.stepTimeLimit.cannotExtend" />
        </div>
      )}
    </Alert>
  );
}
