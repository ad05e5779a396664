import type { FastifyBaseLogger } from 'fastify';

import type { MailRepository, OutgoingEmail } from './mail.repository.ts';

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}

/**
 * Keeps every message in the outbox table; in demo mode also writes it to the log, so that
 * reset codes and invitation links can be read without an e-mail server.
 */
export function createOutboxMailer(
  outbox: MailRepository,
  options: { demoMode: boolean; log: Pick<FastifyBaseLogger, 'info'> },
): Mailer {
  return {
    async send(email) {
      const id = await outbox.add(email);
      if (options.demoMode) {
        options.log.info(
          { outboxId: id, to: email.to, subject: email.subject },
          `e-mail to ${email.to}: ${email.subject}\n${email.text}`,
        );
      }
    },
  };
}
