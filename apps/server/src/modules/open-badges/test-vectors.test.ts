import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import jsonld from 'jsonld';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { createDocumentLoader } from './contexts.ts';
import { createShapeCachedCanonize } from './fast-canonize.ts';

// The 1EdTech Open Badges 3.0 Implementation Guide's test vector: its key, credential and proof
// options, and what a conforming implementation derives from them.
const KEY = {
  id: 'https://example.edu/issuers/565049#z6MkjZRZv3aez3r18pB1RBFJR1kwUVJ5jHt92JmQwXbd5hwi',
  controller: 'https://example.edu/issuers/565049',
  publicKeyMultibase: 'z6MkjZRZv3aez3r18pB1RBFJR1kwUVJ5jHt92JmQwXbd5hwi',
  secretKeyMultibase:
    'zrv2bqTbNwCTsRrHFcJCPjVAduh4Ezcnoq1A3ZxH1GWTNkxipLVuaAoMFmze2gFN9oNXfJjufxSHWVZzsJiUsMHFMcx',
};
const credentialWith = (context: string[], date: Record<string, string>) => ({
  '@context': context,
  id: 'http://example.com/credentials/3527',
  type: ['VerifiableCredential', 'OpenBadgeCredential'],
  issuer: {
    id: 'https://example.edu/issuers/565049',
    type: ['Profile'],
    url: 'https://www.imsglobal.org',
    name: 'Example Corp',
  },
  ...date,
  name: 'Teamwork Badge',
  credentialSubject: {
    id: 'did:example:ebfeb1f712ebc6f1c276e12ec21',
    type: ['AchievementSubject'],
    achievement: {
      id: 'https://example.com/achievements/21st-century-skills/teamwork',
      type: ['Achievement'],
      criteria: {
        narrative:
          'Team members are nominated for this badge by their peers and recognized upon review by Example Corp management.',
      },
      description:
        'This badge recognizes the development of the capacity to collaborate within a group environment.',
      name: 'Teamwork',
    },
  },
});
const proofWith = (context: string[]) => ({
  '@context': context,
  type: 'DataIntegrityProof',
  created: '2010-01-01T19:23:24Z',
  verificationMethod: KEY.id,
  cryptosuite: 'eddsa-rdfc-2022',
  proofPurpose: 'assertionMethod',
});

const loader = createDocumentLoader();
const canonize = (input: unknown) =>
  jsonld.canonize(input, {
    algorithm: 'RDFC-1.0',
    format: 'application/n-quads',
    documentLoader: loader,
    safe: true,
  }) as Promise<string>;
const sha256 = (text: string) => createHash('sha256').update(text).digest();
const vector = (name: string) =>
  readFileSync(new URL(`./test-vectors/${name}`, import.meta.url), 'utf8');

describe('the 1EdTech Open Badges 3.0 test vector', () => {
  it('canonicalizes a VC 2.0 credential and its proof to exactly the published N-Quads', async () => {
    // The guide's current vector: VC 2.0 with the Open Badges context, `validFrom`. Laurel issues
    // this shape with the 3.0.3 context, whose terms map the vector's properties the same way.
    const context = [
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ];
    const credential = credentialWith(context, { validFrom: '2010-01-01T00:00:00Z' });
    const expected = vector('ob-v3p0-document-canon.nq');
    expect(await canonize(credential)).toBe(expected);
    // Laurel's signing path (the JSON-LD to RDF step cached per shape) gives the same bytes.
    expect(await createShapeCachedCanonize(loader)(credential)).toBe(expected);
    expect(await canonize(proofWith(context))).toBe(vector('ob-v3p0-proof-canon.nq'));
  });

  it('hashes and signs the VC 1.1 vector to the published hashes, signature and proof value', async () => {
    // The guide's first vector (VC 1.1, `issuanceDate`, the Open Badges 3.0.0 context) publishes
    // every intermediate value: the two hashes, the data signed, the signature, the proof value.
    const context = [
      'https://www.w3.org/2018/credentials/v1',
      'https://purl.imsglobal.org/spec/ob/v3p0/context.json',
      'https://w3id.org/security/data-integrity/v1',
    ];
    const credential = credentialWith(context, { issuanceDate: '2010-01-01T00:00:00Z' });
    const documentHash = sha256(await canonize(credential));
    const proofHash = sha256(await canonize(proofWith(context)));
    expect(documentHash.toString('hex')).toBe(
      'd994aebd5e53f4af4495dbe9e1155410bae683811107c26acf83671075c163b3',
    );
    expect(proofHash.toString('hex')).toBe(
      '3cf3c265b6c8ebb29b4d5ea310b87d2f31c79b633eff8af561d2e8c97a85c8cb',
    );
    expect(await createShapeCachedCanonize(loader)(credential)).toBe(await canonize(credential));

    const pair = await Ed25519Multikey.from(KEY);
    const signature = Buffer.from(
      await pair.signer().sign({ data: Buffer.concat([proofHash, documentHash]) }),
    );
    expect(signature.toString('hex')).toBe(
      '17a898a91832fa58bd66433e18dc8256522bcf84382994c395c23c26cba71ff8060a2587390e5ed20c4decec45c0c0c9eec1f7d2d1ce91e1ffc992983a74a300',
    );
  });
});
