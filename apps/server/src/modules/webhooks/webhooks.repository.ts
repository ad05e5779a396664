import type { Kysely } from 'kysely';

import type {
  TWebhookAttempt,
  TWebhookDelivery,
  TWebhookEndpoint,
  WebhookEventType,
} from '@laurel/contract/webhooks';
import { ROLES } from '@laurel/contract/roles';

import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { toBool, toIso, toIsoOrNull } from '../../db/values.ts';

/** An endpoint as stored, with its sealed secrets (never sent to a client). */
export interface StoredWebhookEndpoint extends TWebhookEndpoint {
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretUntil: string | null;
}

/** A delivery a worker claimed: what it sends and to whom. */
export interface ClaimedDelivery {
  id: number;
  attempts: number;
  messageId: string;
  payload: string;
  createdAt: string;
}

/** An endpoint its deliveries disabled, as the dashboards list it. */
export interface DisabledWebhookEndpoint {
  id: number;
  organizationId: number;
  organizationName: string;
  url: string;
  reason: string;
  disabledAt: string;
}

type EndpointRow = Awaited<
  ReturnType<ReturnType<ReturnType<typeof endpointColumns>['selectAll']>['executeTakeFirstOrThrow']>
>;
const endpointColumns = (db: Kysely<Database>) => db.selectFrom('webhookEndpoints');

const toEndpoint = (row: EndpointRow): StoredWebhookEndpoint => ({
  id: Number(row.id),
  organizationId: Number(row.organizationId),
  url: row.url,
  description: row.description,
  events: JSON.parse(row.events) as WebhookEventType[],
  enabled: toBool(row.enabled),
  disabledReason: row.disabledReason,
  failingSince: toIsoOrNull(row.failingSince),
  createdAt: toIso(row.createdAt),
  updatedAt: toIso(row.updatedAt),
  secretStart: row.secretStart,
  secretSealed: row.secretSealed,
  previousSecretSealed: row.previousSecretSealed,
  previousSecretUntil: toIsoOrNull(row.previousSecretUntil),
});

/** The only SQL of webhooks, but the outbox writer (webhook-outbox.ts). */
export function createWebhooksRepository(db: Kysely<Database>, dialect: Dialect) {
  return {
    async list(organizationId: number): Promise<StoredWebhookEndpoint[]> {
      const rows = await endpointColumns(db)
        .selectAll()
        .where('organizationId', '=', organizationId)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toEndpoint);
    },

    async find(
      organizationId: number | null,
      id: number,
      executor: Kysely<Database> = db,
    ): Promise<StoredWebhookEndpoint | undefined> {
      let query = endpointColumns(executor).selectAll().where('id', '=', id);
      if (organizationId !== null) query = query.where('organizationId', '=', organizationId);
      const row = await query.executeTakeFirst();
      return row && toEndpoint(row);
    },

    async count(organizationId: number): Promise<number> {
      const row = await db
        .selectFrom('webhookEndpoints')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organizationId', '=', organizationId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(
      executor: Kysely<Database>,
      endpoint: {
        organizationId: number;
        url: string;
        description: string;
        events: WebhookEventType[];
        secretSealed: string;
        secretStart: string;
        createdByUserId: number | null;
        at: string;
      },
    ): Promise<number> {
      const { at, events, ...rest } = endpoint;
      const { id } = await executor
        .insertInto('webhookEndpoints')
        .values({
          ...rest,
          events: JSON.stringify(events),
          enabled: true,
          createdAt: at,
          updatedAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(
      executor: Kysely<Database>,
      id: number,
      changes: {
        url?: string;
        description?: string;
        events?: WebhookEventType[];
        enabled?: boolean;
        disabledReason?: string | null;
        autoDisabledAt?: string | null;
        failingSince?: string | null;
        secretSealed?: string;
        secretStart?: string;
        previousSecretSealed?: string | null;
        previousSecretUntil?: string | null;
      },
      at: string,
    ): Promise<void> {
      const { events, ...rest } = changes;
      await executor
        .updateTable('webhookEndpoints')
        .set({ ...rest, ...(events ? { events: JSON.stringify(events) } : {}), updatedAt: at })
        .where('id', '=', id)
        .execute();
    },

    async remove(executor: Kysely<Database>, id: number): Promise<void> {
      await executor.deleteFrom('webhookEndpoints').where('id', '=', id).execute();
    },

    /** The endpoint's newest deliveries with every attempt, newest first. */
    async deliveries(endpointId: number, limit: number): Promise<TWebhookDelivery[]> {
      const rows = await db
        .selectFrom('webhookDeliveries as d')
        .innerJoin('webhookMessages as m', 'm.id', 'd.messageId')
        .select([
          'd.id',
          'm.messageId',
          'm.eventType',
          'm.payload',
          'd.status',
          'd.createdAt',
          'd.nextAttemptAt',
        ])
        .where('d.endpointId', '=', endpointId)
        .orderBy('d.id', 'desc')
        .limit(limit)
        .execute();
      if (rows.length === 0) return [];
      const attempts = await db
        .selectFrom('webhookAttempts')
        .selectAll()
        .where(
          'deliveryId',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('id')
        .execute();
      const byDelivery = new Map<number, TWebhookAttempt[]>();
      for (const attempt of attempts) {
        const list = byDelivery.get(Number(attempt.deliveryId)) ?? [];
        list.push({
          attemptedAt: toIso(attempt.attemptedAt),
          statusCode: attempt.statusCode === null ? null : Number(attempt.statusCode),
          error: attempt.error,
          durationMs: Number(attempt.durationMs),
          responseBody: attempt.responseBody,
        });
        byDelivery.set(Number(attempt.deliveryId), list);
      }
      return rows.map((row) => ({
        id: Number(row.id),
        messageId: row.messageId,
        eventType: row.eventType as WebhookEventType,
        status: row.status,
        createdAt: toIso(row.createdAt),
        nextAttemptAt: row.status === 'PENDING' ? toIsoOrNull(row.nextAttemptAt) : null,
        payload: row.payload,
        attempts: byDelivery.get(Number(row.id)) ?? [],
      }));
    },

    async delivery(endpointId: number, id: number) {
      return db
        .selectFrom('webhookDeliveries')
        .select(['id', 'messageId'])
        .where('endpointId', '=', endpointId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** A new delivery of a message already sent (a resend): same `webhook-id`, a fresh schedule. */
    async insertDelivery(
      executor: Kysely<Database>,
      endpointId: number,
      messageId: number,
      at: string,
    ): Promise<number> {
      const { id } = await executor
        .insertInto('webhookDeliveries')
        .values({ endpointId, messageId, nextAttemptAt: at, createdAt: at, updatedAt: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    /**
     * Claims due deliveries of an endpoint until `until`, at most `concurrency` in flight across
     * every worker: the endpoint's row is locked while counting (PostgreSQL), and SQLite has one
     * writer.
     */
    async claimDue(
      endpointId: number,
      options: { now: string; until: string; concurrency: number },
    ): Promise<ClaimedDelivery[]> {
      return db.transaction().execute(async (trx) => {
        let endpoint = trx
          .selectFrom('webhookEndpoints')
          .select(['id', 'enabled'])
          .where('id', '=', endpointId);
        if (dialect === 'postgres') endpoint = endpoint.forUpdate();
        const row = await endpoint.executeTakeFirst();
        if (!row || !toBool(row.enabled)) return [];
        const inFlight = await trx
          .selectFrom('webhookDeliveries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('endpointId', '=', endpointId)
          .where('status', '=', 'PENDING')
          .where('lockedUntil', '>', options.now)
          .executeTakeFirstOrThrow();
        const room = options.concurrency - Number(inFlight.n);
        if (room <= 0) return [];
        const due = await trx
          .selectFrom('webhookDeliveries as d')
          .innerJoin('webhookMessages as m', 'm.id', 'd.messageId')
          .select(['d.id', 'd.attempts', 'm.messageId', 'm.payload', 'm.createdAt'])
          .where('d.endpointId', '=', endpointId)
          .where('d.status', '=', 'PENDING')
          .where('d.nextAttemptAt', '<=', options.now)
          .where((eb) =>
            eb.or([eb('d.lockedUntil', 'is', null), eb('d.lockedUntil', '<=', options.now)]),
          )
          .orderBy('d.nextAttemptAt')
          .orderBy('d.id')
          .limit(room)
          .execute();
        if (due.length === 0) return [];
        await trx
          .updateTable('webhookDeliveries')
          .set({ lockedUntil: options.until })
          .where(
            'id',
            'in',
            due.map((d) => d.id),
          )
          .execute();
        return due.map((d) => ({
          id: Number(d.id),
          attempts: Number(d.attempts),
          messageId: d.messageId,
          payload: d.payload,
          createdAt: toIso(d.createdAt),
        }));
      });
    },

    /** Records an attempt and the delivery's new state, in one transaction. */
    async recordAttempt(
      executor: Kysely<Database>,
      deliveryId: number,
      attempt: TWebhookAttempt,
      next: { status: 'PENDING' | 'SUCCEEDED' | 'FAILED'; nextAttemptAt: string | null },
    ): Promise<void> {
      await executor
        .insertInto('webhookAttempts')
        .values({ deliveryId, ...attempt })
        .execute();
      await executor
        .updateTable('webhookDeliveries')
        .set((eb) => ({
          status: next.status,
          attempts: eb('attempts', '+', 1),
          nextAttemptAt: next.nextAttemptAt,
          lockedUntil: null,
          updatedAt: attempt.attemptedAt,
        }))
        .where('id', '=', deliveryId)
        .execute();
    },

    /** A successful delivery: the endpoint is no longer failing. */
    async markHealthy(executor: Kysely<Database>, id: number): Promise<void> {
      await executor
        .updateTable('webhookEndpoints')
        .set({ failingSince: null })
        .where('id', '=', id)
        .where('failingSince', 'is not', null)
        .execute();
    },

    /** A failed delivery: the endpoint fails since then unless it already did; returns since when. */
    async markFailing(executor: Kysely<Database>, id: number, at: string): Promise<string> {
      await executor
        .updateTable('webhookEndpoints')
        .set({ failingSince: at })
        .where('id', '=', id)
        .where('failingSince', 'is', null)
        .execute();
      const row = await executor
        .selectFrom('webhookEndpoints')
        .select('failingSince')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.failingSince == null ? at : toIso(row.failingSince);
    },

    /** Disables an enabled endpoint with the reason; false when it was disabled already. */
    async disable(
      executor: Kysely<Database>,
      id: number,
      reason: string,
      at: string,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('webhookEndpoints')
        .set({ enabled: false, disabledReason: reason, autoDisabledAt: at, updatedAt: at })
        .where('id', '=', id)
        .where('enabled', '=', true)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Endpoints their deliveries disabled (a 410 answer, three days of failures) and not enabled
     * since, newest first: of one organization, or of every one (from a partial index of them).
     */
    async disabledByDeliveries(organizationId?: number): Promise<DisabledWebhookEndpoint[]> {
      let query = db
        .selectFrom('webhookEndpoints as e')
        .innerJoin('organizations as o', 'o.id', 'e.organizationId')
        .select([
          'e.id',
          'e.organizationId',
          'o.name as organizationName',
          'e.url',
          'e.disabledReason',
          'e.autoDisabledAt',
        ])
        .where('e.autoDisabledAt', 'is not', null);
      if (organizationId !== undefined)
        query = query.where('e.organizationId', '=', organizationId);
      const rows = await query
        .orderBy('e.autoDisabledAt', 'desc')
        .orderBy('e.id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        organizationId: Number(row.organizationId),
        organizationName: row.organizationName,
        url: row.url,
        reason: row.disabledReason ?? '',
        disabledAt: toIso(row.autoDisabledAt!),
      }));
    },

    /** When the endpoint's next pending delivery is due, or null when none is pending. */
    async nextDue(endpointId: number): Promise<string | null> {
      const row = await db
        .selectFrom('webhookDeliveries')
        .select((eb) => eb.fn.min('nextAttemptAt').as('next'))
        .where('endpointId', '=', endpointId)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      return row?.next == null ? null : toIso(row.next as Date | string);
    },

    /** The active organization admins of an organization, whom an endpoint's disabling is told. */
    async adminsOf(organizationId: number) {
      return db
        .selectFrom('users')
        .select(['email', 'firstName', 'language'])
        .where('organizationId', '=', organizationId)
        .where('roleId', '=', ROLES.ORGANIZATION_ADMIN)
        .where('active', '=', true)
        .where('invited', '=', false)
        .execute();
    },

    async organizationName(organizationId: number): Promise<string> {
      const row = await db
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', organizationId)
        .executeTakeFirst();
      return row?.name ?? '';
    },

    /** Deletes messages (with their deliveries and attempts) older than `before`. */
    async purgeBefore(before: string): Promise<void> {
      await db.deleteFrom('webhookMessages').where('createdAt', '<', before).execute();
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
