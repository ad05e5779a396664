import { createContext } from 'react';
import type { NotificationSeverity } from '@laurel/contract/constants';

export interface SnackbarAction {
  label: string;
  onClick: () => void;
}

export interface SnackbarContextValue {
  /** Shows a banner at the top centre; a newer message replaces the one on screen. */
  showSnackbar: (message: string, severity?: NotificationSeverity, action?: SnackbarAction) => void;
  closeSnackbar: () => void;
}

export const SnackbarContext = createContext<SnackbarContextValue | undefined>(undefined);
