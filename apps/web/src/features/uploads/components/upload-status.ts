import type { IntlShape } from 'react-intl';
import type { UploadStatus } from '@laurel/contract/constants';
import type { TUpload } from '@laurel/contract/uploads';

import { formatNumber } from '../../../lib/format/format';
import type { MessageId } from '../../../lib/i18n/catalogue';

/** An upload's status in words ("Waiting", "Completed with errors"). */
export const UPLOAD_STATUS_MESSAGES: Record<UploadStatus, MessageId> = {
  PENDING: 'uploads.status.pending',
  PROCESSING: 'uploads.status.processing',
  COMPLETED: 'uploads.status.completed',
  COMPLETED_WITH_ERRORS: 'uploads.status.completedWithErrors',
  FAILED: 'uploads.status.failed',
};

export const UPLOAD_STATUS_TONES: Record<
  UploadStatus,
  'default' | 'info' | 'success' | 'warning' | 'error'
> = {
  PENDING: 'default',
  PROCESSING: 'info',
  COMPLETED: 'success',
  COMPLETED_WITH_ERRORS: 'warning',
  FAILED: 'error',
};

export const isRunning = (upload: Pick<TUpload, 'status'>): boolean =>
  upload.status === 'PENDING' || upload.status === 'PROCESSING';

/** "12,000 of 100,000 rows"; before the rows are counted, "Counting rows…". */
export function describeProgress(
  upload: Pick<TUpload, 'rowsProcessed' | 'rowsTotal' | 'status'>,
  intl: IntlShape,
): string {
  if (upload.rowsTotal === 0)
    return intl.formatMessage({
      id: upload.status === 'PENDING' ? 'uploads.progress.waiting' : 'uploads.progress.counting',
    });
  return intl.formatMessage(
    { id: 'uploads.progress.rows' },
    {
      processed: formatNumber(upload.rowsProcessed),
      total: formatNumber(upload.rowsTotal),
      count: upload.rowsTotal,
    },
  );
}

/** Percent done, 0–100. */
export function progressPercent(upload: Pick<TUpload, 'rowsProcessed' | 'rowsTotal'>): number {
  if (upload.rowsTotal <= 0) return 0;
  return Math.min(100, Math.round((upload.rowsProcessed / upload.rowsTotal) * 100));
}

/** 1536 → "1.5 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
