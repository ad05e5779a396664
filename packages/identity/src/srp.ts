/**
 * SRP-6a exactly as AWS Cognito user pools speak it (the protocol behind USER_SRP_AUTH and
 * DEVICE_SRP_AUTH): the RFC 5054 3072-bit group, g = 2, SHA-256, k = H(N | PAD(g)), Java
 * BigInteger style hex padding, and the "Caldera Derived Key" HKDF step.
 *
 * Modular exponentiation goes through OpenSSL (see `modPowN`), 6× faster than BigInt.
 */
import {
  createDiffieHellmanGroup,
  createHash,
  createHmac,
  createPrivateKey,
  DiffieHellman,
  createPublicKey,
  createSecretKey,
  diffieHellman,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/** RFC 5054 §A 3072-bit group prime (also RFC 3526 MODP group 15). */
const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3BE39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA051015728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200CBBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';
export const N = BigInt(`0x${N_HEX}`);
export const g = 2n;

const INFO = Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]);

/**
 * Hex of a non-negative integer the way Cognito's clients pad it (Java `BigInteger.toByteArray`):
 * even length, with a leading `00` when the top bit is set.
 * @example padHex(0xecn) === '00ec'
 */
export function padHex(value: bigint): string {
  if (value < 0n) throw new RangeError('padHex expects a non-negative integer');
  let hex = value.toString(16);
  if (hex.length % 2 !== 0) hex = `0${hex}`;
  if (/^[89a-f]/.test(hex)) hex = `00${hex}`;
  return hex;
}

function sha256(data: Buffer | string): Buffer {
  return createHash('sha256').update(data).digest();
}

/** SHA-256 of the bytes a hex string stands for, as a hex string. */
function hashHex(hex: string): string {
  return sha256(Buffer.from(hex, 'hex')).toString('hex');
}

export function bigIntFromHex(hex: string): bigint {
  if (!/^[0-9a-fA-F]+$/.test(hex)) throw new RangeError('not a hex string');
  return BigInt(`0x${hex}`);
}

function toFixedBuffer(value: bigint): Buffer {
  let hex = value.toString(16);
  if (hex.length % 2 !== 0) hex = `0${hex}`;
  return Buffer.from(hex, 'hex');
}

export const k = bigIntFromHex(hashHex(padHex(N) + padHex(g)));

// --- modular exponentiation through OpenSSL -------------------------------------------------
// Two engines compute `base ^ exponent mod N` in OpenSSL:
//
// 1. Fast (≈0.65 ms for a 256-bit exponent): node:crypto's built-in group `modp15` (RFC 3526
//    group 15, the same prime and generator as RFC 5054's 3072-bit group). Creating it takes
//    0.1 ms: unlike `createDiffieHellman(prime)` it skips the safe-prime check (1.5 s of CPU).
//    The group object's JavaScript class hides `setPrivateKey`, but its native handle is the same
//    as DiffieHellman's, so `DiffieHellman.prototype.setPrivateKey` works on it; then
//    `computeSecret(base)` is `base ^ exponent mod N`. This leans on Node internals, so it is
//    adopted only after a known-answer self-test at first use; anything unexpected falls back to 2.
// 2. Key objects (≈1.4 ms): the exponent and the base travel as DH key objects (PKCS#8 / SPKI DER
//    with the group's parameters) and `crypto.diffieHellman()` computes `base ^ exponent`. Slower
//    because importing the PKCS#8 key makes OpenSSL derive its public key g^exponent first.

function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes = toFixedBuffer(BigInt(length));
  return Buffer.concat([Buffer.from([0x80 | bytes.length]), bytes]);
}
const der = (tag: number, body: Buffer) =>
  Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
function derInteger(value: bigint): Buffer {
  let bytes = toFixedBuffer(value);
  if (bytes[0]! & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return der(0x02, bytes);
}
const derSequence = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));
/** AlgorithmIdentifier dhKeyAgreement (1.2.840.113549.1.3.1) with parameters (N, g). */
const DH_ALGORITHM = derSequence(
  Buffer.from('06092a864886f70d010301', 'hex'),
  derSequence(derInteger(N), derInteger(g)),
);
const PKCS8_VERSION = derInteger(0n);

function exponentKey(exponent: bigint) {
  return createPrivateKey({
    key: derSequence(PKCS8_VERSION, DH_ALGORITHM, der(0x04, derInteger(exponent))),
    format: 'der',
    type: 'pkcs8',
  });
}

function baseKey(base: bigint) {
  return createPublicKey({
    key: derSequence(DH_ALGORITHM, der(0x03, Buffer.concat([Buffer.from([0]), derInteger(base)]))),
    format: 'der',
    type: 'spki',
  });
}

/** `base ^ exponent mod N` through key objects; base in (1, N - 1), exponent > 0. */
function modPowKeyObjects(base: bigint, exponent: bigint): bigint {
  const secret = diffieHellman({ privateKey: exponentKey(exponent), publicKey: baseKey(base) });
  return bigIntFromHex(secret.toString('hex'));
}

type FastModPow = (base: bigint, exponent: bigint) => bigint;

function createFastModPow(): FastModPow | undefined {
  try {
    const group = createDiffieHellmanGroup('modp15');
    if (group.getPrime('hex').toUpperCase() !== N_HEX || group.getGenerator('hex') !== '02')
      return undefined;
    const setPrivateKey = DiffieHellman.prototype.setPrivateKey as unknown;
    if (typeof setPrivateKey !== 'function') return undefined;
    const fast: FastModPow = (base, exponent) => {
      (setPrivateKey as (this: unknown, key: Buffer) => void).call(group, toFixedBuffer(exponent));
      return bigIntFromHex(group.computeSecret(toFixedBuffer(base)).toString('hex'));
    };
    // Known answers: a small power, 2^3072 mod N = 2^3072 - N, and (N - 2)^2 = 4.
    const twoTo3072 = 1n << 3072n;
    if (
      fast(3n, 5n) !== 243n ||
      fast(2n, 3072n) !== twoTo3072 - N ||
      fast(N - 2n, 2n) !== 4n ||
      fast(7n, (1n << 255n) + 1n) !== modPowKeyObjects(7n, (1n << 255n) + 1n)
    )
      return undefined;
    return fast;
  } catch {
    return undefined;
  }
}

let fastModPow: FastModPow | undefined | null = null;

export type SrpEngine = 'modp15-group' | 'key-objects';

/** Which engine `modPowN` uses (after running its self-test on first call). */
export function srpEngine(): SrpEngine {
  if (fastModPow === null) fastModPow = createFastModPow();
  return fastModPow ? 'modp15-group' : 'key-objects';
}

/** Forces an engine in this thread (tests and benchmarks compare them); returns the one in use. */
export function useSrpEngine(engine: SrpEngine): SrpEngine {
  fastModPow = engine === 'key-objects' ? undefined : createFastModPow();
  return srpEngine();
}

/** Prepares the fast engine (≈2 ms, self-test included); optional, `modPowN` does it on first use. */
export function warmUpSrp(): void {
  srpEngine();
}

function slowModPow(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = base % N;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % N;
    e >>= 1n;
    b = (b * b) % N;
  }
  return result;
}

/** `base ^ exponent mod N` via OpenSSL. */
export function modPowN(base: bigint, exponent: bigint): bigint {
  const reduced = ((base % N) + N) % N;
  // OpenSSL refuses "public values" outside (1, N - 1); those never occur for honest inputs.
  if (reduced <= 1n || reduced >= N - 1n || exponent <= 0n) return slowModPow(reduced, exponent);
  if (fastModPow === null) fastModPow = createFastModPow();
  return fastModPow ? fastModPow(reduced, exponent) : modPowKeyObjects(reduced, exponent);
}

/** x = H(salt | H(poolName | username | ":" | password)), salt as padded hex. */
export function computeX(
  poolName: string,
  username: string,
  password: string,
  saltHex: string,
): bigint {
  const inner = sha256(`${poolName}${username}:${password}`).toString('hex');
  return bigIntFromHex(hashHex(padHex(bigIntFromHex(saltHex)) + inner));
}

/** The password verifier v = g^x mod N, as padded hex. */
export function computeVerifier(
  poolName: string,
  username: string,
  password: string,
  saltHex: string,
): string {
  return padHex(modPowN(g, computeX(poolName, username, password, saltHex)));
}

/** A fresh random salt, as padded hex (16 random bytes like Cognito's clients make for devices). */
export function randomSaltHex(): string {
  return padHex(bigIntFromHex(randomBytes(16).toString('hex')));
}

function computeU(A: bigint, B: bigint): bigint {
  return bigIntFromHex(hashHex(padHex(A) + padHex(B)));
}

/**
 * HMAC-SHA256 keyed with `key`. The key goes in as a KeyObject: node:crypto turns a Buffer key
 * into one on a slower path (≈22 µs an HMAC against ≈8 µs with `createSecretKey` first).
 */
function hmac(key: Buffer) {
  return createHmac('sha256', createSecretKey(key));
}

/** The 16-byte key both sides derive from S and u ("Caldera Derived Key"). */
function deriveKey(S: bigint, u: bigint): Buffer {
  const prk = hmac(Buffer.from(padHex(u), 'hex'))
    .update(Buffer.from(padHex(S), 'hex'))
    .digest();
  return hmac(prk).update(INFO).digest().subarray(0, 16);
}

/** PASSWORD_CLAIM_SIGNATURE = base64(HMAC-SHA256(key, poolName | username | secretBlock | timestamp)). */
export function claimSignature(
  key: Buffer,
  poolName: string,
  username: string,
  secretBlock: string,
  timestamp: string,
): string {
  return hmac(key)
    .update(Buffer.from(poolName, 'utf8'))
    .update(Buffer.from(username, 'utf8'))
    .update(Buffer.from(secretBlock, 'base64'))
    .update(Buffer.from(timestamp, 'utf8'))
    .digest('base64');
}

export interface ServerChallenge {
  /** Server secret exponent, 256 bits (short exponents keep 128-bit security and are 10× faster). */
  b: bigint;
  B: bigint;
}

/** B = k·v + g^b mod N for the stored verifier v. */
export function createServerChallenge(verifierHex: string): ServerChallenge {
  const v = bigIntFromHex(verifierHex);
  for (;;) {
    const b = bigIntFromHex(randomBytes(32).toString('hex'));
    const B = (k * v + modPowN(g, b)) % N;
    if (B !== 0n && b !== 0n) return { b, B };
  }
}

/** Server side S = (A · v^u)^b mod N, then the derived key; throws on a degenerate A. */
export function serverKey(input: { A: bigint; B: bigint; b: bigint; verifierHex: string }): Buffer {
  const { A, B, b } = input;
  if (A % N === 0n) throw new RangeError('A mod N is zero');
  const u = computeU(A, B);
  if (u === 0n) throw new RangeError('u is zero');
  const v = bigIntFromHex(input.verifierHex);
  const S = modPowN((A * modPowN(v, u)) % N, b);
  return deriveKey(S, u);
}

export function signaturesEqual(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'base64');
  const b = Buffer.from(received, 'base64');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Client side of SRP, as Cognito's SDKs compute it. Used by the benchmark and for cross-checks;
 * the conformance tests deliberately use the real AWS clients instead.
 */
export function createClientSession(a: bigint = bigIntFromHex(randomBytes(32).toString('hex'))) {
  const A = modPowN(g, a);
  return {
    a,
    A,
    /** Derived key for the server's B and salt; `x` may be precomputed with `computeX`. */
    key(input: { B: bigint; x: bigint; gx?: bigint }): Buffer {
      const { B, x } = input;
      if (B % N === 0n) throw new RangeError('B mod N is zero');
      const u = computeU(A, B);
      const gx = input.gx ?? modPowN(g, x);
      const base = (((B - k * gx) % N) + N) % N;
      const S = modPowN(base, a + u * x);
      return deriveKey(S, u);
    },
  };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * The TIMESTAMP Cognito's clients sign: day of month not padded, time in UTC.
 * @example formatTimestamp(new Date('2025-08-05T09:03:07Z')) === 'Tue Aug 5 09:03:07 UTC 2025'
 */
export function formatTimestamp(date: Date): string {
  return `${WEEKDAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ${two(date.getUTCHours())}:${two(
    date.getUTCMinutes(),
  )}:${two(date.getUTCSeconds())} UTC ${date.getUTCFullYear()}`;
}

const TIMESTAMP_PATTERN =
  /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):([0-5]\d):([0-5]\d) UTC (\d{4})$/;

/** Parses a TIMESTAMP in Cognito's format; undefined when malformed or inconsistent. */
export function parseTimestamp(value: string): Date | undefined {
  const match = TIMESTAMP_PATTERN.exec(value);
  if (!match) return undefined;
  const [, weekday, month, day, hh, mm, ss, year] = match;
  const date = new Date(
    Date.UTC(Number(year), MONTHS.indexOf(month!), Number(day), Number(hh), Number(mm), Number(ss)),
  );
  if (date.getUTCDate() !== Number(day) || WEEKDAYS[date.getUTCDay()] !== weekday) return undefined;
  return date;
}
