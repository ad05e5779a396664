import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { describe, expect, it } from 'vitest';

import { createDocumentLoader } from './contexts.ts';
import { issuerDid } from './did-web.ts';
import { createShapeCachedCanonize } from './fast-canonize.ts';
import { buildBadgeCredential, buildStatusListCredential, encodeEmptyList } from './signing.ts';

const loader = createDocumentLoader();
const did = issuerDid('https://laurel.example', 'abcdefghijkmnpqrstuv');

function badge(firstName: string, lastName: string, email: string | null, name = 'Welding') {
  return buildBadgeCredential(
    {
      id: `https://laurel.example/verify/${lastName.length}x${firstName.length}`,
      issuer: {
        id: did,
        type: ['Profile'],
        name: 'Alpha "College" \\ Ünï',
        url: 'https://a.example',
      },
      awardDate: '2024-02-29',
      holder: { firstName, lastName, email },
      achievement: {
        id: 'https://laurel.example/issuers/abcdefghijkmnpqrstuv/achievements/7',
        name,
        description: name === 'Welding' ? null : `Line one\nline "two"\t\u0001`,
        typeCode: 'LICENSE',
      },
      status: { listUrl: 'https://laurel.example/status-lists/l1', index: 4711 },
    },
    'fixed-salt',
  );
}

describe('shape-cached canonicalization', () => {
  it('gives exactly the N-Quads of the full JSON-LD path for every value', async () => {
    const fast = createShapeCachedCanonize(loader);
    const documents = [
      badge('Ada', 'Lovelace', 'ada@example.test'),
      badge('Zoë', "O'Neil", null),
      badge('名', '字 🎓', 'x@example.test', 'Nurse <RN> & "Aide"'),
      badge(' ', '\\\\', null, '_:b0 <http://x> .'),
      badge('Same', 'Same', 'same@example.test', 'Same'),
      await buildStatusListCredential({
        url: 'https://laurel.example/status-lists/l1',
        issuer: did,
        encodedList: await encodeEmptyList(),
        validFrom: '2026-01-01T00:00:00Z',
      }),
    ];
    for (const document of documents) {
      const expected = await cryptosuite.canonize(document, { documentLoader: loader });
      expect(await fast(document, { documentLoader: loader })).toBe(expected);
      // The second time comes from the cached shape.
      expect(await fast(document, { documentLoader: loader })).toBe(expected);
    }
  });

  it('maps a document whose IRIs repeat in full rather than from its shape', async () => {
    const fast = createShapeCachedCanonize(loader);
    const document = badge('Ada', 'Lovelace', null);
    const merged = {
      ...document,
      credentialSubject: { ...document.credentialSubject, id: document.issuer.id },
    };
    expect(await fast(merged, { documentLoader: loader })).toBe(
      await cryptosuite.canonize(merged, { documentLoader: loader }),
    );
  });
});
