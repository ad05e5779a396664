import { createHmac, timingSafeEqual } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { API_PATHS } from '@laurel/contract/paths';
import { WEBHOOK_MESSAGES } from '@laurel/contract/webhooks';

import type { Database } from '../src/db/schema.ts';
import { isPrivateAddress } from '../src/lib/outbound.ts';
import { recordWebhookEvent } from '../src/modules/webhooks/webhook-outbox.ts';
import { createWebhooksRepository } from '../src/modules/webhooks/webhooks.repository.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import type { BuiltUser } from './helpers/builders.ts';
import { DIALECTS } from './helpers/database.ts';
import { createWorld, type World } from './helpers/world.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, read field by field
type Json = Record<string, any>;
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** A webhook receiver on 127.0.0.1: records every request, answers from a script (then 200). */
async function startReceiver() {
  const received: Received[] = [];
  const script: Answer[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = script.shift() ?? { status: 200, body: 'ok' };
      response.writeHead(answer.status, answer.headers ?? {});
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    script,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Standard Webhooks' signature, computed here with node:crypto alone: a verifier of our own. */
function independentlyVerified(secret: string, received: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${String(received.headers['webhook-id'])}.${String(received.headers['webhook-timestamp'])}.${received.body}`;
  const expected = createHmac('sha256', key).update(signed).digest();
  return String(received.headers['webhook-signature'])
    .split(' ')
    .some((part) => {
      const [version, signature] = part.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return (
        version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected)
      );
    });
}

const BOUNDARY = 'laurel-webhook-boundary';
const csv = (rows: string[]) =>
  [
    'credential_code,external_id,first_name,last_name,email,date_of_birth,award_date',
    ...rows,
    '',
  ].join('\r\n');

describe.each(DIALECTS)('organization webhooks on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  let db: Kysely<Database>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  /** How far the delivery's clock is ahead of the real one: tests move it, never wait. */
  let ahead = 0;
  const clock = () => Date.now() + ahead;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp(dialect, {
      webhooks: {
        webhookLoopbackReceivers: true,
        // No jitter: each wait is exactly the specification's.
        webhookDelivery: { now: clock, random: () => 0.5 },
      },
    });
    w = await createWorld(t);
    db = t.database.handle.db;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });
  beforeEach(async () => {
    receiver.received.length = 0;
    receiver.script.length = 0;
    // Each test makes the endpoints it needs (a failed test's are gone too).
    await db.deleteFrom('webhookEndpoints').execute();
  });

  const call = async (
    user: BuiltUser | string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${typeof user === 'string' ? user : await w.token(user)}`,
      },
      ...(payload ? { payload } : {}),
    });
  const create = async (url: string, events: string[], as: BuiltUser = w.adminA) => {
    const created = await call(as, 'POST', API_PATHS.webhooks(w.a.id), { url, events });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as Json;
  };
  const remove = async (id: number) =>
    expect((await call(w.adminA, 'DELETE', API_PATHS.webhook(w.a.id, id))).statusCode).toBe(204);
  const upload = async (rows: string[]) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/organizations/${w.a.id}/uploads`,
      headers: {
        authorization: `Bearer ${await w.token(w.adminA)}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      payload:
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="awards.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${csv(rows)}\r\n--${BOUNDARY}--\r\n`,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  /** Moves the delivery's clock and makes the queued deliveries' job due now, then runs jobs. */
  const later = async (ms: number) => {
    ahead += ms;
    await db
      .updateTable('jobs')
      .set({ runAt: new Date(Date.now() - 1000).toISOString() })
      .where('type', '=', 'deliver-webhooks')
      .where('status', '=', 'QUEUED')
      .execute();
    await t.runJobs();
  };
  const deliveries = async (id: number) => {
    const response = await call(w.adminA, 'GET', API_PATHS.webhookDeliveries(w.a.id, id));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().items as Json[];
  };
  const endpoint = async (id: number) =>
    ((await call(w.adminA, 'GET', API_PATHS.webhooks(w.a.id))).json().items as Json[]).find(
      (item) => item.id === id,
    )!;

  it('is managed by the organization’s admins and platform admins, its secret shown once', async () => {
    const body = { url: 'https://hooks.example.com/laurel', events: ['upload.completed'] };
    expect((await call(w.userA, 'POST', API_PATHS.webhooks(w.a.id), body)).statusCode).toBe(403);
    expect((await call(w.userA, 'GET', API_PATHS.webhooks(w.a.id))).statusCode).toBe(403);
    // Another organization's admin sees nothing of them.
    expect((await call(w.adminB, 'POST', API_PATHS.webhooks(w.a.id), body)).statusCode).toBe(404);
    expect((await call(w.adminB, 'GET', API_PATHS.webhooks(w.a.id))).statusCode).toBe(404);

    const created = await create(body.url, body.events);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    expect(created).toMatchObject({
      url: 'https://hooks.example.com/laurel',
      events: ['upload.completed'],
      enabled: true,
      disabledReason: null,
      secretStart: created.secret.slice(0, 10),
    });
    const listed = await call(w.adminA, 'GET', API_PATHS.webhooks(w.a.id));
    expect(listed.json().items).toHaveLength(1);
    expect(listed.body).not.toContain(created.secret);
    const stored = await db.selectFrom('webhookEndpoints').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(created.secret.slice(6));
    expect(
      (await call(w.adminB, 'GET', API_PATHS.webhookDeliveries(w.a.id, created.id))).statusCode,
    ).toBe(404);
    expect(
      (await call(w.adminB, 'PATCH', API_PATHS.webhook(w.a.id, created.id), { enabled: false }))
        .statusCode,
    ).toBe(404);
    expect((await call(w.adminB, 'DELETE', API_PATHS.webhook(w.a.id, created.id))).statusCode).toBe(
      404,
    );

    const changed = await call(w.platformAdmin, 'PATCH', API_PATHS.webhook(w.a.id, created.id), {
      events: ['upload.completed', 'upload.failed'],
      enabled: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      events: ['upload.completed', 'upload.failed'],
      enabled: false,
      disabledReason: expect.stringMatching(/^Disabled by .+ on \d{4}-\d{2}-\d{2}$/),
    });
    const rotated = await call(w.adminA, 'POST', API_PATHS.webhookRotateSecret(w.a.id, created.id));
    expect(rotated.statusCode, rotated.body).toBe(201);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(created.secret);
    await remove(created.id);

    const audits = await db
      .selectFrom('auditEntries')
      .select(['summary'])
      .where('resourceType', '=', 'webhook')
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.summary)).toEqual([
      'Added the webhook endpoint https://hooks.example.com/laurel (upload.completed)',
      'Changed the webhook endpoint https://hooks.example.com/laurel: its events to upload.completed, upload.failed; disabled it',
      expect.stringMatching(
        /^Rotated the secret of the webhook endpoint https:\/\/hooks.example.com\/laurel: the previous one signs too until /,
      ),
      'Deleted the webhook endpoint https://hooks.example.com/laurel',
    ]);
    expect(JSON.stringify(audits)).not.toContain('whsec_');
  });

  it('refuses an address that is not https, is private, or holds credentials, naming why', async () => {
    const refusal = async (url: string, message: string) => {
      const response = await call(w.adminA, 'POST', API_PATHS.webhooks(w.a.id), {
        url,
        events: ['upload.completed'],
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fieldErrors).toEqual({ url: message });
    };
    await refusal('http://hooks.example.com/x', WEBHOOK_MESSAGES.httpsOnly);
    await refusal('https://10.1.2.3/x', WEBHOOK_MESSAGES.privateAddress);
    await refusal('https://169.254.169.254/latest', WEBHOOK_MESSAGES.privateAddress);
    await refusal('https://[fd00::1]/x', WEBHOOK_MESSAGES.privateAddress);
    await refusal('https://user:pw@hooks.example.com/x', WEBHOOK_MESSAGES.credentials);
    await refusal('not a url', WEBHOOK_MESSAGES.url);
    const none = await call(w.adminA, 'POST', API_PATHS.webhooks(w.a.id), {
      url: 'https://hooks.example.com/x',
      events: [],
    });
    expect(none.json().fieldErrors).toEqual({ events: WEBHOOK_MESSAGES.events });
    // A name that resolves to a private address (this machine's own name, where it does).
    const name = hostname();
    const resolved = await lookup(name, { all: true }).catch(() => []);
    const privateOne = resolved.find((a) => isPrivateAddress(a.address));
    if (privateOne)
      await refusal(
        `https://${name}/hook`,
        `${name.toLowerCase()} resolves to ${privateOne.address}. ${WEBHOOK_MESSAGES.privateAddress}`,
      );
  });

  it('is managed by an API key with webhooks:manage, and refused to one without it', async () => {
    const makeKey = async (scopes: string[]) => {
      const response = await call(w.adminA, 'POST', API_PATHS.apiKeys(w.a.id), {
        name: `Key ${scopes.join(' ')}`,
        scopes,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().secret as string;
    };
    const manager = await makeKey(['webhooks:manage']);
    const reader = await makeKey(['awards:read']);
    const body = { url: 'https://crm.example.com/hook', events: ['award.matched'] };
    const refused = await call(reader, 'POST', API_PATHS.webhooks(w.a.id), body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'This API key needs the scope webhooks:manage for this endpoint',
    );
    expect((await call(reader, 'GET', API_PATHS.webhooks(w.a.id))).statusCode).toBe(403);

    const created = await call(manager, 'POST', API_PATHS.webhooks(w.a.id), body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect((await call(manager, 'GET', API_PATHS.webhooks(w.a.id))).json().items).toHaveLength(1);
    expect((await call(manager, 'GET', API_PATHS.webhookDeliveries(w.a.id, id))).statusCode).toBe(
      200,
    );
    // Its own organization only.
    expect((await call(manager, 'GET', API_PATHS.webhooks(w.b.id))).statusCode).toBe(404);
    const entry = await db
      .selectFrom('auditEntries')
      .select(['actorApiKeyId', 'summary'])
      .where('resourceType', '=', 'webhook')
      .where('resourceId', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(entry.actorApiKeyId).not.toBeNull();
    expect((await call(manager, 'DELETE', API_PATHS.webhook(w.a.id, id))).statusCode).toBe(204);
  });

  it('sends upload.completed signed per Standard Webhooks, which three verifiers accept', async () => {
    const { id, secret } = await create(receiver.url('/laurel'), [
      'upload.completed',
      'award.matched',
      'insights.updated',
    ]);
    const uploadId = await upload([
      'ALPHA-1,W-1,Wen,Hook,wen@example.test,,2024-05-01',
      'ALPHA-1,W-2,Wil,Hook,wil@example.test,,2024-05-01',
      'NOPE,W-3,Bad,Row,bad@example.test,,2024-05-01',
    ]);
    // The event is in the outbox with the upload's state, before any job sends it.
    await t.runJobs();
    const types = receiver.received.map((r) => JSON.parse(r.body).type as string);
    expect(types[0]).toBe('upload.completed');
    expect(types).toContain('award.matched');
    expect(types).toContain('insights.updated');

    const first = receiver.received[0]!;
    const body = JSON.parse(first.body);
    expect(body).toEqual({
      type: 'upload.completed',
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      data: {
        organizationId: w.a.id,
        uploadId,
        status: 'COMPLETED_WITH_ERRORS',
        rowsTotal: 3,
        rowsOk: 2,
        rowsRefused: 1,
      },
    });
    expect(first.headers['content-type']).toBe('application/json');
    expect(first.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
    expect(first.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(first.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    const headers = {
      'webhook-id': String(first.headers['webhook-id']),
      'webhook-timestamp': String(first.headers['webhook-timestamp']),
      'webhook-signature': String(first.headers['webhook-signature']),
    };
    expect(new Webhook(secret).verify(first.body, headers)).toEqual(body);
    expect(new SvixWebhook(secret).verify(first.body, headers)).toEqual(body);
    expect(independentlyVerified(secret, first)).toBe(true);
    expect(() => new Webhook(secret).verify(first.body.replace('3', '4'), headers)).toThrow();
    const other = `${secret.slice(0, 10)}${secret[10] === 'A' ? 'B' : 'A'}${secret.slice(11)}`;
    expect(independentlyVerified(other, first)).toBe(false);

    const matched = JSON.parse(
      receiver.received.find((r) => r.body.includes('award.matched'))!.body,
    );
    const uploaded = await db
      .selectFrom('awards')
      .select('id')
      .where('externalId', 'in', ['W-1', 'W-2'])
      .execute();
    expect(matched.data.awardIds).toEqual(expect.arrayContaining(uploaded.map((a) => a.id)));
    const insights = JSON.parse(
      receiver.received.find((r) => r.body.includes('insights.updated'))!.body,
    );
    expect(insights.data.credentialIds).toContain(w.credentialA);

    const log = await deliveries(id);
    expect(log).toHaveLength(3);
    expect(log.every((d) => d.status === 'SUCCEEDED')).toBe(true);
    expect(log.at(-1)).toMatchObject({
      eventType: 'upload.completed',
      messageId: headers['webhook-id'],
      attempts: [{ statusCode: 200, error: null, responseBody: 'ok' }],
    });
    await remove(id);
  });

  it('sends upload.failed in the transaction that fails the upload', async () => {
    const { id } = await create(receiver.url('/failed'), ['upload.failed']);
    await upload([]);
    await t.runJobs();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      type: 'upload.failed',
      data: { organizationId: w.a.id, message: expect.any(String) },
    });
    await remove(id);
  });

  it('signs with the previous secret as well for a day after a rotation', async () => {
    const { id, secret: before } = await create(receiver.url('/rotated'), ['upload.failed']);
    const rotated = await call(w.adminA, 'POST', API_PATHS.webhookRotateSecret(w.a.id, id));
    const after = rotated.json().secret as string;
    await upload([]);
    await t.runJobs();
    const [delivered] = receiver.received;
    expect(String(delivered!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    const headers = {
      'webhook-id': String(delivered!.headers['webhook-id']),
      'webhook-timestamp': String(delivered!.headers['webhook-timestamp']),
      'webhook-signature': String(delivered!.headers['webhook-signature']),
    };
    expect(new Webhook(after).verify(delivered!.body, headers)).toMatchObject({
      type: 'upload.failed',
    });
    expect(new SvixWebhook(before).verify(delivered!.body, headers)).toMatchObject({
      type: 'upload.failed',
    });
    // A day later only the new secret signs.
    await later(24 * 3_600_000 + 1000);
    await upload([]);
    await t.runJobs();
    const next = receiver.received.at(-1)!;
    expect(String(next.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(independentlyVerified(after, next)).toBe(true);
    expect(independentlyVerified(before, next)).toBe(false);
    await remove(id);
  });

  it('sends credential.issued and credential.revoked with each award and verification address', async () => {
    const { id } = await create(receiver.url('/credentials'), [
      'credential.issued',
      'credential.revoked',
    ]);
    const allowed = await call(w.platformAdmin, 'PUT', API_PATHS.organizationIssuing(w.a.id), {
      issuingAllowed: true,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const on = await call(w.adminA, 'PUT', API_PATHS.credentialIssuing(w.credentialA), {
      enabled: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    const queued = await call(w.adminA, 'POST', API_PATHS.credentialIssue(w.credentialA), {});
    expect(queued.statusCode, queued.body).toBe(202);
    await t.runJobs();
    const issued = receiver.received.map((r) => JSON.parse(r.body) as Json);
    expect(issued.map((e) => e.type)).toEqual(['credential.issued']);
    const live = await db
      .selectFrom('issuedCredentials')
      .select(['awardId', 'verificationId'])
      .where('status', '=', 'ISSUED')
      .where('credentialId', '=', w.credentialA)
      .execute();
    expect(issued[0]!.data).toEqual({
      organizationId: w.a.id,
      credentialId: w.credentialA,
      credentials: expect.arrayContaining(
        live.map((row) => ({
          awardId: row.awardId,
          verificationUrl: expect.stringMatching(new RegExp(`/verify/${row.verificationId}$`)),
        })),
      ),
    });
    expect(issued[0]!.data.credentials).toHaveLength(live.length);

    const awardId = Number(live[0]!.awardId);
    const revoked = await call(w.adminA, 'POST', API_PATHS.awardBadgeRevoke(awardId), {
      reason: 'Issued in error',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    await t.runJobs();
    expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({
      type: 'credential.revoked',
      data: {
        organizationId: w.a.id,
        credentialId: w.credentialA,
        credentials: [
          {
            awardId,
            verificationUrl: expect.stringMatching(/\/verify\//),
            reason: 'Issued in error',
          },
        ],
      },
    });
    await remove(id);
  });

  it('retries on the specification’s schedule with the same webhook-id, honouring Retry-After', async () => {
    const { id } = await create(receiver.url('/flaky'), ['upload.completed']);
    receiver.script.push(
      { status: 500, body: 'x'.repeat(2000) },
      { status: 503, headers: { 'retry-after': '900' } },
      { status: 500 },
      { status: 302, headers: { location: 'https://elsewhere.example.com/' } },
      { status: 200 },
    );
    await upload(['ALPHA-1,R-1,Rae,Retry,rae@example.test,,2024-05-01']);
    await t.runJobs();
    expect(receiver.received).toHaveLength(1);
    const waits: number[] = [];
    const step = async () => {
      const [delivery] = await deliveries(id);
      const last = delivery!.attempts.at(-1);
      // Each wait runs from the end of the attempt before it.
      waits.push(
        Date.parse(delivery!.nextAttemptAt) - Date.parse(last.attemptedAt) - last.durationMs,
      );
      await later(waits.at(-1)! - 1000);
      // Not yet due: nothing is sent a second early.
      const count = receiver.received.length;
      expect(count).toBe(waits.length);
      await later(1000);
      expect(receiver.received).toHaveLength(count + 1);
    };
    await step();
    await step();
    await step();
    await step();
    // 5 s, then Retry-After's 15 min instead of 5 min, then 30 min and 2 h.
    expect(waits).toEqual([5_000, 900_000, 1_800_000, 7_200_000]);
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    const [delivery] = await deliveries(id);
    expect(delivery).toMatchObject({ status: 'SUCCEEDED', nextAttemptAt: null });
    expect(delivery!.attempts.map((a: Json) => a.statusCode)).toEqual([500, 503, 500, 302, 200]);
    expect(delivery!.attempts[0].responseBody).toHaveLength(500);
    expect(delivery!.attempts[3].error).toBe(
      'Redirects are not followed (to https://elsewhere.example.com/)',
    );
    expect(await endpoint(id)).toMatchObject({ enabled: true, failingSince: null });

    // Resend: a new delivery of the same message, with the same webhook-id.
    const resent = await call(
      w.adminA,
      'POST',
      API_PATHS.webhookDeliveryResend(w.a.id, id, delivery!.id),
    );
    expect(resent.statusCode, resent.body).toBe(201);
    expect(resent.json()).toMatchObject({ status: 'PENDING', messageId: delivery!.messageId });
    await t.runJobs();
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(delivery!.messageId);
    expect((await deliveries(id))[0]).toMatchObject({ status: 'SUCCEEDED' });
    await remove(id);
  });

  it('sends a new event at once while an earlier one waits for its retry', async () => {
    const { id } = await create(receiver.url('/busy'), ['upload.completed']);
    receiver.script.push({ status: 503, headers: { 'retry-after': '7200' } });
    await upload(['ALPHA-1,S-1,Sam,Soon,sam@example.test,,2024-05-01']);
    await t.runJobs();
    expect(receiver.received).toHaveLength(1);
    await upload(['ALPHA-1,S-2,Sue,Soon,sue@example.test,,2024-05-01']);
    await t.runJobs();
    expect(receiver.received).toHaveLength(2);
    const [second, first] = await deliveries(id);
    expect(second).toMatchObject({ status: 'SUCCEEDED' });
    expect(first).toMatchObject({ status: 'PENDING' });
    const [attempt] = first!.attempts;
    expect(
      Date.parse(first!.nextAttemptAt) - Date.parse(attempt.attemptedAt) - attempt.durationMs,
    ).toBe(7_200_000);
    expect(receiver.received[1]!.headers['webhook-id']).not.toBe(
      receiver.received[0]!.headers['webhook-id'],
    );
    await remove(id);
  });

  it('sends a delivery whose worker died after claiming it once, from another instance, with its webhook-id', async () => {
    const { id } = await create(receiver.url('/crash'), ['upload.completed']);
    receiver.script.push({ status: 500 });
    await upload(['ALPHA-1,K-1,Kit,Crash,kit@example.test,,2024-05-01']);
    await t.runJobs();
    expect(receiver.received).toHaveLength(1);
    const [waiting] = await deliveries(id);
    expect(waiting).toMatchObject({ status: 'PENDING' });

    // The retry is due: a worker claims its job and the delivery, then dies before sending (what
    // kill -9 leaves: both leases held, nothing recorded, nothing handed back).
    ahead += 5_000;
    const leaseEnd = new Date(Date.now() + 60_000).toISOString();
    await db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'RUNNING',
        lockedBy: 'worker-that-died',
        lockedUntil: leaseEnd,
        attempts: eb('attempts', '+', 1),
      }))
      .where('type', '=', 'deliver-webhooks')
      .where('status', '=', 'QUEUED')
      .execute();
    const claimed = await createWebhooksRepository(db, dialect).claimDue(id, {
      now: new Date(clock()).toISOString(),
      until: new Date(clock() + 60_000).toISOString(),
      concurrency: 3,
    });
    expect(claimed.map((delivery) => delivery.messageId)).toEqual([waiting!.messageId]);

    // Another instance on the same database leaves both alone while the claims last…
    const other = await createTestApp(dialect, {
      sameDatabaseAs: t,
      webhooks: {
        webhookLoopbackReceivers: true,
        webhookDelivery: { now: clock, random: () => 0.5 },
      },
    });
    try {
      await other.runJobs();
      expect(receiver.received).toHaveLength(1);

      // …and sends the delivery once they have run out.
      ahead += 60_000;
      await db
        .updateTable('jobs')
        .set({ lockedUntil: new Date(Date.now() - 1000).toISOString() })
        .where('lockedBy', '=', 'worker-that-died')
        .execute();
      await other.runJobs();
      ahead += 3_600_000;
      await other.runJobs();
    } finally {
      await other.close();
    }
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([
      waiting!.messageId,
      waiting!.messageId,
    ]);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    const [sent] = await deliveries(id);
    expect(sent).toMatchObject({ id: waiting!.id, status: 'SUCCEEDED' });
    expect(sent!.attempts.map((attempt: Json) => attempt.statusCode)).toEqual([500, 200]);
    await remove(id);
  });

  it('has at most three deliveries in flight to one endpoint, however many workers claim them', async () => {
    const { id } = await create('https://hooks.example.com/busy', ['upload.failed']);
    await db.transaction().execute(async (trx) => {
      for (let n = 1; n <= 9; n++)
        await recordWebhookEvent(trx, w.a.id, 'upload.failed', { uploadId: n, message: 'x' });
    });
    // Eight workers on two instances claim at the same moment: three deliveries go out.
    const other = await createTestApp(dialect, { sameDatabaseAs: t });
    try {
      const claim = (on: TestApp) =>
        createWebhooksRepository(on.database.handle.db, dialect).claimDue(id, {
          now: new Date(clock()).toISOString(),
          until: new Date(clock() + 60_000).toISOString(),
          concurrency: 3,
        });
      const claims = await Promise.all([t, other, t, other, t, other, t, other].map(claim));
      expect(claims.flat()).toHaveLength(3);
      expect(new Set(claims.flat().map((delivery) => delivery.id)).size).toBe(3);
      expect(await claim(other)).toEqual([]);
    } finally {
      await other.close();
    }
    await remove(id);
  });

  it('sends up to three deliveries to one endpoint at once, and gives up on one after 15 seconds', async () => {
    // A receiver that answers each request only when told, counting those it holds.
    let holding = 0;
    let most = 0;
    const held: Array<() => void> = [];
    const server = createServer((request, response) => {
      request.resume();
      holding++;
      most = Math.max(most, holding);
      held.push(() => {
        holding--;
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const { id } = await create(`http://127.0.0.1:${port}/slow`, ['upload.failed']);
      await db.transaction().execute(async (trx) => {
        for (let n = 1; n <= 7; n++)
          await recordWebhookEvent(trx, w.a.id, 'upload.failed', { uploadId: n, message: 'x' });
      });
      const running = t.runJobs();
      // Answered in turns, as the receiver frees up: never more than three at once.
      let answered = 0;
      while (answered < 7) {
        await expect.poll(() => held.length, { timeout: 5_000 }).toBeGreaterThan(0);
        for (const answer of held.splice(0)) {
          answer();
          answered++;
        }
      }
      await running;
      expect(most).toBe(3);
      expect((await deliveries(id)).map((delivery) => delivery.status)).toEqual(
        Array(7).fill('SUCCEEDED'),
      );

      // A receiver that never answers: the attempt ends at 15 seconds and is retried.
      await db.transaction().execute(async (trx) => {
        await recordWebhookEvent(trx, w.a.id, 'upload.failed', { uploadId: 8, message: 'x' });
      });
      const started = performance.now();
      await t.runJobs();
      const waited = performance.now() - started;
      expect(held).toHaveLength(1);
      const [silent] = (await deliveries(id)).filter((delivery) => delivery.status === 'PENDING');
      expect(silent!.attempts).toEqual([
        expect.objectContaining({ statusCode: null, error: 'No answer within 15 seconds' }),
      ]);
      expect(silent!.attempts[0].durationMs).toBeGreaterThanOrEqual(15_000);
      expect(waited).toBeGreaterThanOrEqual(15_000);
      held.splice(0).forEach((answer) => answer());
      await remove(id);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 60_000);

  it('gives up after eight attempts over about a day', async () => {
    const { id } = await create(receiver.url('/down'), ['upload.completed']);
    for (let i = 0; i < 10; i++) receiver.script.push({ status: 500 });
    await upload(['ALPHA-1,D-1,Dee,Down,dee@example.test,,2024-05-01']);
    await t.runJobs();
    const schedule = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
    for (const wait of schedule) await later(wait);
    expect(receiver.received).toHaveLength(8);
    await later(48 * 3_600_000);
    expect(receiver.received).toHaveLength(8);
    const [delivery] = await deliveries(id);
    expect(delivery).toMatchObject({ status: 'FAILED', nextAttemptAt: null });
    expect(delivery!.attempts).toHaveLength(8);
    await remove(id);
  });

  it('disables an endpoint that answers 410 Gone, and sends it nothing more', async () => {
    const { id } = await create(receiver.url('/gone'), ['upload.completed']);
    receiver.script.push({ status: 410, body: 'gone' });
    await upload(['ALPHA-1,G-1,Gus,Gone,gus@example.test,,2024-05-01']);
    await t.runJobs();
    expect(await endpoint(id)).toMatchObject({
      enabled: false,
      disabledReason: expect.stringMatching(/^The endpoint answered 410 Gone on /),
    });
    expect((await deliveries(id))[0]).toMatchObject({ status: 'FAILED' });
    // The organization's admins are told on their dashboard.
    const told = await call(w.adminA, 'GET', API_PATHS.organizationAttention(w.a.id));
    expect(told.json().attention.items).toEqual([
      expect.objectContaining({
        kind: 'WEBHOOK_DISABLED',
        subjectId: id,
        title: receiver.url('/gone'),
        detail: (await endpoint(id)).disabledReason,
      }),
    ]);
    await upload(['ALPHA-1,G-2,Gil,Gone,gil@example.test,,2024-05-01']);
    await t.runJobs();
    await later(3_600_000);
    expect(receiver.received).toHaveLength(1);
    expect(await deliveries(id)).toHaveLength(1);
    await remove(id);
  });

  it('disables an endpoint failing for three days and e-mails the organization’s admins', async () => {
    const { id } = await create(receiver.url('/failing'), ['upload.completed']);
    for (let i = 0; i < 10; i++) receiver.script.push({ status: 500 });
    await upload(['ALPHA-1,F-1,Fay,Fail,fay@example.test,,2024-05-01']);
    await t.runJobs();
    const [first] = await deliveries(id);
    expect((await endpoint(id)).failingSince).toBe(first!.attempts[0].attemptedAt);
    // Days of failures later (each a failed delivery), the next failure disables it.
    await db
      .updateTable('webhookEndpoints')
      .set({ failingSince: new Date(clock() - 3 * 24 * 3_600_000).toISOString() })
      .where('id', '=', id)
      .execute();
    await later(5_000);
    expect(await endpoint(id)).toMatchObject({
      enabled: false,
      disabledReason: expect.stringMatching(/^Every delivery failed for three days, since /),
    });
    const mail = await db
      .selectFrom('outboxEmails')
      .select(['toAddress', 'subject', 'textBody'])
      .where('textBody', 'like', '%/failing%')
      .execute();
    expect(mail.map((m) => m.toAddress)).toEqual([w.adminA.email]);
    expect(mail[0]!.textBody).toContain(receiver.url('/failing'));

    // Enabled again, the waiting delivery goes out at its time.
    const enabled = await call(w.adminA, 'PATCH', API_PATHS.webhook(w.a.id, id), { enabled: true });
    expect(enabled.json()).toMatchObject({
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });
    receiver.script.length = 0;
    await later(300_000);
    expect((await deliveries(id))[0]).toMatchObject({ status: 'SUCCEEDED' });
    await remove(id);
  });

  it('refuses to deliver to a private address, and logs why', async () => {
    const { id } = await create('https://hooks.example.com/private', ['upload.completed']);
    // The address changed to a private one since (as a DNS answer can).
    await db
      .updateTable('webhookEndpoints')
      .set({ url: 'https://10.0.0.7/hook' })
      .where('id', '=', id)
      .execute();
    await upload(['ALPHA-1,P-1,Pia,Private,pia@example.test,,2024-05-01']);
    await t.runJobs();
    const [delivery] = await deliveries(id);
    expect(delivery).toMatchObject({ status: 'PENDING' });
    expect(delivery!.attempts).toEqual([
      expect.objectContaining({
        statusCode: null,
        error: '10.0.0.7 is a private, loopback or link-local address',
      }),
    ]);
    await remove(id);
  });
});
