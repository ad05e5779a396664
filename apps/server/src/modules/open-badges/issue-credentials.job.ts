import {
  type JobContext,
  type JobHandler,
  JobInterruptedError,
  JOB_TYPES,
} from '../../jobs/types.ts';
import type { TLanguage } from '@laurel/contract/profile';
import { awardFingerprint, type Issuer } from './issuer.ts';
import { insertAuditEntries, type OpenBadgesRepository } from './open-badges.repository.ts';

/** Awards signed per batch: one short transaction each, then the lease is renewed. */
const BATCH = 250;

export interface IssueJobPayload {
  credentialId: number;
  /** Only these awards; all of the credential's when null. */
  awardIds: number[] | null;
  actor: {
    userId: number | null;
    /** The API key that started it, if one did (older payloads have none). */
    apiKeyId?: number | null;
    impersonating: boolean;
    ip: string | null;
    requestId: string | null;
  };
  /** The language of the request that started it: the holders' e-mails are written in it. */
  language?: TLanguage;
}

/**
 * Revokes the organization's live credentials whose award is gone or was corrected (a corrected
 * award is issued again by the next issuing run). Returns how many were revoked.
 */
export async function reconcileOrganization(
  deps: { repository: OpenBadgesRepository; issuer: Issuer; db: Parameters<Issuer['revoke']>[0] },
  organizationId: number,
  actor: IssueJobPayload['actor'],
): Promise<number> {
  const live = await deps.repository.liveWithAwards(organizationId);
  const stale = live.filter(
    (row) => row.award === null || awardFingerprint(row.award) !== row.fingerprint,
  );
  if (stale.length === 0) return 0;
  const key = await deps.issuer.activeKey(organizationId);
  let revoked = 0;
  for (const row of stale) {
    const reason =
      row.award === null
        ? 'The award was deleted.'
        : 'The award was corrected; a new credential replaces this one.';
    await deps.db.transaction().execute(async (trx) => {
      if (!(await deps.issuer.revoke(trx, row.id, reason, key))) return;
      revoked += 1;
      const issued = await deps.repository.issuedById(trx, row.id);
      await insertAuditEntries(trx, 'CREDENTIAL_REVOKED', [
        {
          actorUserId: actor.userId,
          actorApiKeyId: actor.apiKeyId ?? null,
          organizationId,
          impersonating: actor.impersonating,
          resourceId: String(row.id),
          summary: `Revoked the credential of ${issued?.holderName ?? 'an award'} (${issued?.achievementName ?? ''}) automatically: ${reason}`,
          ipAddress: actor.ip,
          requestId: actor.requestId,
        },
      ]);
    });
  }
  return revoked;
}

/**
 * Issues the signed credentials of a credential's awards (all, or those selected): idempotent,
 * since an award with a live credential is never issued again, so a run that stopped anywhere
 * simply runs again.
 */
export function createIssueCredentialsHandler(deps: {
  repository: OpenBadgesRepository;
  issuer: () => Promise<Issuer>;
}): JobHandler {
  return {
    async run(context) {
      const payload = context.job.payload as unknown as IssueJobPayload;
      const { repository } = deps;
      const credential = await repository.credential(payload.credentialId);
      if (!credential) return;
      const issuingOrg = await repository.issuer(context.db, credential.organizationId);
      if (!issuingOrg?.issuingAllowed || !credential.enabled) {
        context.log.info(
          { credentialId: credential.id },
          'issuing skipped: turned off for the credential or its organization',
        );
        return;
      }
      const issuer = await deps.issuer();
      await reconcileOrganization(
        { repository, issuer, db: context.db },
        credential.organizationId,
        payload.actor,
      );
      const usedIndexes = new Map<number, Set<number>>();
      let issued = 0;
      let afterId = 0;
      for (;;) {
        if (context.stopping) throw new JobInterruptedError();
        const awards = await repository.awardsToIssue(
          credential.id,
          afterId,
          BATCH,
          payload.awardIds,
        );
        if (awards.length === 0) break;
        afterId = awards.at(-1)!.id;
        await issuer.issueBatch({
          organizationId: credential.organizationId,
          credential,
          awards,
          usedIndexes,
          onStored: (trx, stored) => {
            issued += stored.length;
            return insertAuditEntries(
              trx,
              'CREDENTIAL_ISSUED',
              stored.map((row) => ({
                actorUserId: payload.actor.userId,
                actorApiKeyId: payload.actor.apiKeyId ?? null,
                organizationId: credential.organizationId,
                impersonating: payload.actor.impersonating,
                resourceId: String(row.id),
                summary: `Issued the signed credential "${credential.name}" to ${row.holderName} (award ${row.awardId})`,
                ipAddress: payload.actor.ip,
                requestId: payload.actor.requestId,
              })),
            );
          },
        });
        await context.heartbeat();
      }
      // Their holders are sent the links by a job of its own: a slow mail server never holds
      // issuing up, and a message that fails is sent again without signing anything again.
      if (issued > 0)
        await context.enqueue({
          type: JOB_TYPES.sendCredentials,
          organizationId: credential.organizationId,
          payload: { credentialId: credential.id, language: payload.language ?? 'en' },
          dedupeKey: `send-credentials:${credential.id}`,
        });
    },
  };
}

/**
 * After an upload: the organization's credentials whose issuing is on are issued again, which
 * revokes the credentials of corrected or deleted awards, re-issues them and issues new awards.
 */
export async function queueIssuingAfterUpload(
  repository: OpenBadgesRepository,
  context: JobContext,
): Promise<void> {
  const organizationId = context.job.organizationId;
  if (organizationId === null) return;
  for (const credentialId of await repository.enabledCredentials(organizationId)) {
    const payload: IssueJobPayload = {
      credentialId,
      awardIds: null,
      actor: { userId: null, impersonating: false, ip: null, requestId: null },
    };
    await context.enqueue({
      type: JOB_TYPES.issueCredentials,
      organizationId,
      payload: payload as unknown as Record<string, unknown>,
      dedupeKey: `issue-credentials:${credentialId}`,
    });
  }
}

/** A handler that also runs `after` once the job's own work is done. */
export function followedBy(
  handler: JobHandler,
  after: (context: JobContext) => Promise<void>,
): JobHandler {
  return {
    ...handler,
    async run(context) {
      await handler.run(context);
      await after(context);
    },
  };
}
