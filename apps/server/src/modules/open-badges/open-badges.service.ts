import type { Kysely } from 'kysely';

import type {
  TAwardBadge,
  TCredentialIssuing,
  TIssueQueued,
  TOrganizationIssuing,
} from '@laurel/contract/open-badges';

import type { Database } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { JOB_TYPES } from '../../jobs/types.ts';
import { requireAccess } from '../../lib/access.ts';
import { type Actor, actorColumns } from '../../lib/actor.ts';
import type { Auditor } from '../../lib/audit.ts';
import { conflict, HttpError, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { credentialIssuedEmail } from '../mail/templates.ts';
import type { Principal } from '../../plugins/auth.ts';
import { issuerDid } from './did-web.ts';
import type { IssueJobPayload } from './issue-credentials.job.ts';
import type { Issuer } from './issuer.ts';
import { unguessableId } from '../../lib/unguessable-id.ts';
import { insertAuditEntries, type OpenBadgesRepository } from './open-badges.repository.ts';

export const ISSUING_MESSAGES = {
  organizationNotAllowed:
    'This organization may not issue signed credentials yet: a platform admin turns that on.',
  credentialNotEnabled: 'Turn on signed credentials for this credential first.',
  notLive: 'This award has no live signed credential to revoke.',
  notLiveToSend: 'This award has no live signed credential to send.',
  noEmail: 'This award has no e-mail address to send its credential to.',
  mailUnavailable: 'E-mail is not configured on this server.',
  notSent: (to: string) =>
    `The e-mail to ${to} could not be sent. Nothing was lost: try again with Send again.`,
  queued: 'Issuing has started: the awards show their signed credentials as they are issued.',
} as const;

/** Rules of signed credentials: who may allow, turn on, issue and revoke them. */
export function createOpenBadgesService(deps: {
  db: Kysely<Database>;
  repository: OpenBadgesRepository;
  issuer: () => Promise<Issuer>;
  audit: Auditor;
  publicUrl: string;
  notifyJobs: () => void;
  /** Sends a holder their credential's link again; without it, Send again answers 503. */
  mailer?: Mailer | undefined;
}) {
  const { db, repository, audit } = deps;

  async function credentialOrThrow(principal: Principal, credentialId: number) {
    const credential = await repository.credential(credentialId);
    if (!credential) throw notFound();
    requireAccess(principal, 'read:award', { organizationId: credential.organizationId });
    return credential;
  }

  return {
    async organizationIssuing(
      principal: Principal,
      organizationId: number,
    ): Promise<TOrganizationIssuing> {
      requireAccess(principal, 'read:award', { organizationId });
      if (!(await repository.organization(organizationId))) throw notFound();
      const issuer = await repository.issuer(db, organizationId);
      const keys = issuer ? await repository.keys(db, organizationId) : [];
      const issuing = await deps.issuer();
      return {
        organizationId,
        issuingAllowed: issuer?.issuingAllowed ?? false,
        did: issuer && keys.length ? issuerDid(deps.publicUrl, issuer.publicId) : null,
        profileUrl: issuer && keys.length ? issuing.addresses.profile(issuer.publicId) : null,
        keys: keys.map((key) => ({
          verificationMethod: key.verificationMethod,
          status: key.status === 'ACTIVE' ? 'ACTIVE' : 'RETIRED',
          createdAt: key.createdAt,
          retiredAt: key.retiredAt,
        })),
      };
    },

    async setOrganizationIssuing(actor: Actor, organizationId: number, allowed: boolean) {
      requireAccess(actor.principal, 'allow:issuing', { organizationId });
      const organization = await repository.organization(organizationId);
      if (!organization) throw notFound();
      await db.transaction().execute(async (trx) => {
        await repository.setIssuingAllowed(trx, organizationId, allowed);
        await audit(trx, actor, {
          type: 'UPDATE',
          resourceType: 'organization',
          resourceId: organizationId,
          organizationId,
          summary: `${allowed ? 'Allowed' : 'Stopped'} signed credentials for ${organization.name}`,
        });
      });
      return this.organizationIssuing(actor.principal, organizationId);
    },

    async credentialIssuing(
      principal: Principal,
      credentialId: number,
    ): Promise<TCredentialIssuing> {
      const credential = await credentialOrThrow(principal, credentialId);
      const issuer = await repository.issuer(db, credential.organizationId);
      const counts = await repository.credentialCounts(credentialId);
      return {
        credentialId,
        organizationIssuingAllowed: issuer?.issuingAllowed ?? false,
        enabled: credential.enabled,
        awards: credential.awardCount,
        issued: counts.issued,
        revoked: counts.revoked,
        issuing: await repository.issuingQueued(credentialId),
        showOutcomes: credential.showOutcomes,
      };
    },

    async setCredentialIssuing(
      actor: Actor,
      credentialId: number,
      settings: { enabled?: boolean | undefined; showOutcomes?: boolean | undefined },
    ) {
      const credential = await credentialOrThrow(actor.principal, credentialId);
      requireAccess(actor.principal, 'issue:award', { organizationId: credential.organizationId });
      const issuer = await repository.issuer(db, credential.organizationId);
      if (settings.enabled && !issuer?.issuingAllowed)
        throw conflict(ISSUING_MESSAGES.organizationNotAllowed);
      const changes = [
        settings.enabled === undefined || settings.enabled === credential.enabled
          ? null
          : `Turned signed credentials ${settings.enabled ? 'on' : 'off'}`,
        settings.showOutcomes === undefined || settings.showOutcomes === credential.showOutcomes
          ? null
          : settings.showOutcomes
            ? 'Showed the published outcome summary on its credentials’ pages'
            : 'Stopped showing the outcome summary on its credentials’ pages',
      ].filter((change) => change !== null);
      if (changes.length > 0)
        await db.transaction().execute(async (trx) => {
          await repository.setCredentialIssuing(trx, credentialId, settings);
          await audit(trx, actor, {
            type: 'UPDATE',
            resourceType: 'credential',
            resourceId: credentialId,
            organizationId: credential.organizationId,
            summary: `${changes.join('; ')} for "${credential.name}"`,
          });
        });
      return this.credentialIssuing(actor.principal, credentialId);
    },

    /** Queues the issuing job; the awards show their credentials as it signs them. */
    async issue(actor: Actor, credentialId: number, awardIds?: number[]): Promise<TIssueQueued> {
      const credential = await credentialOrThrow(actor.principal, credentialId);
      requireAccess(actor.principal, 'issue:award', { organizationId: credential.organizationId });
      const issuer = await repository.issuer(db, credential.organizationId);
      if (!issuer?.issuingAllowed) throw conflict(ISSUING_MESSAGES.organizationNotAllowed);
      if (!credential.enabled) throw conflict(ISSUING_MESSAGES.credentialNotEnabled);
      const payload: IssueJobPayload = {
        credentialId,
        awardIds: awardIds ? [...new Set(awardIds)] : null,
        actor: {
          userId: actor.principal.apiKey ? null : actor.principal.userId,
          apiKeyId: actor.principal.apiKey?.id ?? null,
          impersonating: actor.principal.impersonating,
          ip: actor.ip,
          requestId: actor.requestId,
        },
        language: actor.language ?? 'en',
      };
      await enqueueJob(db, {
        type: JOB_TYPES.issueCredentials,
        organizationId: credential.organizationId,
        payload: payload as unknown as Record<string, unknown>,
        dedupeKey: awardIds
          ? `issue-credentials:${credentialId}:${unguessableId()}`
          : `issue-credentials:${credentialId}`,
      });
      deps.notifyJobs();
      return { queued: true, message: ISSUING_MESSAGES.queued };
    },

    async awardBadges(
      principal: Principal,
      credentialId: number,
      awardIds: number[],
    ): Promise<TAwardBadge[]> {
      await credentialOrThrow(principal, credentialId);
      const issuing = await deps.issuer();
      const [rows, emails] = await Promise.all([
        repository.latestOfAwards(credentialId, awardIds),
        repository.awardEmails(credentialId, awardIds),
      ]);
      const latest = new Map(rows.map((row) => [row.awardId, row]));
      return awardIds.map((awardId) => {
        const row = latest.get(awardId);
        const holderEmail = emails.get(awardId) ?? null;
        if (!row)
          return {
            awardId,
            state: 'NOT_ISSUED',
            verificationUrl: null,
            issuedAt: null,
            revokedAt: null,
            revocationReason: null,
            holderEmail,
            sentAt: null,
          };
        return {
          awardId,
          state: row.status === 'ISSUED' ? 'ISSUED' : 'REVOKED',
          verificationUrl: issuing.addresses.verification(row.verificationId),
          issuedAt: row.issuedAt,
          revokedAt: row.revokedAt,
          revocationReason: row.revocationReason,
          holderEmail,
          sentAt: row.sentAt,
        };
      });
    },

    /** An issuer's revocation of one award's live credential, with the reason, audited. */
    async revoke(actor: Actor, awardId: number, reason: string): Promise<TAwardBadge> {
      const award = await repository.award(awardId);
      if (!award) throw notFound();
      requireAccess(actor.principal, 'read:award', { organizationId: award.organizationId });
      requireAccess(actor.principal, 'issue:award', { organizationId: award.organizationId });
      const live = await repository.liveOfAward(awardId);
      if (!live) throw conflict(ISSUING_MESSAGES.notLive);
      const issuer = await deps.issuer();
      const key = await issuer.activeKey(award.organizationId);
      const revoked = await db.transaction().execute(async (trx) => {
        if (!(await issuer.revoke(trx, live.id, reason, key))) return false;
        await insertAuditEntries(trx, 'CREDENTIAL_REVOKED', [
          {
            ...actorColumns(actor.principal),
            organizationId: award.organizationId,
            impersonating: actor.principal.impersonating,
            resourceId: String(live.id),
            summary: `Revoked the signed credential "${live.achievementName}" of ${live.holderName}: ${reason}`,
            ipAddress: actor.ip,
            requestId: actor.requestId,
          },
        ]);
        return true;
      });
      if (!revoked) throw conflict(ISSUING_MESSAGES.notLive);
      const [state] = await this.awardBadges(actor.principal, award.credentialId, [awardId]);
      return state!;
    },

    /** Sends the holder the link of the award's live credential (again), audited. */
    async send(actor: Actor, awardId: number): Promise<TAwardBadge> {
      const award = await repository.award(awardId);
      if (!award) throw notFound();
      requireAccess(actor.principal, 'read:award', { organizationId: award.organizationId });
      requireAccess(actor.principal, 'issue:award', { organizationId: award.organizationId });
      const live = await repository.liveOfAward(awardId);
      if (!live) throw conflict(ISSUING_MESSAGES.notLiveToSend);
      if (!award.email) throw conflict(ISSUING_MESSAGES.noEmail);
      if (!deps.mailer) throw new HttpError(503, ISSUING_MESSAGES.mailUnavailable);
      const organization = await repository.organization(award.organizationId);
      const issuer = await deps.issuer();
      try {
        await deps.mailer.send(
          credentialIssuedEmail({
            to: award.email,
            firstName: award.firstName,
            achievementName: live.achievementName,
            issuerName: organization?.name ?? '',
            link: issuer.addresses.verification(live.verificationId),
            language: actor.language ?? 'en',
          }),
        );
      } catch {
        throw new HttpError(502, ISSUING_MESSAGES.notSent(award.email));
      }
      await db.transaction().execute(async (trx) => {
        await repository.markSent(trx, live.id);
        await insertAuditEntries(trx, 'CREDENTIAL_SENT', [
          {
            ...actorColumns(actor.principal),
            organizationId: award.organizationId,
            impersonating: actor.principal.impersonating,
            resourceId: String(live.id),
            summary: `Sent ${live.holderName} the link of the signed credential "${live.achievementName}" at ${award.email}`,
            ipAddress: actor.ip,
            requestId: actor.requestId,
          },
        ]);
      });
      const [state] = await this.awardBadges(actor.principal, award.credentialId, [awardId]);
      return state!;
    },
  };
}
export type OpenBadgesService = ReturnType<typeof createOpenBadgesService>;
