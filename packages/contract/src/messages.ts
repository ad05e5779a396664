/**
 * Texts users see that the specification names exactly. Screens and tests use these constants,
 * so a change of wording happens in one place.
 */
export const MESSAGES = {
  bookmarkAdded: 'Bookmark added successfully',
  bookmarkRemoved: 'Bookmark removed successfully',
  bookmarkRestored: 'Bookmark restored successfully',
  bookmarkAddError: 'Error adding bookmark',
  bookmarkRestoreError: 'Error restoring bookmark',
  bookmarkDeleteError: 'Error deleting bookmark',
  bookmarksEmpty:
    "You haven't bookmarked anything just yet. Start by clicking the bookmark icon on any credential detail page.",
  bookmarksEmptyPlatformAdmin:
    "You haven't bookmarked anything just yet. Start by clicking the bookmark icon on any detail page.",
  bookmarksNoMatch: 'No bookmarks match the current filter criteria.',
  bookmarksDrawerTitle: 'View All Bookmarks',
  bookmarksSearchLabel: 'Search Bookmarks',
  requestFailed: 'Something went wrong',
  controlCharacters: 'Must not contain control characters',
  nestedTooDeeply: 'Is nested too deeply',
  federatedCallbackFailed: 'Something went wrong.',
  genericError: 'An error occurred',
  alreadySignedIn: 'There is already a signed in user.',
  passwordUpdateError: 'There was an error when updating your password.',
  useSnackbarOutsideProvider: 'useSnackbar must be used within a SnackbarProvider',
  authContextOutsideProvider: 'AuthContext must be placed within AuthProvider',
  logEventFailed: 'Failed to log event:',
  earningsUnavailable: 'Earnings insights unavailable for your organization',
  earningsUnavailableDescription:
    'Earnings and employment data are not part of your organization’s data access, or a data policy limits what can be shown for it.',
  earningsTemporarilyUnavailable: 'Earnings insights temporarily unavailable',
  employmentTemporarilyUnavailable: 'Employment insights temporarily unavailable',
  supportLine:
    "Thank you for your patience. If you have any questions, please don't hesitate to contact",
  salaryChartTitle: 'Salary Growth: 5 Years Before - After Award Year',
  salaryFooter:
    'Salary data comes from credit bureau sources and covers full-time employee wages only.',
  demoNotice: 'Demo mode: all data shown here are fictional.',
  notFound: 'Not found',
  unauthorized: 'Authentication required',
  forbidden: 'You do not have permission to do this',
  identityUnavailable:
    'Sign-in cannot be checked right now: the identity service is unreachable. Please try again in a few minutes.',
  viewAll: (count: number) => `View All (${count})`,
  stepUpRequired: 'Enter a code from your authenticator app or your password.',
  stepUpWrongCode:
    'That code is not right or was already used. Enter the current code from your authenticator app.',
  stepUpWrongPassword: 'That password is not right.',
  stepUpLocked: 'Too many wrong passwords. Try again in a few minutes.',
  stepUpCodeNotAccepted: 'Confirm with your password.',
  authenticatorNotSetUp: 'No authenticator app is set up.',
  authenticatorRequired:
    'Your organization requires two-step verification, so the authenticator app cannot be removed.',
  authenticatorCompanySignIn:
    'You sign in through your company, which manages how you confirm who you are.',
  authenticatorRemoved: 'The authenticator app has been removed.',
} as const;

/** What company sign-in (SSO) answers: its settings, the provider's callback, refusals. */
export const SSO_MESSAGES = {
  invalidState:
    'This sign-in link is not valid or was already used. Start again from the sign-in page.',
  invalidCode: 'The sign-in code is not valid, has expired or was already used.',
  notAvailable: 'Company sign-in is not available.',
  privateIssuer:
    'Laurel connects only to providers at public addresses, not to private, loopback or link-local ones. Enter the provider’s public issuer address.',
  unreachableIssuer: (issuer: string) =>
    `Could not read an OpenID Connect discovery document at ${issuer}/.well-known/openid-configuration. Check the address, and that the provider is reachable from the internet.`,
  deactivated:
    "Your Laurel account has been deactivated. Contact your organization's administrator.",
  notInvited: (email: string) =>
    `No Laurel account exists for ${email}. Ask your organization's administrator for an invitation.`,
  otherDomain: (email: string, organization: string) =>
    `The e-mail address ${email} does not belong to ${organization}.`,
  otherOrganization: (email: string) =>
    `${email} belongs to another organization in Laurel and cannot sign in here.`,
  issuerNotAllowed: 'The issuer is not allowed',
  issuerHttps: 'Use an https:// address (http:// only for localhost)',
  domainsClaimed: (list: string) => `Already claimed by another organization: ${list}`,
  domainClaimed: 'An e-mail domain is already claimed by another organization',
  domainClaimedField: 'Already claimed by another organization',
} as const;
