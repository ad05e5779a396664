import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.ts';
import { toIso, toIsoOrNull } from '../../db/values.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Strings in the message that grant access (codes, temporary passwords, invitation links). */
  secrets?: string[];
}

export interface StoredEmail extends Omit<OutgoingEmail, 'secrets'> {
  id: number;
  createdAt: string;
  sentAt: string | null;
  /** Whether the secrets in the message have been replaced by {@link SECRET_MASK}. */
  masked: boolean;
}

/** How long a message kept in the outbox shows its secrets when it is not delivered by SMTP. */
export const OUTBOX_SECRET_TTL_MS = 24 * 60 * 60 * 1000;
export const SECRET_MASK = '••••••••';

const htmlEscape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The text with every secret, as written or HTML-escaped, replaced by the mask. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let masked = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (!secret) continue;
    for (const form of new Set([secret, htmlEscape(secret)]))
      masked = masked.split(form).join(SECRET_MASK);
  }
  return masked;
}

function secretsOf(stored: string | null): string[] {
  if (!stored) return [];
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
}

export function createMailRepository(db: Kysely<Database>) {
  /** Replaces the secrets of one message by the mask and forgets them. */
  async function mask(
    row: { id: number; textBody: string; htmlBody: string | null; secrets: string | null },
    sentAt?: string,
  ) {
    const secrets = secretsOf(row.secrets);
    await db
      .updateTable('outboxEmails')
      .set({
        textBody: maskSecrets(row.textBody, secrets),
        htmlBody: row.htmlBody === null ? null : maskSecrets(row.htmlBody, secrets),
        secrets: null,
        ...(sentAt ? { sentAt } : {}),
      })
      .where('id', '=', row.id)
      .execute();
  }

  return {
    async add(email: OutgoingEmail): Promise<number> {
      const secrets = email.secrets?.filter(Boolean) ?? [];
      const row = await db
        .insertInto('outboxEmails')
        .values({
          toAddress: email.to.toLowerCase(),
          subject: email.subject,
          textBody: email.text,
          htmlBody: email.html ?? null,
          secrets: secrets.length > 0 ? JSON.stringify(secrets) : null,
          sentAt: null,
          createdAt: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Delivered: the outbox keeps the message, without its secrets. */
    async markSent(id: number): Promise<void> {
      const row = await db
        .selectFrom('outboxEmails')
        .select(['id', 'textBody', 'htmlBody', 'secrets'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (row) await mask(row, new Date().toISOString());
    },

    /** Masks the secrets of messages made before `before` (24 hours ago by default). */
    async maskExpired(before = new Date(Date.now() - OUTBOX_SECRET_TTL_MS)): Promise<number> {
      const rows = await db
        .selectFrom('outboxEmails')
        .select(['id', 'textBody', 'htmlBody', 'secrets'])
        .where('secrets', 'is not', null)
        .where('createdAt', '<', before.toISOString())
        .limit(1000)
        .execute();
      for (const row of rows) await mask(row);
      return rows.length;
    },

    async latest(limit: number): Promise<StoredEmail[]> {
      const rows = await db
        .selectFrom('outboxEmails')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        ...(row.htmlBody ? { html: row.htmlBody } : {}),
        createdAt: toIso(row.createdAt),
        sentAt: toIsoOrNull(row.sentAt),
        masked: row.secrets === null,
      }));
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
