import { createContext } from 'react';
import type { TProfile } from '@laurel/contract/profile';

import type { AuthClient } from '../amplify/load-amplify';
import type { AuthState, AuthUser, LoginData } from './auth-state';

export interface AuthContextValue extends AuthState {
  /** The configured identity client (aws-amplify), loaded on first use. */
  getClient: () => Promise<AuthClient>;
  /** After the DONE step: loads the user and profile, marks the session signed in, records the login time once. */
  completeSignIn: () => Promise<AuthUser>;
  updateLoginData: (loginData: Partial<LoginData>) => void;
  signOut: () => Promise<void>;
  /** Re-reads the session tokens (the identity client refreshes them shortly before expiry). */
  updateSession: () => Promise<void>;
  updateProfile: (profile: TProfile) => void;
}

export const AuthContext = createContext<AuthContextValue | undefined>(undefined);
