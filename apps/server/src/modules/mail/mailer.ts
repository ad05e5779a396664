import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

import { type MailRepository, maskSecrets, type OutgoingEmail } from './mail.repository.ts';

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** `smtp://user:password@host:port` (or `smtps://`); without it messages stay in the outbox. */
  smtpUrl?: string | undefined;
  from: string;
  demoMode: boolean;
  log: Pick<FastifyBaseLogger, 'info'> & Partial<Pick<FastifyBaseLogger, 'error'>>;
}

/**
 * The one way Laurel sends e-mail. Every message is kept in the outbox table; with `smtpUrl` it is
 * also handed to that SMTP server (nodemailer) and marked sent. In demo mode messages are also
 * written to the log with their secrets (reset codes, temporary passwords) masked: logs travel to
 * places the dev mailbox's address check does not reach, so the codes are read in the mailbox.
 * @example const mailer = createMailer(outbox, { smtpUrl: config.smtpUrl, from: config.mailFrom, demoMode, log })
 */
export function createMailer(outbox: MailRepository, options: MailerOptions): Mailer {
  // nodemailer is loaded only with an SMTP server to hand messages to (it was 70 ms of every
  // start); a failure to load or to read SMTP_URL is that of the first message sent.
  const smtpUrl = options.smtpUrl;
  const transport: Promise<Transporter> | null = smtpUrl
    ? import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl))
    : null;
  transport?.catch(() => undefined);
  return {
    async send(email) {
      const id = await outbox.add(email);
      if (options.demoMode) {
        options.log.info(
          { outboxId: id, to: email.to, subject: email.subject },
          `e-mail to ${email.to}: ${email.subject}\n${maskSecrets(email.text, email.secrets ?? [])}`,
        );
      }
      if (!transport) return;
      try {
        const smtp = await transport;
        await smtp.sendMail({
          from: options.from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          ...(email.html ? { html: email.html } : {}),
        });
      } catch (error) {
        options.log.error?.({ err: error, outboxId: id }, 'sending an e-mail failed');
        throw new Error(`The e-mail to ${email.to} could not be sent`, { cause: error });
      }
      await outbox.markSent(id);
    },
    close() {
      void transport?.then(
        (opened) => opened.close(),
        () => undefined,
      );
    },
  };
}
