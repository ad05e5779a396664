import { createHmac, createSecretKey, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

import { API_KEY_PREFIX } from '@laurel/contract/api-keys';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
/** A prefix, 32 random base62 characters (190 bits), a 6-character CRC32 checksum. */
const shapeOf = (prefix: string) =>
  new RegExp(`^${prefix}[0-9A-Za-z]{${RANDOM_LENGTH}}[0-9A-Za-z]{${CHECKSUM_LENGTH}}$`);
const KEY_SHAPES = new Map<string, RegExp>();

function base62(value: number, length: number): string {
  let out = '';
  for (let rest = value; out.length < length; rest = Math.floor(rest / 62))
    out = BASE62[rest % 62]! + out;
  return out;
}

const checksumOf = (random: string) => base62(crc32(random), CHECKSUM_LENGTH);

/**
 * A new secret: random base62 after the prefix, then a checksum of it, so that a secret scanner
 * (or Laurel, before any lookup) tells a real one from a typo without asking anyone. API keys
 * start with `laurel_live_`, SCIM tokens with `laurel_scim_`.
 *
 * @example generateKey('laurel_scim_') // 'laurel_scim_4fQ…'
 */
export function generateKey(prefix: string): string {
  let random = '';
  // Rejection sampling: 248 is the largest multiple of 62 under 256, so each character is uniform.
  while (random.length < RANDOM_LENGTH)
    for (const byte of randomBytes(RANDOM_LENGTH * 2))
      if (byte < 248 && random.length < RANDOM_LENGTH) random += BASE62[byte % 62];
  return `${prefix}${random}${checksumOf(random)}`;
}

/** A new API key (`laurel_live_…`). */
export const generateApiKey = () => generateKey(API_KEY_PREFIX);

/** Whether `value` has the shape and checksum of a secret with `prefix`: else refused unread. */
export function looksLikeKey(value: string, prefix: string): boolean {
  let shape = KEY_SHAPES.get(prefix);
  if (!shape) KEY_SHAPES.set(prefix, (shape = shapeOf(prefix)));
  if (!shape.test(value)) return false;
  const random = value.slice(prefix.length, prefix.length + RANDOM_LENGTH);
  return value.endsWith(checksumOf(random));
}

/** Whether `value` has an API key's shape and checksum. */
export const looksLikeApiKey = (value: string) => looksLikeKey(value, API_KEY_PREFIX);

/**
 * What is stored of a key: HMAC-SHA-256 under a key derived from SECRET_KEY. Keys are random, so a
 * slow hash adds nothing; the server key keeps a stolen table from being checked offline.
 */
export function createKeyHasher(secretKey: string) {
  const hashingKey = createSecretKey(
    createHmac('sha256', secretKey).update('laurel api key hashing').digest(),
  );
  return (key: string) => createHmac('sha256', hashingKey).update(key).digest('base64url');
}

/** The parts of a key the list shows: its start (prefix and four characters) and last four. */
export const visiblePartsOf = (key: string, prefix: string = API_KEY_PREFIX) => ({
  start: key.slice(0, prefix.length + 4),
  lastFour: key.slice(-4),
});
