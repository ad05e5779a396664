import { ROLES } from '@laurel/contract/roles';

import type { EnqueueOptions, JobContext, JobHandler } from '../../jobs/types.ts';
import { JOB_TYPES } from '../../jobs/types.ts';
import type { Mailer } from '../mail/mailer.ts';
import { insightsDigestEmail } from '../mail/templates.ts';
import type { InsightsDigestRepository } from './insights-digest.repository.ts';
import { digestFiguresOf, digestMonthOf, insightsDigestDedupeKey } from './insights-digest.ts';
import type { createInsightsReader } from './insights.service.ts';

/**
 * Queues the month's digest of every organization admin who opted in and has not had it
 * (housekeeping, hourly): one job per person and month, queued once however many instances ask.
 */
export async function scheduleInsightsDigests(
  digests: InsightsDigestRepository,
  enqueue: (options: EnqueueOptions) => Promise<unknown>,
  now: Date,
): Promise<number> {
  const month = digestMonthOf(now);
  const due = await digests.due(month);
  for (const recipient of due)
    await enqueue({
      type: JOB_TYPES.sendInsightsDigest,
      organizationId: recipient.organizationId,
      payload: { userId: recipient.userId, month },
      dedupeKey: insightsDigestDedupeKey(recipient.userId, month),
    });
  return due.length;
}

/**
 * Sends one person's digest of one month: the organization's figures as the insights API
 * publishes them to that admin, compared with their previous digest. The digest is recorded
 * before the e-mail goes out, so that a second worker or a second run sends nothing; a failed
 * e-mail forgets it again, and the retry sends it.
 */
export function createSendInsightsDigestHandler(deps: {
  digests: InsightsDigestRepository;
  reader: ReturnType<typeof createInsightsReader>;
  publicUrl: string;
  mailer: (log: JobContext['log']) => Mailer;
}): JobHandler {
  return {
    async run(context) {
      const userId = Number(context.job.payload.userId);
      const month = String(context.job.payload.month);
      // Opted out, no longer an organization admin, deactivated or gone: nothing is sent.
      const recipient = await deps.digests.recipient(userId);
      if (!recipient) return;
      const data = await deps.reader.data(
        {
          principal: {
            userId: recipient.userId,
            identityUsername: recipient.identityUsername,
            email: recipient.email,
            roleId: ROLES.ORGANIZATION_ADMIN,
            organizationId: recipient.organizationId,
            isAdmin: false,
            actingOrganizationId: recipient.organizationId,
            impersonating: false,
            sessionId: null,
          },
          ip: null,
          requestId: null,
        },
        { organizationId: recipient.organizationId },
      );
      const figures = digestFiguresOf(data);
      const previous = await deps.digests.previous(userId, month);
      if (!(await deps.digests.claim(recipient, month, figures))) return;
      const mailer = deps.mailer(context.log);
      try {
        await mailer.send(
          insightsDigestEmail({
            to: recipient.email,
            firstName: recipient.firstName,
            organizationName: recipient.organizationName,
            month,
            figures,
            previous: previous ?? null,
            link: `${deps.publicUrl.replace(/\/+$/, '')}/organizations/${recipient.organizationId}/insights`,
            language: recipient.language === 'es' ? 'es' : 'en',
          }),
        );
      } catch (error) {
        await deps.digests.release(userId, month);
        throw error;
      } finally {
        mailer.close();
      }
    },
  };
}
