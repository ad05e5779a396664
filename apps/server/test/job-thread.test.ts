import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { UPLOAD_COLUMNS } from '@laurel/contract/uploads';

import { createTestApp, type TestApp } from './helpers/app.ts';
import { DIALECTS } from './helpers/database.ts';
import { createWorld, type World } from './helpers/world.ts';

/** An awards file of `rows` rows for the credential `ALPHA-1`, as a browser sends it. */
function awardsUpload(rows: number) {
  const boundary = `----laurel-${randomUUID()}`;
  const lines = Array.from(
    { length: rows },
    (_, i) => `ALPHA-1,thread-${i},Ada,Lovelace,ada${i}@example.org,1990-01-01,2024-06-01`,
  );
  const file = `${UPLOAD_COLUMNS.join(',')}\r\n${lines.join('\r\n')}\r\n`;
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="awards.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${file}\r\n--${boundary}--\r\n`,
    ),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe.each(DIALECTS)('the job thread on %s', (dialect) => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    // Ended at once when asked to stop: the case of a job that does not reach a safe point in time.
    t = await createTestApp(dialect, { jobThread: { stopTimeoutMs: 0 } });
    w = await createWorld(t);
  });
  afterAll(() => t?.close());

  const uploadJob = () =>
    t.database.handle.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'lockedBy'])
      .where('type', '=', 'process-upload')
      .executeTakeFirst();

  it('that does not stop in time is ended, and its running job goes back to the queue without using an attempt, to run to its end later', async () => {
    const body = awardsUpload(30_000);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/organizations/${w.a.id}/uploads`,
      headers: {
        'content-type': body.contentType,
        authorization: `Bearer ${await w.token(w.adminA)}`,
      },
      payload: body.payload,
    });
    expect(created.statusCode, created.body).toBe(201);

    t.app.jobs.start();
    for (let i = 0; i < 600 && (await uploadJob())?.status !== 'RUNNING'; i += 1) await sleep(20);
    expect(await uploadJob()).toMatchObject({ status: 'RUNNING', attempts: 1 });

    await t.app.jobs.stop();
    expect(await uploadJob()).toEqual({ status: 'QUEUED', attempts: 0, lockedBy: null });

    // A worker started again takes it from the queue: its first attempt, which completes.
    t.app.jobs.start();
    for (let i = 0; i < 1200 && (await uploadJob())?.status !== 'DONE'; i += 1) await sleep(50);
    expect(await uploadJob()).toEqual({ status: 'DONE', attempts: 1, lockedBy: null });
    await t.app.jobs.stop();
    const upload = await t.database.handle.db
      .selectFrom('uploads')
      .select(['status'])
      .executeTakeFirstOrThrow();
    expect(upload.status).toBe('COMPLETED');
  }, 120_000);
});
