/** Business constants of the product specification (§9) shared by server and web. */

export const PLATFORM_ORGANIZATION_NAME = 'Laurel Platform';

export const BOOKMARK_LIST_DEFAULT_LIMIT = 5;
export const BOOKMARK_DRAWER_LIMIT = 0;
export const BOOKMARK_SKELETON_ROWS = 5;
export const BOOKMARK_DRAWER_WIDTH_PX = 500;
export const BOOKMARK_ITEM_TYPES = ['organizations', 'credentials', 'contracts', 'users'] as const;
export type BookmarkItemType = (typeof BOOKMARK_ITEM_TYPES)[number];

export const NOTIFICATION_AUTO_HIDE_MS = 6000;
export type NotificationSeverity = 'info' | 'success' | 'error' | 'warning';

export const COOKIE_MAX_AGE_DAYS = 365;

export const PASSWORD_MIN_LENGTH = 14;
export const PASSWORD_MAX_LENGTH = 64;

export const BADGE_MAX = 99;

export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1440 } as const;
export const BASE_FONT_SIZE = 13;
export const FONT_FAMILY = 'Lato';
export const SPACING_UNIT = 4;

export const STORAGE_KEYS = {
  theme: 'theme',
  mode: 'mui-mode',
  colorScheme: 'mui-color-scheme',
} as const;

export const THEME_NAMES = ['DEFAULT', 'DARK', 'LIGHT', 'BLUE', 'GREEN', 'INDIGO'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export const HEADER_COLOR = '#0E4D8F';
export const PRIMARY_COLOR = '#376fd0';

export const CREDENTIAL_DATA_GAP_CODES = [
  'MISSING_EQUIFAX',
  'MISSING_EARNINGS',
  'MISSING_EMPLOYMENT',
] as const;
export type CredentialDataGapCode = (typeof CREDENTIAL_DATA_GAP_CODES)[number];

/** What each data-gap code means, in plain words (the insights screens and the PDF reports). */
export const DATA_GAP_LABELS: Record<CredentialDataGapCode, string> = {
  MISSING_EQUIFAX: 'Not matched by the data provider',
  MISSING_EARNINGS: 'Matched, no wage records',
  MISSING_EMPLOYMENT: 'Matched, no employment records',
};

export const BILLING_CODES = ['A_ADDL_USER', 'D_MATCH_EQUIFAX_TWN', 'D_MATCH_PDL_API'] as const;
export type BillingCode = (typeof BILLING_CODES)[number];

export const UPLOAD_STATUSES = [
  'PENDING',
  'PROCESSING',
  'COMPLETED',
  'COMPLETED_WITH_ERRORS',
  'FAILED',
] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];
/** An upload's status in words, wherever people see it (lists, filters, dialogs, CSV). */
export const UPLOAD_STATUS_LABELS: Record<UploadStatus, string> = {
  PENDING: 'Waiting',
  PROCESSING: 'Processing',
  COMPLETED: 'Completed',
  COMPLETED_WITH_ERRORS: 'Completed with errors',
  FAILED: 'Failed',
};

/** Statuses of an earnings file import (docs/earnings-import.md). */
export const EARNINGS_IMPORT_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;

export const LOGIN_MODES = ['PASSWORD', 'SSO'] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];
/** How an organization's people sign in, in words. */
export const LOGIN_MODE_LABELS: Record<LoginMode, string> = {
  PASSWORD: 'E-mail and password',
  SSO: 'Company sign-in (SSO)',
};

/** Group in the access token that marks an administrator of the platform (spec §6). */
export const ADMINS_GROUP = 'Admins';

/** Maximum accepted request body, in bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;
