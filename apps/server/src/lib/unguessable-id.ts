import { randomBytes } from 'node:crypto';

/**
 * 20 random characters of base32 (100 bits): the public ids of signed credentials' issuers, status
 * lists and credentials, which nothing may count, order or guess.
 */
export function unguessableId(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  let out = '';
  for (const byte of randomBytes(20)) out += alphabet[byte & 31];
  return out;
}
