// Webhooks: `npm start` as people run it (demo mode, where a receiver on this machine is allowed,
// the default log level) with a receiver on this machine that verifies every delivery's signature
// (standardwebhooks). (1) Throughput: 10,000 events (BENCH_WEBHOOK_EVENTS) recorded in the outbox
// at once, as an upload's events would be, until the receiver has verified them all: deliveries
// a second. (2) What an endpoint adds to the upload that emits its event: a 5,000-row upload from
// accepted to COMPLETED with and without an endpoint subscribed to `upload.completed`, five
// interleaved rounds: the ratio of the medians (target: nothing measurable, ≤ 1.05).
// `npm run bench -- webhooks`
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';

import { createDatabase } from '../apps/server/src/db/database.ts';
import { recordWebhookEvent } from '../apps/server/src/modules/webhooks/webhook-outbox.ts';
import { freePort } from '../e2e/support/server.ts';
import { signIn } from './foundation.ts';
import { type BenchRow, MAX_ROUND_SPREAD, spreadOf, startProcess, untilJobsDone } from './lib.ts';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const UPLOAD_ROWS = 5_000;
const ROUNDS = 5;
const LATENCY_TARGET = 1.05;
const ADMIN = 'orgadmin@northwind.demo';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** A receiver that verifies each delivery and counts the distinct events it accepted. */
async function startReceiver() {
  const seen = new Set<string>();
  let refused = 0;
  let verifier: Webhook | null = null;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        verifier!.verify(Buffer.concat(chunks).toString('utf8'), request.headers as never);
        seen.add(String(request.headers['webhook-id']));
        response.writeHead(204).end();
      } catch {
        refused += 1;
        response.writeHead(400).end();
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    setSecret: (secret: string) => (verifier = new Webhook(secret)),
    seen,
    refused: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function benchWebhooks(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'laurel-bench-webhooks-'));
  const databaseUrl = `sqlite:${join(dir, 'laurel.db')}`;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const receiver = await startReceiver();
  const server = await startProcess(
    '',
    ['start'],
    { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATABASE_URL: databaseUrl },
    url,
    '/readyz',
    180_000,
    { command: 'npm' },
  );
  const database = createDatabase(databaseUrl);
  try {
    await untilJobsDone(database);
    const headers = { authorization: `Bearer ${await signIn(url, ADMIN)}` };
    const json = { ...headers, 'content-type': 'application/json' };
    const { organizationId } = (await (
      await fetch(`${url}/api/users/profile`, { headers })
    ).json()) as { organizationId: number };
    const hooks = `${url}/api/organizations/${organizationId}/webhooks`;
    const created = await fetch(hooks, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ url: receiver.url, events: ['award.matched', 'upload.completed'] }),
    });
    if (created.status !== 201) throw new Error(`endpoint: ${await created.text()}`);
    const endpoint = (await created.json()) as { id: number; secret: string };
    receiver.setSecret(endpoint.secret);

    // (1) Throughput.
    const loadBefore = loadavg()[0]!.toFixed(2);
    const started = performance.now();
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < EVENTS; i++)
        await recordWebhookEvent(trx, organizationId, 'award.matched', { awardIds: [i + 1] });
    });
    const recorded = performance.now();
    for (const deadline = Date.now() + 600_000; receiver.seen.size < EVENTS;) {
      if (Date.now() > deadline) throw new Error(`delivered ${receiver.seen.size} of ${EVENTS}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - recorded) / 1000;

    // (2) An upload with and without an endpoint waiting for its event.
    const header =
      'credential_code,external_id,first_name,last_name,email,date_of_birth,award_date';
    const credentials = (await (
      await fetch(`${url}/api/credentials?pageSize=1&organizationId=${organizationId}`, { headers })
    ).json()) as { items: Array<{ code: string }> };
    const code = credentials.items[0]!.code;
    let batch = 0;
    const uploadTime = async () => {
      batch += 1;
      const rows = Array.from(
        { length: UPLOAD_ROWS },
        (_, i) => `${code},WB-${batch}-${i},Bench,Person${i},,,2025-06-01`,
      );
      const begin = performance.now();
      const response = await fetch(`${url}/api/organizations/${organizationId}/uploads`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/csv' },
        body: `${header}\r\n${rows.join('\r\n')}\r\n`,
      });
      const { id } = (await response.json()) as { id: number };
      for (;;) {
        const upload = (await (await fetch(`${url}/api/uploads/${id}`, { headers })).json()) as {
          status: string;
        };
        if (upload.status !== 'PENDING' && upload.status !== 'PROCESSING') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const elapsed = performance.now() - begin;
      await untilJobsDone(database);
      return elapsed;
    };
    const setEnabled = (enabled: boolean) =>
      fetch(`${hooks}/${endpoint.id}`, {
        method: 'PATCH',
        headers: json,
        body: JSON.stringify({ enabled }),
      });
    await uploadTime(); // warm-up
    const withHook: number[] = [];
    const without: number[] = [];
    const loads: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      loads.push(loadavg()[0]!.toFixed(2));
      for (const on of round % 2 === 0 ? [true, false] : [false, true]) {
        await setEnabled(on);
        (on ? withHook : without).push(await uploadTime());
      }
    }
    const ratio = median(withHook) / median(without);
    return [
      {
        name: `Webhook deliveries to a local receiver (${EVENTS.toLocaleString('en-US')} events)`,
        value: Math.round(EVENTS / seconds),
        unit: 'per s',
        note: `all ${EVENTS} verified once in ${seconds.toFixed(1)} s (recording them took ${((recorded - started) / 1000).toFixed(1)} s); refused ${receiver.refused()}; load avg ${loadBefore}`,
      },
      {
        name: `Upload of ${UPLOAD_ROWS.toLocaleString('en-US')} rows with ÷ without an endpoint for its event`,
        value: Math.round(ratio * 100) / 100,
        unit: '',
        target: `≤ ${LATENCY_TARGET}`,
        ...(Math.max(spreadOf(withHook), spreadOf(without)) > MAX_ROUND_SPREAD
          ? {
              unsure: `rounds differ ${Math.max(spreadOf(withHook), spreadOf(without)).toFixed(2)}×`,
            }
          : { pass: ratio <= LATENCY_TARGET }),
        note: `with ${withHook.map((t) => Math.round(t)).join(', ')} ms, without ${without.map((t) => Math.round(t)).join(', ')} ms; load avg ${loads.join(', ')}`,
      },
    ];
  } finally {
    await database.destroy();
    await server.stop();
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await benchWebhooks()) console.log(row);
}
