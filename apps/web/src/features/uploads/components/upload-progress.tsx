import { FormattedMessage, useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TUpload } from '@laurel/contract/uploads';

import { formatNumber } from '../../../lib/format/format';
import {
  UPLOAD_STATUS_MESSAGES,
  UPLOAD_STATUS_TONES,
  describeProgress,
  isRunning,
  progressPercent,
} from './upload-status';

/** The status of an upload as a chip, in words ("Waiting", "Completed with errors"). */
export function UploadStatusChip({ status }: { status: TUpload['status'] }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: UPLOAD_STATUS_MESSAGES[status] });
  return (
    <Chip
      size="small"
      variant="outlined"
      color={UPLOAD_STATUS_TONES[status]}
      label={label}
      sx={{ fontWeight: 700 }}
    />
  );
}

/** A determinate progress bar with "12,000 of 100,000 rows" (indeterminate until counted). */
export function UploadProgressBar({ upload }: { upload: TUpload }) {
  const counted = upload.rowsTotal > 0;
  const intl = useIntl();
  const text = describeProgress(upload, intl);
  return (
    <Box sx={{ minWidth: 160 }}>
      <LinearProgress
        variant={counted ? 'determinate' : 'indeterminate'}
        value={counted ? progressPercent(upload) : undefined}
        aria-label={text}
        sx={{ height: 8, borderRadius: 4, mb: 1 }}
      />
      <Typography variant="body2" color="text.secondary" aria-hidden="true">
        {text}
      </Typography>
    </Box>
  );
}

/** Rows accepted and rejected once an upload has finished (or so far, while it runs). */
export function UploadRowCounts({ upload }: { upload: TUpload }) {
  if (isRunning(upload)) return <UploadProgressBar upload={upload} />;
  if (upload.status === 'FAILED' && upload.rowsOk === 0 && upload.rowsFailed === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="uploads.rows.noneRead" />
      </Typography>
    );
  return (
    <Typography variant="body2">
      <FormattedMessage id="uploads.rows.ok" values={{ count: formatNumber(upload.rowsOk) }} />
      {upload.rowsFailed > 0 ? (
        <Box component="span" sx={{ color: 'error.main', fontWeight: 700 }}>
          <FormattedMessage
            id="uploads.rows.failed"
            values={{ count: formatNumber(upload.rowsFailed) }}
          />
        </Box>
      ) : null}
    </Typography>
  );
}
