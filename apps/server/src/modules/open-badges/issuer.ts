import type { Kysely } from 'kysely';
import { createHash, randomInt } from 'node:crypto';

import { createCryptoBox } from '@laurel/identity/crypto-box';

import type { Database } from '../../db/schema.ts';
import { didDocument, issuerDid } from './did-web.ts';
import type { AwardToIssue, NewIssued, OpenBadgesRepository } from './open-badges.repository.ts';
import { unguessableId } from '../../lib/unguessable-id.ts';
import { recordWebhookEvent } from '../webhooks/webhook-outbox.ts';
import {
  buildBadgeCredential,
  buildStatusListCredential,
  encodeEmptyList,
  generateIssuerKey,
  type IssuerKeyMaterial,
  type IssuerProfile,
  setBits,
  type Signer,
  STATUS_LIST_SIZE,
} from './signing.ts';

/** A list takes new entries until this many are used: random indexes stay hard to guess. */
const LIST_FILL = Math.floor(STATUS_LIST_SIZE / 2);

/** What a signed credential says of its award: a corrected award no longer matches. */
export function awardFingerprint(award: Omit<AwardToIssue, 'id'>): string {
  return createHash('sha256')
    .update(JSON.stringify([award.firstName, award.lastName, award.email ?? null, award.awardDate]))
    .digest('base64url');
}

export interface IssuerDeps {
  db: Kysely<Database>;
  repository: OpenBadgesRepository;
  signer: Signer;
  publicUrl: string;
  secretKey: () => Promise<string>;
}

/** Addresses of an issuer's public documents under PUBLIC_URL. */
export function publicAddresses(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    profile: (publicId: string) => `${base}/issuers/${publicId}`,
    didDocument: (publicId: string) => `${base}/issuers/${publicId}/did.json`,
    achievement: (publicId: string, credentialId: number) =>
      `${base}/issuers/${publicId}/achievements/${credentialId}`,
    statusList: (publicId: string) => `${base}/status-lists/${publicId}`,
    verification: (verificationId: string) => `${base}/verify/${verificationId}`,
    credentialJson: (verificationId: string) => `${base}/verify/${verificationId}/credential.json`,
  };
}

/**
 * An organization's issuing machinery: its key (made at the first issuance), its profile, its
 * status lists, and signing and revoking.
 */
export function createIssuer(deps: IssuerDeps) {
  const { db, repository, signer } = deps;
  const addresses = publicAddresses(deps.publicUrl);
  let box: ReturnType<typeof createCryptoBox> | undefined;
  const keyBox = async () => (box ??= createCryptoBox(await deps.secretKey(), 'credential-keys'));

  async function profileOf(organizationId: number, publicId: string): Promise<IssuerProfile> {
    const organization = await repository.organization(organizationId);
    if (!organization) throw new Error(`Organization ${organizationId} does not exist`);
    return {
      id: issuerDid(deps.publicUrl, publicId),
      type: ['Profile'],
      name: organization.name,
      url: organization.website ?? addresses.profile(publicId),
    };
  }

  /** The organization's active key, made (and its issuer identity) on first use. */
  async function activeKey(organizationId: number): Promise<IssuerKeyMaterial> {
    const { publicId } = await repository.ensureIssuer(db, organizationId);
    const did = issuerDid(deps.publicUrl, publicId);
    const sealed = await keyBox();
    const find = async () =>
      (await repository.keys(db, organizationId)).find((key) => key.status === 'ACTIVE');
    let key = await find();
    if (!key) {
      const made = await generateIssuerKey(did);
      // Two first issuances at once: the partial unique index keeps one active key.
      await repository
        .insertKey(db, {
          organizationId,
          verificationMethod: made.id,
          publicKeyMultibase: made.publicKeyMultibase,
          secretKeySealed: sealed.seal(made.secretKeyMultibase),
        })
        .catch(() => undefined);
      key = await find();
      if (!key) throw new Error('The issuer key could not be stored');
    }
    return {
      id: key.verificationMethod,
      controller: did,
      publicKeyMultibase: key.publicKeyMultibase,
      secretKeyMultibase: sealed.open(key.secretKeySealed),
    };
  }

  async function signStatusList(
    key: IssuerKeyMaterial,
    listPublicId: string,
    encodedList: string,
  ): Promise<string> {
    const unsigned = await buildStatusListCredential({
      url: addresses.statusList(listPublicId),
      issuer: key.controller,
      encodedList,
      validFrom: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    });
    return JSON.stringify(await signer.sign(unsigned, key));
  }

  /** A list with room, made when the organization has none. */
  async function openList(organizationId: number) {
    const open = await repository.openStatusList(db, organizationId, LIST_FILL);
    if (open) return open;
    const publicId = unguessableId();
    const encodedList = await encodeEmptyList();
    const document = await signStatusList(await activeKey(organizationId), publicId, encodedList);
    const id = await repository.insertStatusList(db, {
      organizationId,
      publicId,
      encodedList,
      document,
    });
    return { id, publicId, encodedList, usedCount: 0 };
  }

  return {
    addresses,
    profileOf,
    activeKey,

    async didDocumentOf(organizationId: number, publicId: string) {
      const keys = await repository.keys(db, organizationId);
      return didDocument(
        issuerDid(deps.publicUrl, publicId),
        keys.map((key) => ({
          id: key.verificationMethod,
          publicKeyMultibase: key.publicKeyMultibase,
        })),
      );
    },

    /** A new active key; the old one stays published (retired) so its credentials still verify. */
    async rotateKey(organizationId: number): Promise<string> {
      const { publicId } = await repository.ensureIssuer(db, organizationId);
      const did = issuerDid(deps.publicUrl, publicId);
      const made = await generateIssuerKey(did);
      const sealed = await keyBox();
      await db.transaction().execute(async (trx) => {
        await repository.retireActiveKey(trx, organizationId);
        await repository.insertKey(trx, {
          organizationId,
          verificationMethod: made.id,
          publicKeyMultibase: made.publicKeyMultibase,
          secretKeySealed: sealed.seal(made.secretKeyMultibase),
        });
      });
      return made.id;
    },

    /**
     * Signs one credential per award (none already live), stores them and their audit entries in
     * one short transaction. Returns what was stored (an award taken meanwhile is skipped).
     */
    async issueBatch(input: {
      organizationId: number;
      credential: { id: number; name: string; description: string | null; typeCode: string };
      awards: AwardToIssue[];
      usedIndexes: Map<number, Set<number>>;
      onStored: (
        trx: Kysely<Database>,
        stored: Array<{ id: number; awardId: number; holderName: string; verificationId: string }>,
      ) => Promise<void>;
    }) {
      const { organizationId, credential, awards } = input;
      if (awards.length === 0) return [];
      const { publicId } = await repository.ensureIssuer(db, organizationId);
      const key = await activeKey(organizationId);
      const issuer = await profileOf(organizationId, publicId);
      const list = await openList(organizationId);
      let used = input.usedIndexes.get(list.id);
      if (!used) {
        used = await repository.usedIndexes(list.id);
        input.usedIndexes.set(list.id, used);
      }
      const created = new Date();
      const rows: NewIssued[] = [];
      for (const award of awards) {
        let index: number;
        do index = randomInt(STATUS_LIST_SIZE);
        while (used.has(index));
        used.add(index);
        const verificationId = unguessableId();
        const unsigned = buildBadgeCredential({
          id: addresses.verification(verificationId),
          issuer,
          awardDate: award.awardDate,
          holder: award,
          achievement: {
            id: addresses.achievement(publicId, credential.id),
            name: credential.name,
            description: credential.description,
            typeCode: credential.typeCode,
          },
          status: { listUrl: addresses.statusList(list.publicId), index },
        });
        const signed = await signer.sign(unsigned, key, created);
        rows.push({
          organizationId,
          credentialId: credential.id,
          awardId: award.id,
          verificationId,
          statusListId: list.id,
          statusIndex: index,
          fingerprint: awardFingerprint(award),
          holderName: `${award.firstName} ${award.lastName}`.trim(),
          achievementName: credential.name,
          awardDate: award.awardDate,
          document: JSON.stringify(signed),
        });
      }
      return db.transaction().execute(async (trx) => {
        const stored = await repository.insertIssued(trx, rows);
        await repository.updateStatusList(trx, list.id, { recount: true });
        await input.onStored(trx, stored);
        await recordWebhookEvent(trx, organizationId, 'credential.issued', {
          credentialId: credential.id,
          credentials: stored.map((row) => ({
            awardId: row.awardId,
            verificationUrl: addresses.verification(row.verificationId),
          })),
        });
        return stored;
      });
    },

    /**
     * Revokes a live credential: its bit is set and the list re-signed with `key` (the
     * organization's active key, read before the transaction), in the caller's transaction.
     * False when it was not live.
     */
    async revoke(
      trx: Kysely<Database>,
      issuedId: number,
      reason: string,
      key: IssuerKeyMaterial,
    ): Promise<boolean> {
      const issued = await repository.issuedById(trx, issuedId);
      if (!issued || issued.status !== 'ISSUED') return false;
      const list = await repository.statusList(trx, issued.statusListId);
      if (!list) return false;
      if (!(await repository.markRevoked(trx, issuedId, reason))) return false;
      await recordWebhookEvent(trx, issued.organizationId, 'credential.revoked', {
        credentialId: issued.credentialId,
        credentials: [
          {
            awardId: issued.awardId,
            verificationUrl: addresses.verification(issued.verificationId),
            reason,
          },
        ],
      });
      const encodedList = await setBits(list.encodedList, [issued.statusIndex]);
      const document = await signStatusList(key, list.publicId, encodedList);
      await repository.updateStatusList(trx, list.id, { encodedList, document });
      return true;
    },
  };
}
export type Issuer = ReturnType<typeof createIssuer>;
