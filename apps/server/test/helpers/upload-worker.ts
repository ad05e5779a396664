// A job worker in its own process for the crash test: it processes uploads in small batches and,
// after `stallAfter` rows, prints "stalled" and stops making progress (while still holding its
// lease), so that the test can kill it with SIGKILL in the middle of an upload.
// Usage: node upload-worker.ts <database url> <stallAfter>
import { pino } from 'pino';

import { createDatabase } from '../../src/db/database.ts';
import { createJobQueue } from '../../src/jobs/queue.ts';
import { JOB_TYPES } from '../../src/jobs/types.ts';
import { createProcessUploadHandler } from '../../src/modules/uploads/process-upload.ts';
import { createUploadsRepository } from '../../src/modules/uploads/uploads.repository.ts';

const [url, stallAfterText] = process.argv.slice(2);
if (!url || !stallAfterText) throw new Error('usage: upload-worker.ts <database url> <stallAfter>');
const stallAfter = Number(stallAfterText);

const database = createDatabase(url);
const queue = createJobQueue({
  db: database.db,
  dialect: database.dialect,
  log: pino({ level: 'silent' }),
  leaseMs: 1000,
  handlers: {
    [JOB_TYPES.processUpload]: createProcessUploadHandler(
      { uploads: createUploadsRepository(database.db, database.dialect) },
      {
        batchSize: 50,
        async afterBatch({ rowsProcessed }) {
          if (rowsProcessed < stallAfter) return;
          process.stdout.write(`stalled ${rowsProcessed}\n`);
          setInterval(() => {}, 60_000);
          await new Promise(() => {});
        },
      },
    ),
  },
});
await queue.runUntilIdle();
process.stdout.write('idle\n');
await database.destroy();
