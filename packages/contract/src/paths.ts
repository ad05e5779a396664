/** Every /api path the web app calls, in one place (spec §7). */
export const API_PATHS = {
  appConfig: '/api/config/app',
  cognitoConfig: '/api/config/cognito',
  salesforceUrl: '/api/config/salesforce-url',
  profile: '/api/users/profile',
  loginTime: '/api/users/login-time',
  removeAuthenticator: '/api/users/profile/authenticator/remove',
  updateProfile: (id: number | string) => `/api/users/${id}/profile`,
  bookmarks: '/api/users/bookmarks',
  bookmark: (id: number | string) => `/api/users/bookmarks/${id}`,
  organization: (id: number | string) => `/api/organizations/${id}`,
  insightsLookups: '/api/insights-data/lookups',
  insightsData: '/api/insights-data',
  organizationEarningsImports: (id: number | string) => `/api/organizations/${id}/earnings-imports`,
  organizationUploads: (id: number | string) => `/api/organizations/${id}/uploads`,
  uploads: '/api/uploads',
  upload: (id: number | string) => `/api/uploads/${id}`,
  uploadErrors: (id: number | string) => `/api/uploads/${id}/errors.csv`,
  uploadTemplate: '/api/uploads/template.csv',
  checkFederated: '/api/auth/check_federated',
  invitation: '/api/users/invitation',
  cognitoCallback: '/api/auth/cognito_callback',
  organizationInvitations: (id: number | string) => `/api/organizations/${id}/invitations`,
  userInvitation: (id: number | string) => `/api/users/${id}/invitation`,
  resendUserInvitation: (id: number | string) => `/api/users/${id}/invitation/resend`,
  organizationSso: (id: number | string) => `/api/organizations/${id}/sso`,
  organizationSsoTest: (id: number | string) => `/api/organizations/${id}/sso/test`,
  logHelper: '/api/log-helper',
} as const;

/** Base path of the embedded identity service (aws-amplify's `userPoolEndpoint`). */
export const IDENTITY_BASE_PATH = '/identity';
