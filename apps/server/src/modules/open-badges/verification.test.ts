import { describe, expect, it } from 'vitest';

import { didDocument } from './did-web.ts';
import { PrivateAddressError } from '../../lib/outbound.ts';
import {
  buildBadgeCredential,
  createSigner,
  generateIssuerKey,
  type IssuerKeyMaterial,
} from './signing.ts';
import { createVerifier } from './verification.ts';

const signer = createSigner();

async function credentialOf(key: IssuerKeyMaterial) {
  const unsigned = buildBadgeCredential({
    id: 'https://other.example/credentials/1',
    issuer: {
      id: key.controller,
      type: ['Profile'],
      name: 'Other Academy',
      url: 'https://other.example',
    },
    awardDate: '2024-01-31',
    holder: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' },
    achievement: {
      id: 'https://other.example/achievements/1',
      name: 'Analytical Engines',
      description: null,
      typeCode: 'BADGE',
    },
    status: { listUrl: 'https://other.example/status/1', index: 1 },
  });
  // Another issuer's credential without a status list: nothing to revoke.
  const { credentialStatus: _status, ...withoutStatus } = unsigned;
  return signer.sign(withoutStatus, key);
}

const result = (report: Awaited<ReturnType<ReturnType<typeof createVerifier>>>) =>
  Object.fromEntries(report.checks.map((check) => [check.check, check.result]));

describe("verifying other issuers' credentials", () => {
  it('checks a did:key credential without any request', async () => {
    const made = await generateIssuerKey('did:key:placeholder');
    const did = `did:key:${made.publicKeyMultibase}`;
    const key = { ...made, id: `${did}#${made.publicKeyMultibase}`, controller: did };
    const requests: string[] = [];
    const verify = createVerifier({
      localDocument: async () => null,
      fetch: async (url) => {
        requests.push(url);
        throw new Error('no requests expected');
      },
    });
    const credential = await credentialOf(key);
    const report = await verify(credential);
    expect(result(report)).toEqual({
      format: 'passed',
      issuer: 'passed',
      signature: 'passed',
      status: 'passed',
      dates: 'passed',
    });
    expect(report.verified).toBe(true);
    expect(requests).toEqual([]);
    expect((await verify({ ...credential, validFrom: '2024-02-01T00:00:00Z' })).verified).toBe(
      false,
    );
  });

  it('fetches a did:web document over https, at most 256 KB of it', async () => {
    const did = 'did:web:issuer.example:academy';
    const key = await generateIssuerKey(did);
    const document = JSON.stringify(didDocument(did, [key]));
    const asked: string[] = [];
    let body = document;
    const verify = createVerifier({
      localDocument: async () => null,
      fetch: async (url) => {
        asked.push(url);
        return new Response(body, { headers: { 'content-type': 'application/json' } });
      },
    });
    const credential = await credentialOf(key);
    expect((await verify(credential)).verified).toBe(true);
    expect(asked).toEqual(['https://issuer.example/academy/did.json']);

    body = ' '.repeat(300 * 1024) + document;
    const tooLarge = await verify(credential);
    expect(result(tooLarge).issuer).toBe('failed');
    expect(tooLarge.checks[1]!.message).toContain('too large');
  });

  it('reports a refused address as the issuer check failing', async () => {
    const did = 'did:web:192.168.1.20';
    const key = await generateIssuerKey(did);
    const verify = createVerifier({
      localDocument: async () => null,
      fetch: async () => {
        throw new PrivateAddressError('192.168.1.20');
      },
    });
    const report = await verify(await credentialOf(key));
    expect(report.verified).toBe(false);
    expect(report.checks[1]).toMatchObject({ check: 'issuer', result: 'failed' });
    expect(report.checks[1]!.message).toContain('private, loopback or link-local');
    expect(result(report).signature).toBe('skipped');
  });
});
