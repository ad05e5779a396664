import type { TCognitoConfig } from '@laurel/contract/config';
import { API_PATHS } from '@laurel/contract/paths';

import { apiRequest, once } from '../api/request';

/** The identity pool the browser signs in to; requested once per visit, without the store. */
export const loadCognitoConfig = once(() => apiRequest<TCognitoConfig>(API_PATHS.cognitoConfig));

export interface CheckFederatedResult {
  isFederated: boolean;
  redirectUri?: string | null;
}

/** Whether `email` signs in through its company's identity provider, and where to send it. */
export const checkFederated = (body: { email: string }) =>
  apiRequest<CheckFederatedResult>(API_PATHS.checkFederated, { method: 'POST', body });
