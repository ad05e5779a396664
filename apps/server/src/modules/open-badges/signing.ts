import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import {
  createCredential as createStatusListDocument,
  createList,
  decodeList,
} from '@digitalbazaar/vc-bitstring-status-list';
import { createHash, randomBytes } from 'node:crypto';

import { createDocumentLoader, OB_V3_CONTEXT, VC_V2_CONTEXT } from './contexts.ts';
import { createShapeCachedCanonize } from './fast-canonize.ts';

/** Entries in one status list: the Bitstring Status List's minimum, for herd privacy. */
export const STATUS_LIST_SIZE = 131_072;

/** An issuer's signing key as Laurel keeps it (the secret part only ever opened here). */
export interface IssuerKeyMaterial {
  /** The verification method, `did:web:…#key-…`. */
  id: string;
  controller: string;
  publicKeyMultibase: string;
  secretKeyMultibase: string;
}

/** A new Ed25519 key for `controller` (the issuer's DID). */
export async function generateIssuerKey(controller: string): Promise<IssuerKeyMaterial> {
  const fragment = `key-${randomBytes(8).toString('hex')}`;
  const pair = await Ed25519Multikey.generate({ id: `${controller}#${fragment}`, controller });
  const exported = await pair.export({ publicKey: true, secretKey: true, includeContext: false });
  return {
    id: `${controller}#${fragment}`,
    controller,
    publicKeyMultibase: exported.publicKeyMultibase,
    secretKeyMultibase: exported.secretKeyMultibase,
  };
}

/** The 1EdTech issuer Profile embedded in every credential and served at the issuer's address. */
export interface IssuerProfile {
  id: string;
  type: ['Profile'];
  name: string;
  url: string;
  email?: string;
  image?: { id: string; type: 'Image' };
}

export const ACHIEVEMENT_TYPES: Record<string, string> = {
  CERTIFICATE: 'Certificate',
  ASSOCIATE: 'AssociateDegree',
  BACHELOR: 'BachelorDegree',
  MASTER: 'MasterDegree',
  INDUSTRY_CERTIFICATION: 'Certification',
  LICENSE: 'License',
  APPRENTICESHIP: 'ApprenticeshipCertificate',
  BADGE: 'Badge',
};

export interface BadgeInput {
  /** The credential's URL (its public verification page). */
  id: string;
  issuer: IssuerProfile;
  /** YYYY-MM-DD of the award. */
  awardDate: string;
  holder: { firstName: string; lastName: string; email: string | null };
  achievement: {
    id: string;
    name: string;
    description: string | null;
    /** The credential type's code (CERTIFICATE, …). */
    typeCode: string;
  };
  status: { listUrl: string; index: number };
}

/** OB 3.0's hashed e-mail identity: `sha256$` and the hex digest of the address and the salt. */
export function hashedEmail(email: string, salt: string): string {
  return `sha256$${createHash('sha256')
    .update(email.trim().toLowerCase() + salt)
    .digest('hex')}`;
}

/** The unsigned OpenBadgeCredential of one award. No figure about the person is ever part of it. */
export function buildBadgeCredential(input: BadgeInput, salt = randomBytes(16).toString('hex')) {
  const fullName = `${input.holder.firstName} ${input.holder.lastName}`.trim();
  const subject: Record<string, unknown> = { type: ['AchievementSubject'] };
  if (input.holder.email) {
    subject.identifier = [
      {
        type: 'IdentityObject',
        identityHash: hashedEmail(input.holder.email, salt),
        identityType: 'emailAddress',
        hashed: true,
        salt,
      },
    ];
  } else {
    subject.identifier = [
      {
        type: 'IdentityObject',
        identityHash: fullName,
        identityType: 'name',
        hashed: false,
      },
    ];
  }
  subject.achievement = achievementOf({ ...input.achievement, issuerName: input.issuer.name });
  subject.name = fullName;
  return {
    '@context': [VC_V2_CONTEXT, OB_V3_CONTEXT],
    id: input.id,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: input.issuer,
    validFrom: `${input.awardDate}T00:00:00Z`,
    name: input.achievement.name,
    credentialSubject: subject,
    credentialStatus: {
      id: `${input.status.listUrl}#${input.status.index}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(input.status.index),
      statusListCredential: input.status.listUrl,
    },
  };
}

/** The OB 3.0 Achievement of a credential: in each credential and served at its id. */
export function achievementOf(input: {
  id: string;
  name: string;
  description: string | null;
  typeCode: string;
  issuerName: string;
}) {
  return {
    id: input.id,
    type: ['Achievement'],
    name: input.name,
    description: input.description?.trim() || `${input.name}, awarded by ${input.issuerName}.`,
    criteria: {
      narrative: `Awarded by ${input.issuerName} to people who completed ${input.name}.`,
    },
    achievementType: ACHIEVEMENT_TYPES[input.typeCode] ?? 'Achievement',
  };
}

export type SignedDocument = Record<string, unknown> & { proof: Record<string, unknown> };

/**
 * Signs with eddsa-rdfc-2022 Data Integrity proofs. Contexts come only from the bundle; a
 * signer is made once per key and a batch shares one proof time.
 */
export function createSigner() {
  const documentLoader = createDocumentLoader();
  const fastSuite = { ...cryptosuite, canonize: createShapeCachedCanonize(documentLoader) };
  const pairs = new Map<string, Promise<{ signer(): unknown }>>();

  function pairOf(key: IssuerKeyMaterial) {
    let pair = pairs.get(key.id);
    if (!pair) {
      pair = Ed25519Multikey.from({
        id: key.id,
        controller: key.controller,
        publicKeyMultibase: key.publicKeyMultibase,
        secretKeyMultibase: key.secretKeyMultibase,
      }) as Promise<{ signer(): unknown }>;
      pairs.set(key.id, pair);
    }
    return pair;
  }

  return {
    /** `created` (seconds precision) is the proof's time; one per batch keeps the proof's shape. */
    async sign(
      document: Record<string, unknown>,
      key: IssuerKeyMaterial,
      created = new Date(),
    ): Promise<SignedDocument> {
      const pair = await pairOf(key);
      const suite = new DataIntegrityProof({
        signer: pair.signer(),
        cryptosuite: fastSuite,
        date: created,
      });
      return (await vc.issue({ credential: document, suite, documentLoader })) as SignedDocument;
    },
  };
}
export type Signer = ReturnType<typeof createSigner>;

/** An empty revocation list's bits, gzip-compressed and base64url-encoded as the spec says. */
export async function encodeEmptyList(): Promise<string> {
  const list = await createList({ length: STATUS_LIST_SIZE });
  return list.encode();
}

/** The list with the bits at `indexes` set (revoked). */
export async function setBits(encodedList: string, indexes: number[]): Promise<string> {
  const list = await decodeList({ encodedList });
  for (const index of indexes) list.setStatus(index, true);
  return list.encode();
}

export async function isBitSet(encodedList: string, index: number): Promise<boolean> {
  const list = await decodeList({ encodedList });
  return list.getStatus(index) as boolean;
}

/** The unsigned BitstringStatusListCredential of a list. */
export async function buildStatusListCredential(input: {
  url: string;
  issuer: string;
  encodedList: string;
  validFrom: string;
}): Promise<Record<string, unknown>> {
  const list = await decodeList({ encodedList: input.encodedList });
  const document = await createStatusListDocument({
    id: input.url,
    list,
    statusPurpose: 'revocation',
  });
  return { ...document, issuer: input.issuer, validFrom: input.validFrom };
}
