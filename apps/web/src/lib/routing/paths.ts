/**
 * Every route of the app, with `getHref()` helpers so that no screen writes a URL by hand
 * (spec §2). `path` is the pattern React Router matches.
 */

/** Item types that have their own list under an organization route (`{org route}/{itemType}`). */
export type OrganizationItemType =
  | 'credentials'
  | 'contracts'
  | 'users'
  | 'uploads'
  | 'audits'
  | 'insights'
  | 'api-keys'
  | 'webhooks';

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return null;
  if (value.startsWith('/auth/')) return null;
  return value;
}

function withQuery(path: string, query: Record<string, string | undefined | null | false>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  appShell: { path: '/_app', getHref: () => '/_app' },
  profile: { path: '/profile', getHref: () => '/profile' },
  settings: { path: '/settings', getHref: () => '/settings' },

  auth: {
    passwordSignIn: {
      path: '/auth/password-sign-in',
      getHref: (options: { checkEmail?: boolean; redirectTo?: string | null } = {}) =>
        withQuery('/auth/password-sign-in', {
          checkEmail: options.checkEmail ? 'true' : undefined,
          redirectTo: safeRedirectTarget(options.redirectTo),
        }),
    },
    setPassword: {
      path: '/auth/set-password',
      getHref: (redirectTo?: string | null) => withAuthRedirect('/auth/set-password', redirectTo),
    },
    setupMfa: {
      path: '/auth/setup-mfa',
      getHref: (redirectTo?: string | null) => withAuthRedirect('/auth/setup-mfa', redirectTo),
    },
    verifyMfa: {
      path: '/auth/verify-mfa',
      getHref: (redirectTo?: string | null) => withAuthRedirect('/auth/verify-mfa', redirectTo),
    },
    /** First-factor selection: the ways of signing in the identity service offers. */
    selectMethod: {
      path: '/auth/select-method',
      getHref: (options: { password?: boolean; redirectTo?: string | null } = {}) =>
        withQuery('/auth/select-method', {
          with: options.password ? 'password' : undefined,
          redirectTo: safeRedirectTarget(options.redirectTo),
        }),
    },
    /** The 8-digit code e-mailed instead of a password, or as the second step. */
    verifyEmailCode: {
      path: '/auth/verify-email-code',
      getHref: (redirectTo?: string | null) =>
        withAuthRedirect('/auth/verify-email-code', redirectTo),
    },
    /** MFA selection: authenticator app or e-mailed code. */
    selectMfa: {
      path: '/auth/select-mfa',
      getHref: (redirectTo?: string | null) => withAuthRedirect('/auth/select-mfa', redirectTo),
    },
    /** Signing in with a passkey. */
    passkeySignIn: {
      path: '/auth/passkey-sign-in',
      getHref: (redirectTo?: string | null) =>
        withAuthRedirect('/auth/passkey-sign-in', redirectTo),
    },
    forgotPassword: {
      path: '/auth/forgot-password',
      getHref: (email?: string) => withQuery('/auth/forgot-password', { email }),
    },
    resetPassword: {
      path: '/auth/reset-password',
      getHref: (email?: string) => withQuery('/auth/reset-password', { email }),
    },
    callback: { path: '/auth/callback', getHref: () => '/auth/callback' },
    acceptInvitation: {
      path: '/auth/accept-invitation',
      getHref: (token?: string) => withQuery('/auth/accept-invitation', { token }),
    },
  },

  /** Lists across all organizations (platform admins) — the sidebar's entry points. */
  organizations: { path: '/organizations', getHref: () => '/organizations' },
  credentials: { path: '/credentials', getHref: () => '/credentials' },
  users: { path: '/users', getHref: () => '/users' },
  contracts: { path: '/contracts', getHref: () => '/contracts' },
  /** Audit trail across the caller's reach (admins). */
  audits: { path: '/audits', getHref: () => '/audits' },
  /** Awards uploads across the caller's reach (admins); with an upload id, its details open. */
  uploads: {
    path: '/uploads',
    getHref: (uploadId?: number) =>
      withQuery('/uploads', { upload: uploadId === undefined ? undefined : String(uploadId) }),
  },
  /** Earnings benchmarks credentials are compared with (platform admins). */
  benchmarks: { path: '/benchmarks', getHref: () => '/benchmarks' },
  /** How the insight figures are computed. */
  insightsMethodology: {
    path: '/insights/methodology',
    getHref: (section?: string) => `/insights/methodology${section ? `#${section}` : ''}`,
  },

  /** Organization page for organization users (and impersonating platform admins). */
  organization: {
    path: '/organizations/:organizationId',
    getHref: (organizationId: number | string) => `/organizations/${organizationId}`,
  },
  /** Organization page for platform admins who are not impersonating. */
  adminOrganization: {
    path: '/admin/organizations/:organizationId',
    getHref: (organizationId: number | string) => `/admin/organizations/${organizationId}`,
  },
  /** `{organization route}/{itemType}` and `{organization route}/{itemType}/{itemId}`, relative to an organization route. */
  organizationItems: { path: ':itemType' },
  organizationItem: { path: ':itemType/:itemId' },
  credentialsOfOrganization: { path: 'credentials' },
  credential: { path: 'credentials/:credentialId' },
  contractsOfOrganization: { path: 'contracts' },
  contract: { path: 'contracts/:contractId' },
  usersOfOrganization: { path: 'users' },
  user: { path: 'users/:userId' },
  /** A person holding awards, by any one of their awards: their awards in the organization. */
  awardee: { path: 'awardees/:awardId' },
  auditsOfOrganization: { path: 'audits' },
  uploadsOfOrganization: { path: 'uploads' },
  insightsOfOrganization: { path: 'insights' },
  apiKeysOfOrganization: { path: 'api-keys' },
  webhooksOfOrganization: { path: 'webhooks' },
} as const;

function withAuthRedirect(path: string, redirectTo: string | null | undefined): string {
  return withQuery(path, { redirectTo: safeRedirectTarget(redirectTo) });
}

/** The organization route for a viewer: the admin form for platform admins who are not impersonating. */
export function getOrganizationHref(
  organizationId: number | string,
  options: { admin?: boolean } = {},
): string {
  return options.admin
    ? paths.adminOrganization.getHref(organizationId)
    : paths.organization.getHref(organizationId);
}

/** `{organization route}/{itemType}[/{itemId}]`. */
export function getOrganizationItemHref(
  organizationHref: string,
  itemType: OrganizationItemType,
  itemId?: number | string,
): string {
  return itemId === undefined
    ? `${organizationHref}/${itemType}`
    : `${organizationHref}/${itemType}/${itemId}`;
}

/**
 * `{organization route}/awardees/{awardId}`: the person holding the award.
 * @example getAwardeeHref('/organizations/2', 41) // '/organizations/2/awardees/41'
 */
export function getAwardeeHref(organizationHref: string, awardId: number): string {
  return `${organizationHref}/awardees/${awardId}`;
}

/**
 * Where a bookmarked or found item lives: the organization page for organizations,
 * `{organization route}/{itemType}/{itemId}` for the others (for awardees, the item is one of
 * their awards).
 * @example getItemHref('credentials', 8, 2, { admin: true }) // '/admin/organizations/2/credentials/8'
 */
export function getItemHref(
  itemType: 'organizations' | 'credentials' | 'contracts' | 'users' | 'awardees',
  itemId: number,
  organizationId: number,
  options: { admin?: boolean } = {},
): string {
  if (itemType === 'organizations') return getOrganizationHref(itemId, options);
  const organizationHref = getOrganizationHref(organizationId, options);
  if (itemType === 'awardees') return getAwardeeHref(organizationHref, itemId);
  return getOrganizationItemHref(organizationHref, itemType, itemId);
}
