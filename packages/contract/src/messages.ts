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
