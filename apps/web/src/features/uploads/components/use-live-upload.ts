import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { TUpload } from '@laurel/contract/uploads';

import { api } from '../../../lib/api/api';
import { useGetUploadQuery } from '../api/uploads-api';
import { isRunning } from './upload-status';

/** How often a running upload is asked for its progress. */
const UPLOAD_POLL_MS = 1000;

/**
 * An upload, asked about every second while it is waiting or processing. When it finishes, the
 * lists, counts and insights it changes are fetched again.
 */
export function useLiveUpload(id: number, initial?: TUpload): TUpload | undefined {
  const [polling, setPolling] = useState(initial ? isRunning(initial) : true);
  const { data } = useGetUploadQuery(id, {
    pollingInterval: polling ? UPLOAD_POLL_MS : 0,
    skipPollingIfUnfocused: false,
    // A finished upload from a list needs no request of its own.
    skip: Boolean(initial && !isRunning(initial)),
  });
  const upload = data ?? initial;
  const running = upload ? isRunning(upload) : true;
  if (running !== polling) setPolling(running);

  const dispatch = useDispatch();
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) {
      dispatch(
        api.util.invalidateTags([
          { type: 'Upload', id: 'LIST' },
          'Insights',
          'Counts',
          'Credential',
          'Award',
          'Organization',
        ]),
      );
    }
    wasRunning.current = running;
  }, [running, dispatch]);
  return upload;
}
