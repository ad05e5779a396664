import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.ts';
import { toIso, toIsoOrNull } from '../../db/values.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface StoredEmail extends OutgoingEmail {
  id: number;
  createdAt: string;
  sentAt: string | null;
}

export function createMailRepository(db: Kysely<Database>) {
  return {
    async add(email: OutgoingEmail): Promise<number> {
      const row = await db
        .insertInto('outboxEmails')
        .values({
          toAddress: email.to.toLowerCase(),
          subject: email.subject,
          textBody: email.text,
          htmlBody: email.html ?? null,
          sentAt: null,
          createdAt: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async markSent(id: number): Promise<void> {
      await db
        .updateTable('outboxEmails')
        .set({ sentAt: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
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
      }));
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
