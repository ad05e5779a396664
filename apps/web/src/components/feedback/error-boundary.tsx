import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

import { getErrorText } from '../../lib/errors/error-text';
import { usePageTitle } from '../../lib/routing/page-title';
import { Button } from '../plain/button';
import styles from '../plain/plain.module.css';

function FailedPageTitle() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'components.errorBoundary.title' }));
  return null;
}

interface Props {
  children: ReactNode;
  /** Changing this value (for example the path) clears a shown error. */
  resetKey?: string;
}

interface State {
  error: unknown;
  resetKey: string | undefined;
}

/** Shown when a screen fails to load or render, for example after a deployment replaced its file. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Screen failed:', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    // Drawn without MUI: the screen that failed may be the one that was to bring it.
    return (
      <div className={`${styles.page} ${styles.failed}`} role="alert">
        <FailedPageTitle />
        <div>
          <h1>
            <FormattedMessage id="components.errorBoundary.title" />
          </h1>
          <p>{getErrorText(this.state.error)}</p>
          <Button variant="contained" onClick={() => window.location.reload()}>
            <FormattedMessage id="components.errorBoundary.reload" />
          </Button>
        </div>
      </div>
    );
  }
}
