/**
 * A self-signed X.509 certificate (RSA 2048, SHA-256) with node:crypto alone: what a SAML service
 * provider publishes in its metadata for signatures and encryption (no CA is involved: the peers
 * trust the certificate as exchanged in metadata).
 */
import { generateKeyPair, randomBytes, sign, X509Certificate } from 'node:crypto';
import { promisify } from 'node:util';

const generate = promisify(generateKeyPair);

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, content: Buffer) =>
  Buffer.concat([Buffer.from([tag]), length(content.length), content]);
const seq = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));

function integer(value: Buffer): Buffer {
  let v = value;
  while (v.length > 1 && v[0] === 0 && v[1]! < 0x80) v = v.subarray(1);
  return tlv(0x02, v[0]! >= 0x80 ? Buffer.concat([Buffer.from([0]), v]) : v);
}

function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const bytes = [parts[0]! * 40 + parts[1]!];
  for (const part of parts.slice(2)) {
    const chunk: number[] = [part & 0x7f];
    for (let v = part >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  // UTCTime until 2049, GeneralizedTime after (RFC 5280 §4.1.2.5).
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(iso.slice(2)))
    : tlv(0x18, Buffer.from(iso));
}

/**
 * @example const { certificate, privateKey } = await createSelfSignedCertificate('sp.example.edu', 3650)
 */
export async function createSelfSignedCertificate(
  commonName: string,
  days: number,
  notBefore = new Date(Date.now() - 86_400_000),
): Promise<{ certificate: string; privateKey: string }> {
  const { publicKey, privateKey } = await generate('rsa', { modulusLength: 2048 });
  const name = seq(set(seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(commonName)))));
  const algorithm = seq(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f;
  const tbs = seq(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    algorithm,
    name,
    seq(time(notBefore), time(new Date(notBefore.getTime() + days * 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = seq(tbs, algorithm, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const certificate = `-----BEGIN CERTIFICATE-----\n${der
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END CERTIFICATE-----\n`;
  // Parsed back once: a certificate that does not read is a bug here, not in a peer.
  if (!new X509Certificate(certificate).verify(publicKey))
    throw new Error('The self-signed certificate does not verify');
  return {
    certificate,
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
