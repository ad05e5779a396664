import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import { getErrorText } from '../../lib/errors/error-text';
import { usePageTitle } from '../../lib/routing/page-title';

const FAILED_TITLE = 'This page could not be shown';

function FailedPageTitle() {
  usePageTitle(FAILED_TITLE);
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
    return (
      <Box
        sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 6 }}
        role="alert"
      >
        <FailedPageTitle />
        <Box sx={{ maxWidth: 480 }}>
          <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
            {FAILED_TITLE}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 6 }}>
            {getErrorText(this.state.error)}
          </Typography>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        </Box>
      </Box>
    );
  }
}
