// The job worker on its own thread (started by `createThreadedJobQueue`): its own database
// connection, the same handlers, logs to the same stdout. On SQLite, WAL lets the server's reads
// run beside its writes; on both databases its CPU work (parsing, matching, aggregates) no longer
// holds up requests on the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { pino } from 'pino';

import { createDatabase } from '../db/database.ts';
import { createJobHandlers } from './handlers.ts';
import { createJobQueue } from './queue.ts';
import type { JobThreadData, JobThreadMessage, JobThreadReport } from './threaded-queue.ts';

const data = workerData as JobThreadData;
const port = parentPort!;
const report = (message: JobThreadReport) => port.postMessage(message);

const log = pino({
  level: data.logLevel,
  ...(data.pretty
    ? {
        transport: {
          target: 'pino-pretty',
          options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
        },
      }
    : {}),
}).child({ thread: 'jobs' });

const database = createDatabase(data.databaseUrl, {
  onIdleError: (error) => log.warn({ err: error }, 'an idle database connection closed'),
});
const queue = createJobQueue({
  db: database.db,
  dialect: database.dialect,
  log,
  workerId: data.workerId,
  handlers: createJobHandlers({
    db: database.db,
    dialect: database.dialect,
    earningsProvider: data.earningsProvider,
    insightsEarningsFloor: data.insightsEarningsFloor,
    databaseUrl: data.databaseUrl,
    ...(data.openBadges ? { openBadges: data.openBadges } : {}),
    ...(data.webhooks ? { webhooks: data.webhooks } : {}),
    ...(data.insightsDigest ? { insightsDigest: data.insightsDigest } : {}),
  }),
  onJobFinished: (event) => report({ type: 'finished', event }),
});

port.on('message', (message: JobThreadMessage) => {
  if (message.type === 'notify') queue.notify();
  if (message.type === 'stop') {
    void (async () => {
      // The running job reaches a safe point and goes back to the queue without using an attempt.
      await queue.stop();
      await database.destroy();
      report({ type: 'stopped' });
      port.close();
    })();
  }
});
queue.start();
report({ type: 'started' });
