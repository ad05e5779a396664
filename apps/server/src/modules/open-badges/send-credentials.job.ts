import type { FastifyBaseLogger } from 'fastify';

import type { TLanguage } from '@laurel/contract/profile';

import type { Mailer } from '../mail/mailer.ts';
import { credentialIssuedEmail } from '../mail/templates.ts';
import { type JobHandler, JobInterruptedError } from '../../jobs/types.ts';
import type { Issuer } from './issuer.ts';
import type { OpenBadgesRepository } from './open-badges.repository.ts';

/** Messages per page of credentials: each is marked sent as soon as the mail server took it. */
const PAGE = 100;

/**
 * Sends each live credential of a credential whose holder has an e-mail address and was not sent
 * its link yet: one message each, marked sent once the outbox (and the mail server, when there is
 * one) took it. Safe to run again: a credential already sent is never sent twice by this job.
 */
export function createSendCredentialsHandler(deps: {
  repository: OpenBadgesRepository;
  issuer: () => Promise<Issuer>;
  /** A mailer for one run, logging to the job's log; closed when the run ends. */
  mailer: (log: FastifyBaseLogger) => Mailer;
}): JobHandler {
  return {
    async run(context) {
      const { credentialId, language = 'en' } = context.job.payload as {
        credentialId: number;
        /** The language of the request that started the issuing (older payloads have none). */
        language?: TLanguage;
      };
      const addresses = (await deps.issuer()).addresses;
      const mailer = deps.mailer(context.log);
      try {
        let afterId = 0;
        for (;;) {
          if (context.stopping) throw new JobInterruptedError();
          const page = await deps.repository.unsent(credentialId, afterId, PAGE);
          if (page.length === 0) break;
          for (const row of page) {
            await mailer.send(
              credentialIssuedEmail({
                to: row.email,
                firstName: row.firstName,
                achievementName: row.achievementName,
                issuerName: row.organizationName,
                link: addresses.verification(row.verificationId),
                language,
              }),
            );
            await deps.repository.markSent(context.db, row.id);
          }
          afterId = page.at(-1)!.id;
          await context.heartbeat();
        }
      } finally {
        mailer.close();
      }
    },
  };
}
