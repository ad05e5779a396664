/**
 * Every /api path, in one place (spec §7): the server registers its routes with these (a path
 * parameter as `':id'`) and the web app calls them.
 */
export const API_PATHS = {
  organizations: '/api/organizations',
  organizationsExport: '/api/organizations/export.csv',
  credentials: '/api/credentials',
  credentialsExport: '/api/credentials/export.csv',
  credential: (id: number | string) => `/api/credentials/${id}`,
  credentialAwards: (id: number | string) => `/api/credentials/${id}/awards`,
  /** Signed credentials (docs/credentials.md). */
  credentialIssuing: (id: number | string) => `/api/credentials/${id}/issuing`,
  credentialIssue: (id: number | string) => `/api/credentials/${id}/issue`,
  credentialAwardBadges: (id: number | string) => `/api/credentials/${id}/award-badges`,
  awardBadgeRevoke: (id: number | string) => `/api/awards/${id}/badge/revoke`,
  awardBadgeSend: (id: number | string) => `/api/awards/${id}/badge/send`,
  organizationIssuing: (id: number | string) => `/api/organizations/${id}/issuing`,
  verify: '/api/verify',
  /** Organization API keys (docs/api.md). */
  apiKeys: (organizationId: number | string) => `/api/organizations/${organizationId}/api-keys`,
  apiKey: (organizationId: number | string, id: number | string) =>
    `/api/organizations/${organizationId}/api-keys/${id}`,
  apiKeyRotate: (organizationId: number | string, id: number | string) =>
    `/api/organizations/${organizationId}/api-keys/${id}/rotate`,
  /** Organization webhooks (docs/api.md#webhooks). */
  webhooks: (organizationId: number | string) => `/api/organizations/${organizationId}/webhooks`,
  webhook: (organizationId: number | string, id: number | string) =>
    `/api/organizations/${organizationId}/webhooks/${id}`,
  webhookRotateSecret: (organizationId: number | string, id: number | string) =>
    `/api/organizations/${organizationId}/webhooks/${id}/rotate-secret`,
  webhookDeliveries: (organizationId: number | string, id: number | string) =>
    `/api/organizations/${organizationId}/webhooks/${id}/deliveries`,
  webhookDeliveryResend: (
    organizationId: number | string,
    id: number | string,
    deliveryId: number | string,
  ) => `/api/organizations/${organizationId}/webhooks/${id}/deliveries/${deliveryId}/resend`,
  /** The person holding an award: their awards in the award's organization. */
  awardAwardee: (id: number | string) => `/api/awards/${id}/awardee`,
  contracts: '/api/contracts',
  contractsExport: '/api/contracts/export.csv',
  contract: (id: number | string) => `/api/contracts/${id}`,
  organizationContractUsage: (id: number | string) => `/api/organizations/${id}/contract-usage`,
  /** What needs the organization's attention that the caller may act on (its dashboard). */
  organizationAttention: (id: number | string) => `/api/organizations/${id}/attention`,
  platformDashboard: '/api/dashboard/platform',
  platformOrganizations: '/api/dashboard/platform/organizations',
  platformOrganizationsExport: '/api/dashboard/platform/organizations/export.csv',
  users: '/api/users',
  usersExport: '/api/users/export.csv',
  user: (id: number | string) => `/api/users/${id}`,
  audits: '/api/audits',
  auditsExport: '/api/audits/export.csv',
  search: '/api/search',
  appConfig: '/api/config/app',
  cognitoConfig: '/api/config/cognito',
  salesforceUrl: '/api/config/salesforce-url',
  profile: '/api/users/profile',
  loginTime: '/api/users/login-time',
  removeAuthenticator: '/api/users/profile/authenticator/remove',
  profileLanguage: '/api/users/profile/language',
  profileInsightsDigest: '/api/users/profile/insights-digest',
  updateProfile: (id: number | string) => `/api/users/${id}/profile`,
  bookmarks: '/api/users/bookmarks',
  bookmark: (id: number | string) => `/api/users/bookmarks/${id}`,
  organization: (id: number | string) => `/api/organizations/${id}`,
  insightsLookups: '/api/insights-data/lookups',
  insightsData: '/api/insights-data',
  insightsReport: '/api/insights-data/report',
  organizationEarningsImports: (id: number | string) => `/api/organizations/${id}/earnings-imports`,
  earningsImport: (id: number | string) => `/api/earnings-imports/${id}`,
  benchmarks: '/api/benchmarks',
  benchmark: (id: number | string) => `/api/benchmarks/${id}`,
  benchmarkComparison: '/api/benchmarks/comparison',
  /** Checks a benchmark file without storing it: its row count, or its errors. */
  benchmarkCheck: '/api/benchmarks/check',
  benchmarkRestore: (id: number | string) => `/api/benchmarks/${id}/restore`,
  organizationUploads: (id: number | string) => `/api/organizations/${id}/uploads`,
  /** Awards created or changed since a time, for a system that syncs (docs/api.md). */
  organizationAwardChanges: (id: number | string) => `/api/organizations/${id}/award-changes`,
  uploads: '/api/uploads',
  uploadsExport: '/api/uploads/export.csv',
  upload: (id: number | string) => `/api/uploads/${id}`,
  uploadErrors: (id: number | string) => `/api/uploads/${id}/errors.csv`,
  uploadRefusals: (id: number | string) => `/api/uploads/${id}/refusals`,
  uploadCredentials: (id: number | string) => `/api/uploads/${id}/credentials`,
  uploadTemplate: '/api/uploads/template.csv',
  checkFederated: '/api/auth/check_federated',
  invitation: '/api/users/invitation',
  /** What an invitation link's page shows: organization, inviter, role, status. */
  invitationDetails: '/api/users/invitation/details',
  cognitoCallback: '/api/auth/cognito_callback',
  organizationInvitations: (id: number | string) => `/api/organizations/${id}/invitations`,
  /** The seats of the organization's current contracts, before an invitation takes one. */
  organizationInvitationSeats: (id: number | string) =>
    `/api/organizations/${id}/invitations/seats`,
  userInvitation: (id: number | string) => `/api/users/${id}/invitation`,
  resendUserInvitation: (id: number | string) => `/api/users/${id}/invitation/resend`,
  organizationSso: (id: number | string) => `/api/organizations/${id}/sso`,
  organizationSsoTest: (id: number | string) => `/api/organizations/${id}/sso/test`,
  organizationScim: (id: number | string) => `/api/organizations/${id}/scim`,
  organizationScimTokens: (id: number | string) => `/api/organizations/${id}/scim/tokens`,
  organizationScimToken: (id: number | string, tokenId: number | string) =>
    `/api/organizations/${id}/scim/tokens/${tokenId}`,
  organizationSaml: (id: number | string) => `/api/organizations/${id}/sso/saml`,
  organizationSamlTest: (id: number | string) => `/api/organizations/${id}/sso/saml/test`,
  organizationSamlTestSignIn: (id: number | string) =>
    `/api/organizations/${id}/sso/saml/test-sign-in`,
  organizationSamlTestSignInResult: (id: number | string, testId: string) =>
    `/api/organizations/${id}/sso/saml/test-sign-in/${testId}`,
  organizationSamlMetadata: (id: number | string) => `/api/organizations/${id}/sso/saml/metadata`,
  logHelper: '/api/log-helper',
  signOut: '/api/auth/sign-out',
  impersonationStart: '/api/impersonation/start',
  impersonationStop: '/api/impersonation/stop',
  /** OpenAPI document and its browsable pages (not an endpoint of the contract itself). */
  docs: '/api/docs',
} as const;

/** Sent while a platform admin acts within an organization (spec §4). */
export const ACTING_ORGANIZATION_HEADER = 'x-acting-organization';

/** Base path of the embedded identity service (aws-amplify's `userPoolEndpoint`). */
export const IDENTITY_BASE_PATH = '/identity';
