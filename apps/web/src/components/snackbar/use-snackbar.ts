import { useContext } from 'react';
import { MESSAGES } from '@laurel/contract/messages';

import { SnackbarContext, type SnackbarContextValue } from './snackbar-context';

export function useSnackbar(): SnackbarContextValue {
  const context = useContext(SnackbarContext);
  if (!context) throw new Error(MESSAGES.useSnackbarOutsideProvider);
  return context;
}
