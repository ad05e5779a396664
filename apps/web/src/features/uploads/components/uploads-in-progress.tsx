import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TUpload } from '@laurel/contract/uploads';

import {
  UPLOADS_IN_PROGRESS_SHOWN as SHOWN,
  uploadsInProgressArgs,
  useListUploadsQuery,
} from '../api/uploads-api';
import { UploadProgressBar, UploadStatusChip } from './upload-progress';
import { useLiveUpload } from './use-live-upload';

/** New uploads show up within this time. */
const LIST_POLL_MS = 10_000;

function RunningUpload({ upload: listed }: { upload: TUpload }) {
  const upload = useLiveUpload(listed.id, listed) ?? listed;
  return (
    <Box component="li" sx={{ py: 3, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {upload.fileName}
        </Typography>
        <UploadStatusChip status={upload.status} />
      </Box>
      <UploadProgressBar upload={upload} />
    </Box>
  );
}

/** The dashboard's "Uploads in progress" for admins: what is waiting or processing, live. */
export default function UploadsInProgress({ href }: { href: string }) {
  const [processingArgs, pendingArgs] = uploadsInProgressArgs;
  const processing = useListUploadsQuery(processingArgs!, { pollingInterval: LIST_POLL_MS });
  const pending = useListUploadsQuery(pendingArgs!, { pollingInterval: LIST_POLL_MS });
  const loading = processing.isLoading || pending.isLoading;
  const running = [...(processing.data?.items ?? []), ...(pending.data?.items ?? [])].slice(
    0,
    SHOWN,
  );
  const total = (processing.data?.total ?? 0) + (pending.data?.total ?? 0);

  return (
    <Card component="section" aria-labelledby="uploads-in-progress-title" sx={{ p: 5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography id="uploads-in-progress-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          <FormattedMessage id="uploads.inProgress.title" />
        </Typography>
        <Button component={RouterLink} to={href} size="small">
          <FormattedMessage id="uploads.inProgress.all" />
        </Button>
      </Box>
      {loading ? (
        <Skeleton variant="rounded" height={56} />
      ) : running.length === 0 ? (
        <Typography color="text.secondary">
          <FormattedMessage id="uploads.inProgress.none" />
        </Typography>
      ) : (
        <>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {running.map((upload) => (
              <RunningUpload key={upload.id} upload={upload} />
            ))}
          </Box>
          {total > running.length ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              <FormattedMessage
                id="uploads.inProgress.more"
                values={{ count: total - running.length }}
              />
            </Typography>
          ) : null}
        </>
      )}
    </Card>
  );
}
