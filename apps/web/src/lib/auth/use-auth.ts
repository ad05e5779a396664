import { useContext } from 'react';
import { MESSAGES } from '@laurel/contract/messages';

import { AuthContext, type AuthContextValue } from './auth-context';

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error(MESSAGES.authContextOutsideProvider);
  return context;
}
