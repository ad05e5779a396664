import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { API_PATHS } from '@laurel/contract/paths';

import { DetailGrid } from '../../../components/display/detail-grid';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useDownloadFile } from '../../../lib/api/download';
import { getErrorText } from '../../../lib/errors/error-text';
import { formatDateTime, formatNumber } from '../../../lib/format/format';
import { UploadProgressBar, UploadStatusChip } from './upload-progress';
import { formatFileSize, isRunning } from './upload-status';
import { useLiveUpload } from './use-live-upload';

/** The errors CSV's name: the upload's file name with "-errors". */
export function errorsFileName(fileName: string): string {
  return `${fileName.replace(/\.csv$/i, '')}-errors.csv`;
}

/** One upload with its live progress, its outcome and the rows that failed. */
export function UploadDetailsDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const downloadFile = useDownloadFile();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const upload = useLiveUpload(id);
  const { showSnackbar } = useSnackbar();
  const [downloading, setDownloading] = useState(false);

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
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle sx={{ overflowWrap: 'anywhere', pr: 6 }}>
        {upload ? upload.fileName : 'Upload'}
      </DialogTitle>
      <DialogContent>
        {!upload ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress aria-label="Loading the upload" />
          </Box>
        ) : (
          <Box sx={{ display: 'grid', gap: 5 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <UploadStatusChip status={upload.status} />
              <Typography variant="body2" color="text.secondary">
                {formatFileSize(upload.fileSize)} · {upload.organizationName}
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
                { label: 'Rows', value: formatNumber(upload.rowsTotal) },
                // Counted when the upload has finished.
                {
                  label: 'Rows ok',
                  value: isRunning(upload) ? '—' : formatNumber(upload.rowsOk),
                },
                {
                  label: 'Rows failed',
                  value: isRunning(upload) ? '—' : formatNumber(upload.rowsFailed),
                },
                { label: 'Uploaded', value: formatDateTime(upload.createdAt) },
                { label: 'By', value: upload.uploadedBy ?? '—' },
                {
                  label: 'Finished',
                  value: upload.finishedAt ? formatDateTime(upload.finishedAt) : 'Not yet',
                },
              ]}
            />
            {upload.rowsFailed > 0 && !isRunning(upload) ? (
              <Typography variant="body2" color="text.secondary">
                The errors file lists each failed row as it was uploaded, with the reason. Correct
                the rows and upload them again as a new file.
              </Typography>
            ) : null}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 6, pb: 5, flexWrap: 'wrap', gap: 2 }}>
        {upload && upload.rowsFailed > 0 && !isRunning(upload) ? (
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            onClick={() => void downloadErrors()}
            disabled={downloading}
          >
            Download errors (CSV)
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
