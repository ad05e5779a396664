import type { Kysely } from 'kysely';

import type { TAuditListQuery, TLogEventBody } from '@laurel/contract/audits';

import type { Database } from '../../db/schema.ts';
import { requireAccess, scopedToActor } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { type Auditor, exportRecorder } from '../../lib/audit.ts';
import type { AuditFilter, AuditsRepository } from './audits.repository.ts';

export function createAuditsService(deps: {
  db: Kysely<Database>;
  audits: AuditsRepository;
  audit: Auditor;
}) {
  const { db, audits, audit } = deps;

  const scope = (actor: Actor, query: TAuditListQuery): AuditFilter =>
    scopedToActor(actor, 'read:audit', query);

  return {
    list(actor: Actor, query: TAuditListQuery) {
      requireAccess(actor.principal, 'read:audit');
      return audits.list(scope(actor, query));
    },

    /** The entries to export (the export itself is recorded through `recordExport`). */
    export(actor: Actor, query: TAuditListQuery) {
      requireAccess(actor.principal, 'export:audit');
      return audits.stream(scope(actor, query));
    },

    recordExport: exportRecorder(db, audit, {
      resourceType: 'audit',
      one: 'audit entry',
      many: 'audit entries',
    }),

    /** A client-reported event (spec §7 log-helper); any signed-in user may report. */
    async logClientEvent(actor: Actor, body: TLogEventBody): Promise<void> {
      await audit(db, actor, {
        type: 'CLIENT_EVENT',
        resourceType: 'client-event',
        resourceId: String(body.resourceId),
        summary: `${body.event} (reported user ${body.userId})`,
      });
    },
  };
}
export type AuditsService = ReturnType<typeof createAuditsService>;
