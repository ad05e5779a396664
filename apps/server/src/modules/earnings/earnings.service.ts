import type { Kysely } from 'kysely';

import { EARNINGS_IMPORT_MAX_BYTES, type TEarningsImport } from '@laurel/contract/earnings-imports';

import type { Database } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { JOB_TYPES } from '../../jobs/types.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Auditor } from '../../lib/audit.ts';
import {
  csvFileName,
  type FileIntakeOptions,
  type IncomingFile,
  receiveFile,
} from '../../lib/file-intake.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { EARNINGS_IMPORT_NOT_ENTITLED } from './import-earnings.job.ts';
import type { EarningsImportsRepository } from './earnings-imports.repository.ts';
import type { EarningsRepository } from './earnings.repository.ts';

/** Imports listed for an organization. */
const LATEST_IMPORTS = 20;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** How earnings files are received (size limit, refusals). */
export const EARNINGS_INTAKE: FileIntakeOptions = {
  maxBytes: EARNINGS_IMPORT_MAX_BYTES,
  refusals: {
    notCsv: 'Only CSV files can be imported. Send the earnings result file as a UTF-8 CSV file.',
    empty: 'The file is empty (0 bytes). Choose the earnings result file and import it again.',
    tooLarge: `The file is larger than ${megabytes(EARNINGS_IMPORT_MAX_BYTES)}. Split it into smaller files and import them one by one.`,
    noFile: 'Send the earnings file as multipart/form-data in a field named "file".',
    oneFile: 'Import one file at a time.',
    malformed:
      'The request is not well-formed multipart/form-data. Send the earnings file in a field named "file".',
  },
};

export function createEarningsService(deps: {
  db: Kysely<Database>;
  earnings: EarningsRepository;
  imports: EarningsImportsRepository;
  audit: Auditor;
  /** Wakes the job worker once a queued job is committed. */
  notifyJobs?: () => void;
}) {
  const { db, earnings, imports, audit } = deps;

  /** Imports match and bill awards: refused for an organization without the entitlement. */
  async function requireEntitled(organizationId: number): Promise<void> {
    if (!(await earnings.organizationExists(organizationId))) throw notFound();
    if (!(await earnings.insightsEntitled(organizationId)))
      throw conflict(EARNINGS_IMPORT_NOT_ENTITLED);
  }

  return {
    /** Whether the actor may import for the organization: asked before the request body is read. */
    async authorizeImport(actor: Actor, organizationId: number): Promise<void> {
      requireAccess(actor.principal, 'import:earnings', { organizationId });
      await requireEntitled(organizationId);
    },

    /**
     * Receives a bureau's earnings result file and queues its import: the file is streamed to a
     * temporary file, then the import record, the file in chunks, the job and the audit entry are
     * stored in one transaction. The `import-earnings` job checks and stores the rows.
     */
    async importFile(
      actor: Actor,
      organizationId: number,
      file: IncomingFile,
    ): Promise<TEarningsImport> {
      requireAccess(actor.principal, 'import:earnings', { organizationId });
      await requireEntitled(organizationId);
      const fileName = csvFileName(file.fileName, EARNINGS_INTAKE.refusals);
      const id = await receiveFile(file, EARNINGS_INTAKE, (received) =>
        db.transaction().execute(async (trx) => {
          const importId = await imports.create(trx, {
            organizationId,
            userId: actor.principal.userId,
            fileName,
            fileSize: received.size,
          });
          let seq = 0;
          for await (const chunk of received.chunks()) {
            await imports.insertChunk(trx, importId, seq++, chunk);
          }
          await enqueueJob(trx, {
            type: JOB_TYPES.importEarnings,
            organizationId,
            payload: { importId },
          });
          await audit(trx, actor, {
            type: 'UPLOAD',
            resourceType: 'earnings-import',
            resourceId: importId,
            organizationId,
            summary: `Imported earnings file "${fileName}" (${received.size.toLocaleString('en-US')} bytes)`,
          });
          return importId;
        }),
      );
      deps.notifyJobs?.();
      return (await imports.find(id))!;
    },

    /** One import with its progress. */
    async get(actor: Actor, id: number): Promise<TEarningsImport> {
      const found = await imports.find(id);
      if (!found) throw notFound();
      requireAccess(actor.principal, 'import:earnings', { organizationId: found.organizationId });
      return found;
    },

    /** The organization's latest imports, newest first. */
    async latest(actor: Actor, organizationId: number): Promise<TEarningsImport[]> {
      requireAccess(actor.principal, 'import:earnings', { organizationId });
      if (!(await earnings.organizationExists(organizationId))) throw notFound();
      return imports.latest(organizationId, LATEST_IMPORTS);
    },
  };
}
export type EarningsService = ReturnType<typeof createEarningsService>;
