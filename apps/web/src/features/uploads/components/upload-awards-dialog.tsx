import { Fragment, useId, useState, type ChangeEvent, type DragEvent } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { API_PATHS } from '@laurel/contract/paths';
import { UPLOAD_COLUMNS, UPLOAD_MAX_BYTES, type TUpload } from '@laurel/contract/uploads';

import {
  OrganizationPicker,
  type OrganizationOption,
} from '../../../components/forms/organization-picker';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useDownloadFile } from '../../../lib/api/download';
import { getErrorText } from '../../../lib/errors/error-text';
import { useCreateUploadMutation } from '../api/uploads-api';
import { formatFileSize } from './upload-status';

/** Between the template's column names, as in the file. */
const COLUMN_SEPARATOR = ',';

/** Why a chosen file cannot be uploaded, or null. */
export function checkUploadFile(file: Pick<File, 'name' | 'size'>, intl: IntlShape): string | null {
  if (!/\.csv$/i.test(file.name)) return intl.formatMessage({ id: 'uploads.awardsDialog.notCsv' });
  if (file.size === 0) return intl.formatMessage({ id: 'uploads.awardsDialog.emptyFile' });
  if (file.size > UPLOAD_MAX_BYTES)
    return intl.formatMessage(
      { id: 'uploads.awardsDialog.tooLarge' },
      { size: formatFileSize(UPLOAD_MAX_BYTES) },
    );
  return null;
}

/**
 * "Upload awards": a CSV of the people who earned credentials, with the template and a short
 * description of the format. Platform admins outside an organization choose one first.
 */
export function UploadAwardsDialog({
  open,
  organizationId,
  onClose,
  onUploaded,
  onExited,
}: {
  open: boolean;
  /** The organization the awards belong to; null lets a platform admin choose. */
  organizationId: number | null;
  onClose: () => void;
  onUploaded: (upload: TUpload) => void;
  /** Once the dialog has finished closing: the moment another dialog may open in its place. */
  onExited?: () => void;
}) {
  const intl = useIntl();
  const downloadFile = useDownloadFile();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [chosenOrganization, setChosenOrganization] = useState<OrganizationOption | null>(null);
  const [organizationError, setOrganizationError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateUploadMutation();
  const { showSnackbar } = useSnackbar();
  const inputId = useId();
  const formatId = useId();

  const reset = () => {
    setFile(null);
    setFileError(null);
    setChosenOrganization(null);
    setOrganizationError(null);
    setServerError(null);
  };
  const close = () => {
    if (isLoading) return;
    reset();
    onClose();
  };

  const [dragging, setDragging] = useState(false);

  const take = (next: File | null) => {
    setServerError(null);
    setFile(next);
    setFileError(next ? checkUploadFile(next, intl) : null);
  };
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.files?.[0] ?? null;
    event.target.value = '';
    take(next);
  };
  // A file dropped anywhere on the dialog is chosen as if picked (never opened by the browser).
  const dropZone = {
    onDragOver: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      const files = event.dataTransfer.files;
      if (files.length === 0) return;
      if (files.length > 1) {
        setFile(null);
        setFileError(intl.formatMessage({ id: 'uploads.awardsDialog.dropOne' }));
        return;
      }
      take(files[0] ?? null);
    },
  };

  const submit = async () => {
    const targetId = organizationId ?? chosenOrganization?.id ?? null;
    const missingFile = file
      ? checkUploadFile(file, intl)
      : intl.formatMessage({ id: 'uploads.awardsDialog.chooseFile' });
    setFileError(missingFile);
    setOrganizationError(
      targetId === null
        ? intl.formatMessage({ id: 'uploads.awardsDialog.chooseOrganization' })
        : null,
    );
    if (missingFile || targetId === null || !file) return;
    try {
      const upload = await create({ organizationId: targetId, file }).unwrap();
      showSnackbar(
        intl.formatMessage({ id: 'uploads.awardsDialog.uploaded' }, { file: upload.fileName }),
        'success',
      );
      reset();
      onUploaded(upload);
    } catch (error) {
      setServerError(getErrorText(error));
    }
  };

  const downloadTemplate = async () => {
    const targetId = organizationId ?? chosenOrganization?.id ?? null;
    try {
      // Offered to an organization, the template's examples use its own credential codes.
      await downloadFile(
        API_PATHS.uploadTemplate,
        targetId === null ? {} : { organizationId: String(targetId) },
        { fileName: 'awards-template.csv' },
      );
    } catch (error) {
      showSnackbar(getErrorText(error), 'error');
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle>
        <FormattedMessage id="uploads.uploadAwards" />
      </DialogTitle>
      <DialogContent {...dropZone} data-testid="upload-drop-zone">
        <Box sx={{ display: 'grid', gap: 5, pt: 1 }}>
          <Box id={formatId}>
            <Typography sx={{ mb: 2 }}>
              <FormattedMessage id="uploads.awardsDialog.format" />
            </Typography>
            <Box
              component="code"
              sx={{
                display: 'block',
                p: 3,
                borderRadius: 1,
                bgcolor: 'action.hover',
                fontSize: '0.8125rem',
                // Lines break after a comma only, never inside a column name (date_of_birth).
                overflowWrap: 'normal',
                wordBreak: 'keep-all',
              }}
            >
              {UPLOAD_COLUMNS.map((column, index) => (
                <Fragment key={column}>
                  {index > 0 ? (
                    <>
                      {COLUMN_SEPARATOR}
                      <wbr />
                    </>
                  ) : null}
                  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                    {column}
                  </Box>
                </Fragment>
              ))}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              <FormattedMessage
                id="uploads.awardsDialog.formatDetails"
                values={{ size: formatFileSize(UPLOAD_MAX_BYTES) }}
              />
            </Typography>
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => void downloadTemplate()}
              sx={{ mt: 2, fontWeight: 600 }}
            >
              <FormattedMessage id="uploads.awardsDialog.downloadTemplate" />
            </Link>
          </Box>
          {organizationId === null ? (
            <OrganizationPicker
              required
              value={chosenOrganization}
              onChange={(next) => {
                setChosenOrganization(next);
                setOrganizationError(null);
              }}
              error={organizationError ?? undefined}
            />
          ) : null}
          <Box
            sx={{
              p: 4,
              border: 2,
              borderStyle: 'dashed',
              borderRadius: 1,
              borderColor: dragging ? 'primary.main' : 'divider',
              bgcolor: dragging ? 'action.selected' : 'transparent',
              textAlign: 'center',
            }}
          >
            <Typography variant="body2" sx={{ mb: 2 }}>
              <FormattedMessage
                id={dragging ? 'uploads.awardsDialog.dropHere' : 'uploads.awardsDialog.dragHere'}
              />
            </Typography>
            <Button
              component="label"
              htmlFor={inputId}
              variant="outlined"
              startIcon={<InsertDriveFileOutlined />}
              // The file input itself is invisible: its keyboard focus shows on this button.
              sx={{
                '&:has(+ input:focus-visible)': {
                  outline: '2px solid',
                  outlineColor: 'primary.main',
                  outlineOffset: 2,
                },
              }}
            >
              <FormattedMessage
                id={file ? 'uploads.awardsDialog.chooseAnother' : 'uploads.awardsDialog.chooseCsv'}
              />
            </Button>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              aria-describedby={formatId}
              onChange={choose}
              style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
            />
            <Typography
              variant="body2"
              sx={{ mt: 2, overflowWrap: 'anywhere' }}
              color={fileError ? 'error' : 'text.secondary'}
              aria-live="polite"
            >
              {fileError ??
                (file
                  ? [file.name, formatFileSize(file.size)].join(' · ')
                  : intl.formatMessage({ id: 'uploads.awardsDialog.noFile' }))}
            </Typography>
          </Box>
          {serverError ? (
            <Alert severity="error" variant="outlined">
              {serverError}
            </Alert>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 6, pb: 5 }}>
        <Button onClick={close} disabled={isLoading}>
          <FormattedMessage id="uploads.cancel" />
        </Button>
        <Button
          variant="contained"
          startIcon={<FileUploadOutlined />}
          onClick={() => void submit()}
          disabled={isLoading}
        >
          <FormattedMessage
            id={isLoading ? 'uploads.awardsDialog.uploading' : 'uploads.awardsDialog.upload'}
          />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
