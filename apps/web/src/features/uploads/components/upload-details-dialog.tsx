import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import type { TUpload } from '@laurel/contract/uploads';
import { API_PATHS } from '@laurel/contract/paths';

import { DetailGrid } from '../../../components/display/detail-grid';
import { visuallyHidden } from '../../../components/feedback/visually-hidden';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useDownloadFile } from '../../../lib/api/download';
import { getErrorText } from '../../../lib/errors/error-text';
import { formatDateTime, formatNumber } from '../../../lib/format/format';
import { getItemHref, getOrganizationItemHref } from '../../../lib/routing/paths';
import { useGetUploadCredentialsQuery } from '../api/uploads-api';
import { RefusedRows } from './refused-rows';
import { UploadProgressBar, UploadStatusChip } from './upload-progress';
import { formatFileSize, isRunning } from './upload-status';
import { useLiveUpload } from './use-live-upload';

/** The errors CSV's name: the upload's file name with "-errors". */
export function errorsFileName(fileName: string): string {
  return `${fileName.replace(/\.csv$/i, '')}-errors.csv`;
}

/** How many credentials' insights a finished upload links to; the organization's covers the rest. */
const CREDENTIAL_LINKS_SHOWN = 5;

/** The insights a finished upload changed: its organization's, and its credentials'. */
function ChangedInsights({
  upload,
  organizationHref,
  admin,
}: {
  upload: TUpload;
  organizationHref: string;
  admin: boolean;
}) {
  const intl = useIntl();
  const { data } = useGetUploadCredentialsQuery(upload.id);
  const credentials = data?.items ?? [];
  return (
    <Box
      component="section"
      aria-label={intl.formatMessage({ id: 'uploads.details.changedInsights' })}
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        <FormattedMessage id="uploads.details.changedInsightsDescription" />
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 5, display: 'grid', gap: 1 }}>
        <li>
          <Link
            component={RouterLink}
            to={getOrganizationItemHref(organizationHref, 'insights')}
            sx={{ fontWeight: 600 }}
          >
            <FormattedMessage
              id="uploads.details.insightsOf"
              values={{ name: upload.organizationName }}
            />
          </Link>
        </li>
        {credentials.slice(0, CREDENTIAL_LINKS_SHOWN).map((credential) => (
          <li key={credential.id}>
            <Link
              component={RouterLink}
              to={`${getItemHref('credentials', credential.id, upload.organizationId, { admin })}?tab=insights`}
            >
              <FormattedMessage
                id="uploads.details.insightsOf"
                values={{ name: `${credential.name} (${credential.code})` }}
              />
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** One upload with its live progress, its outcome and the rows that failed. */
export function UploadDetailsDialog({
  id,
  onClose,
  organizationHref,
  admin = false,
  onUploadCorrected,
}: {
  id: number;
  onClose: () => void;
  /** The `{organization route}` of the upload's organization, for its insights. */
  organizationHref: (organizationId: number) => string;
  /** Whether organization links go to the platform admin's organization routes. */
  admin?: boolean;
  /** Starts a new upload for the same organization; absent when the viewer may not upload. */
  onUploadCorrected?: ((organizationId: number) => void) | undefined;
}) {
  const intl = useIntl();
  const downloadFile = useDownloadFile();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const upload = useLiveUpload(id);
  const { showSnackbar } = useSnackbar();
  const [downloading, setDownloading] = useState(false);
  const finished = upload ? !isRunning(upload) : false;
  const showRefusals = Boolean(upload && finished && upload.rowsFailed > 0);

  const downloadErrors = async () => {
    if (!upload) return;
    setDownloading(true);
    try {
      await downloadFile(
        API_PATHS.uploadErrors(upload.id),
        {},
        {
          fileName: errorsFileName(upload.fileName),
        },
      );
    } catch (error) {
      showSnackbar(getErrorText(error), 'error');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth={showRefusals ? 'md' : 'sm'}
      fullScreen={fullScreen}
    >
      <DialogTitle sx={{ overflowWrap: 'anywhere', pr: 6 }}>
        {upload ? upload.fileName : intl.formatMessage({ id: 'uploads.details.upload' })}
      </DialogTitle>
      <DialogContent>
        {!upload ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress aria-label={intl.formatMessage({ id: 'uploads.details.loading' })} />
          </Box>
        ) : (
          <Box sx={{ display: 'grid', gap: 5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <UploadStatusChip status={upload.status} />
              {/* Told to screen readers as it changes (not every row counted): 4.1.3. */}
              <Box component="span" role="status" sx={visuallyHidden}>
                {statusAnnouncement(upload, intl)}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {[formatFileSize(upload.fileSize), upload.organizationName].join(' · ')}
              </Typography>
            </Box>
            {isRunning(upload) || upload.rowsTotal > 0 ? (
              <UploadProgressBar upload={upload} />
            ) : null}
            {upload.errorMessage ? (
              <Alert severity="error" variant="outlined">
                {upload.errorMessage}
              </Alert>
            ) : null}
            <DetailGrid
              items={[
                {
                  label: intl.formatMessage({ id: 'uploads.details.rows' }),
                  value: formatNumber(upload.rowsTotal),
                },
                // Counted when the upload has finished.
                {
                  label: intl.formatMessage({ id: 'uploads.details.rowsOk' }),
                  value: isRunning(upload) ? '—' : formatNumber(upload.rowsOk),
                },
                {
                  label: intl.formatMessage({ id: 'uploads.details.rowsFailed' }),
                  value: isRunning(upload) ? '—' : formatNumber(upload.rowsFailed),
                },
                {
                  label: intl.formatMessage({ id: 'uploads.uploaded' }),
                  value: formatDateTime(upload.createdAt),
                },
                {
                  label: intl.formatMessage({ id: 'uploads.details.by' }),
                  value: upload.uploadedBy ?? '—',
                },
                {
                  label: intl.formatMessage({ id: 'uploads.details.finished' }),
                  value: upload.finishedAt
                    ? formatDateTime(upload.finishedAt)
                    : intl.formatMessage({ id: 'uploads.details.notYet' }),
                },
              ]}
            />
            {showRefusals ? (
              <>
                <Typography variant="body2" color="text.secondary">
                  <FormattedMessage id="uploads.details.correctRows" />
                </Typography>
                <RefusedRows uploadId={upload.id} />
              </>
            ) : null}
            {finished && upload.rowsOk > 0 ? (
              <ChangedInsights
                upload={upload}
                organizationHref={organizationHref(upload.organizationId)}
                admin={admin}
              />
            ) : null}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 6, pb: 5, flexWrap: 'wrap', gap: 2 }}>
        {upload && onUploadCorrected && (showRefusals || upload.status === 'FAILED') ? (
          <Button
            variant="outlined"
            startIcon={<FileUploadOutlined />}
            onClick={() => onUploadCorrected(upload.organizationId)}
          >
            <FormattedMessage id="uploads.details.uploadCorrected" />
          </Button>
        ) : null}
        {upload && showRefusals ? (
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            onClick={() => void downloadErrors()}
            disabled={downloading}
          >
            <FormattedMessage id="uploads.details.downloadErrors" />
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          <FormattedMessage id="uploads.details.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What a screen reader is told of an upload: its status, and once finished, its rows. */
function statusAnnouncement(upload: TUpload, intl: IntlShape): string {
  const status = upload.status;
  if (isRunning(upload) || (upload.rowsOk === 0 && upload.rowsFailed === 0))
    return intl.formatMessage({ id: 'uploads.details.announcement' }, { status });
  return intl.formatMessage(
    { id: 'uploads.details.announcementRows' },
    {
      status,
      ok: upload.rowsOk,
      okCount: formatNumber(upload.rowsOk),
      failed: formatNumber(upload.rowsFailed),
    },
  );
}
