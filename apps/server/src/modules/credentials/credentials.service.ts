import type { Kysely } from 'kysely';

import type {
  TCredential,
  TCredentialBody,
  TCredentialPatchBody,
  TAwardChanges,
  TAwardChangesQuery,
} from '@laurel/contract/credentials';

import type { Database } from '../../db/schema.ts';
import { readsOfList, requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { type Auditor, exportRecorder } from '../../lib/audit.ts';
import { describeChanges } from '../../lib/audit-labels.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import type { CredentialsRepository } from './credentials.repository.ts';

/** A position in the changes of awards, as the client carries it: opaque, URL-safe. */
const cursorOf = (position: { updatedAt: string; id: number }) =>
  Buffer.from(JSON.stringify([position.updatedAt, position.id])).toString('base64url');

function positionOf(cursor: string): { updatedAt: string; id: number } {
  try {
    const [updatedAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [
      unknown,
      unknown,
    ];
    if (
      typeof updatedAt === 'string' &&
      !Number.isNaN(Date.parse(updatedAt)) &&
      Number.isSafeInteger(id) &&
      (id as number) >= 0
    )
      return { updatedAt: new Date(updatedAt).toISOString(), id: id as number };
  } catch {
    // answered below
  }
  throw badRequest('Invalid query', {
    cursor: 'Give the nextCursor of the previous page as it was.',
  });
}

export function createCredentialsService(deps: {
  db: Kysely<Database>;
  credentials: CredentialsRepository;
  audit: Auditor;
}) {
  const { db, credentials, audit } = deps;

  async function load(
    actor: Actor,
    id: number,
    permission: 'read:credential' | 'update:credential' | 'read:award',
  ) {
    const credential = await credentials.find(id);
    if (!credential) throw notFound();
    requireAccess(actor.principal, permission, { organizationId: credential.organizationId });
    return credential;
  }

  async function checkFields(
    organizationId: number,
    body: TCredentialPatchBody,
    exceptId?: number,
  ) {
    if (body.type_id !== undefined && !(await credentials.typeExists(body.type_id))) {
      throw badRequest('Invalid credential', { type_id: 'Unknown credential type' });
    }
    if (
      body.code !== undefined &&
      (await credentials.codeTaken(organizationId, body.code, exceptId))
    ) {
      throw conflict('This organization already has a credential with this code', {
        code: 'Already used',
      });
    }
  }

  return {
    ...readsOfList('read:credential', credentials),

    recordExport: exportRecorder(db, audit, {
      resourceType: 'credential',
      one: 'credential',
      many: 'credentials',
    }),

    get: (actor: Actor, id: number): Promise<TCredential> => load(actor, id, 'read:credential'),

    /**
     * Awards of an organization created or changed since a time, a page at a time: the cursor is
     * where the page ended (change time and id), so that a sync never misses or repeats an award
     * however many change at the same moment.
     */
    async awardChanges(
      actor: Actor,
      organizationId: number,
      query: TAwardChangesQuery,
    ): Promise<TAwardChanges> {
      requireAccess(actor.principal, 'read:award', { organizationId });
      if (!(await credentials.organizationExists(organizationId))) throw notFound();
      const after = query.cursor
        ? positionOf(query.cursor)
        : { updatedAt: new Date(query.since ?? 0).toISOString(), id: 0 };
      const rows = await credentials.awardChanges(organizationId, after, query.limit);
      const items = rows.slice(0, query.limit);
      const last = items.at(-1);
      return {
        items,
        nextCursor: cursorOf(last ? { updatedAt: last.updatedAt, id: last.id } : after),
        more: rows.length > query.limit,
      };
    },

    async awards(actor: Actor, id: number, query: Parameters<CredentialsRepository['awards']>[1]) {
      await load(actor, id, 'read:award');
      return credentials.awards(id, query);
    },

    async create(actor: Actor, body: TCredentialBody): Promise<TCredential> {
      requireAccess(actor.principal, 'create:credential', { organizationId: body.organization_id });
      if (!(await credentials.organizationExists(body.organization_id))) {
        throw badRequest('Invalid credential', { organization_id: 'Unknown organization' });
      }
      await checkFields(body.organization_id, body);
      const id = await db.transaction().execute(async (trx) => {
        const created = await credentials.create(trx, body);
        await audit(trx, actor, {
          type: 'CREATE',
          resourceType: 'credential',
          resourceId: created,
          organizationId: body.organization_id,
          summary: `Created credential "${body.name}" (${body.code})`,
        });
        return created;
      });
      return (await credentials.find(id))!;
    },

    async update(actor: Actor, id: number, body: TCredentialPatchBody): Promise<TCredential> {
      const before = await load(actor, id, 'update:credential');
      await checkFields(before.organizationId, body, id);
      return db.transaction().execute(async (trx) => {
        await credentials.update(trx, id, body);
        const after = (await credentials.find(id, trx))!;
        const archived = after.status === 'ARCHIVED' && before.status !== 'ARCHIVED';
        await audit(trx, actor, {
          type: 'UPDATE',
          resourceType: 'credential',
          resourceId: id,
          organizationId: before.organizationId,
          summary: archived
            ? `Archived credential "${before.name}"`
            : `Updated credential "${before.name}": ${describeChanges(body, before, after)}`,
        });
        return after;
      });
    },
  };
}
export type CredentialsService = ReturnType<typeof createCredentialsService>;
