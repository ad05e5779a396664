import type { TProfile } from '@laurel/contract/profile';

/** Session tokens as the identity client hands them out (JWT strings and decoded claims). */
export interface SessionTokens {
  idToken?: string;
  accessToken?: string;
  /** Seconds since the epoch at which the id token expires. */
  expiresAt?: number;
}

export interface AuthUser {
  username: string;
  userId: string;
  signInDetails?: { loginId?: string; authFlowType?: string } | undefined;
  attributes: Record<string, string | undefined>;
  /** The access token's `cognito:groups` includes `Admins`. */
  isAdmin: boolean;
  tokens: SessionTokens;
  profile: TProfile | null;
}

export interface LoginData {
  email: string;
  totpSetupSecret: string;
  /** `otpauth://` address of the authenticator setup, shown as a QR code. */
  totpSetupUri: string;
  /** The ways of signing in the identity service offers at first-factor selection. */
  availableChallenges: string[];
  /** The second factors the person may choose between (MFA selection). */
  allowedMfaTypes: string[];
  /** Where the sign-in code was sent, as the identity service shows it (masked). */
  codeDestination: string;
  /** Whether the e-mailed code replaces the password or follows it as a second step. */
  emailCodeUse: 'first-factor' | 'second-factor';
}

/** Session state of spec §3. */
export interface AuthState {
  isAuthenticated: boolean;
  isInitialized: boolean;
  isSigningOut: boolean;
  user: AuthUser | null;
  loginData: LoginData;
}

const EMPTY_LOGIN_DATA: LoginData = {
  email: '',
  totpSetupSecret: '',
  totpSetupUri: '',
  availableChallenges: [],
  allowedMfaTypes: [],
  codeDestination: '',
  emailCodeUse: 'first-factor',
};

export const initialAuthState: AuthState = {
  isAuthenticated: false,
  isInitialized: false,
  isSigningOut: false,
  user: null,
  loginData: EMPTY_LOGIN_DATA,
};

export type AuthAction =
  | { type: 'INITIALIZE'; isAuthenticated: boolean; user: AuthUser | null }
  | { type: 'UPDATE_LOGIN_DATA'; loginData: Partial<LoginData> }
  | { type: 'SIGN_OUT' }
  | { type: 'FINISH_SIGN_OUT' }
  | { type: 'UPDATE_SESSION'; tokens: SessionTokens; isAdmin?: boolean }
  | { type: 'UPDATE_PROFILE'; profile: TProfile };

/** Actions of spec §4. */
export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'INITIALIZE':
      return {
        ...state,
        isInitialized: true,
        isAuthenticated: action.isAuthenticated,
        user: action.user,
        loginData: EMPTY_LOGIN_DATA,
      };
    case 'UPDATE_LOGIN_DATA':
      return { ...state, loginData: { ...state.loginData, ...action.loginData } };
    case 'SIGN_OUT':
      return {
        ...state,
        isAuthenticated: false,
        user: null,
        isSigningOut: true,
        loginData: EMPTY_LOGIN_DATA,
      };
    case 'FINISH_SIGN_OUT':
      return { ...state, isSigningOut: false };
    case 'UPDATE_SESSION':
      if (!state.user) return state;
      return {
        ...state,
        user: {
          ...state.user,
          tokens: action.tokens,
          isAdmin: action.isAdmin ?? state.user.isAdmin,
        },
      };
    case 'UPDATE_PROFILE':
      if (!state.user) return state;
      return { ...state, user: { ...state.user, profile: action.profile } };
  }
}
