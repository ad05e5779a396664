import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';

import { formatMessage, type MessageValues } from '@laurel/contract/i18n/messages';
import type { TVerificationCheck, TVerificationReport } from '@laurel/contract/open-badges';

import { createDocumentLoader, DocumentNotFoundError, VC_V2_CONTEXT } from './contexts.ts';
import { didKeyDocument, didWebDocumentUrl } from './did-web.ts';
import { VERIFY_MESSAGES_EN, type VerifyMessageKey } from '../../i18n/verify.en.ts';

/** Remote documents a verification may fetch (issuer DID, status list, its issuer…). */
const MAX_REMOTE_DOCUMENTS = 4;
const MAX_REMOTE_BYTES = 256 * 1024;
const REMOTE_TIMEOUT_MS = 5_000;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : null);
/**
 * A check's sentence, written from the verification pages' English catalogue: a page in another
 * language reads its key back from this text (decision 066).
 */
const say = (key: Extract<VerifyMessageKey, `report.${string}`>, values?: MessageValues) =>
  formatMessage(VERIFY_MESSAGES_EN, 'en', key, values);
/** A time as its UTC day: YYYY-MM-DD. */
const day = (time: number) => new Date(time).toISOString().slice(0, 10);

export interface VerifierDeps {
  /** Laurel's own documents (its issuers' DID documents, its status lists), or null. */
  localDocument: (url: string) => Promise<Json | null>;
  /** The outbound fetch that refuses private addresses. */
  fetch: (url: string, init?: object) => Promise<Response>;
  now?: () => Date;
}

async function fetchJson(deps: VerifierDeps, url: string): Promise<Json> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') throw new Error(`${url} is not an https address`);
  const response = await deps.fetch(url, {
    headers: { accept: 'application/did+ld+json, application/ld+json, application/json' },
    redirect: 'error',
    signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  // Read at most MAX_REMOTE_BYTES, whatever the server says the length is.
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > MAX_REMOTE_BYTES) {
      await reader!.cancel();
      throw new Error(`${url} is too large`);
    }
    chunks.push(chunk.value);
  }
  const document = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  if (!isObject(document)) throw new Error(`${url} is not a JSON object`);
  return document;
}

/** The verification method `id` out of its DID document, as a loader hands it to the proof check. */
function methodOf(document: Json, id: string): Json | null {
  const methods = Array.isArray(document.verificationMethod) ? document.verificationMethod : [];
  const method = methods.find((m: unknown) => isObject(m) && m.id === id) as Json | undefined;
  return method ? { '@context': document['@context'], ...method } : null;
}

/**
 * Checks an Open Badges 3.0 / VC 2.0 credential as it stands now: format, issuer key, signature
 * (eddsa-rdfc-2022), revocation status and dates, each with a sentence a person understands.
 * Laurel's own documents are read from its database; did:key needs nothing; did:web and status
 * lists elsewhere are fetched over https only, through the guard that refuses private addresses.
 */
export function createVerifier(deps: VerifierDeps) {
  return async function verify(credential: unknown): Promise<TVerificationReport> {
    const checkedAt = (deps.now?.() ?? new Date()).toISOString();
    const checks: TVerificationCheck[] = [];
    const skip = (from: TVerificationCheck['check'][]) => {
      for (const check of from)
        checks.push({ check, result: 'skipped', message: say('report.skipped') });
    };
    const report = (summary: TVerificationReport['credential']): TVerificationReport => ({
      verified: checks.every((check) => check.result === 'passed'),
      checkedAt,
      checks,
      credential: summary,
    });

    // 1. Format.
    const proof = isObject(credential) && isObject(credential.proof) ? credential.proof : null;
    const contexts = isObject(credential) ? credential['@context'] : null;
    const types = isObject(credential) ? credential.type : null;
    const issuerValue = isObject(credential) ? credential.issuer : null;
    const issuerId = text(issuerValue) ?? (isObject(issuerValue) ? text(issuerValue.id) : null);
    const subject = isObject(credential) ? credential.credentialSubject : null;
    const achievement =
      isObject(subject) && isObject(subject.achievement) ? subject.achievement : null;
    const summary = isObject(credential)
      ? {
          id: text(credential.id),
          name: text(credential.name),
          issuerId,
          issuerName: isObject(issuerValue) ? text(issuerValue.name) : null,
          achievementName: achievement ? text(achievement.name) : null,
          validFrom: text(credential.validFrom),
        }
      : null;
    const formatProblem = !isObject(credential)
      ? say('report.notObject')
      : !Array.isArray(contexts) || contexts[0] !== VC_V2_CONTEXT
        ? say('report.notVc2', { context: VC_V2_CONTEXT })
        : !Array.isArray(types) || !types.includes('VerifiableCredential')
          ? say('report.notVc')
          : !issuerId
            ? say('report.noIssuer')
            : !proof
              ? say('report.unsigned')
              : proof.type !== 'DataIntegrityProof' || proof.cryptosuite !== 'eddsa-rdfc-2022'
                ? say('report.unsupportedProof')
                : typeof proof.verificationMethod !== 'string' ||
                    !proof.verificationMethod.startsWith(`${issuerId}#`)
                  ? say('report.foreignKey')
                  : !issuerId.startsWith('did:web:') && !issuerId.startsWith('did:key:')
                    ? say('report.unsupportedIssuer')
                    : null;
    if (formatProblem) {
      checks.push({ check: 'format', result: 'failed', message: formatProblem });
      skip(['issuer', 'signature', 'status', 'dates']);
      return report(summary);
    }
    checks.push({
      check: 'format',
      result: 'passed',
      message: say('report.formatPassed'),
    });
    const document = credential as Json;
    const verificationMethod = proof!.verificationMethod as string;

    // Documents: Laurel's own, did:key, then https (a few at most).
    let remote = 0;
    // Each document is read once per verification, however often the proofs ask for it.
    const seen = new Map<string, Promise<Json | null>>();
    const resolveDocument = async (url: string): Promise<Json | null> => {
      const [base, fragment] = url.split('#') as [string, string | undefined];
      let pending = seen.get(base);
      if (!pending) {
        pending = readDocument(base);
        seen.set(base, pending);
      }
      const found = await pending;
      if (fragment === undefined || found === null) return found;
      return methodOf(found, url);
    };
    const readDocument = async (base: string): Promise<Json | null> => {
      const local = await deps.localDocument(base);
      let found: Json | null = local;
      if (!found && base.startsWith('did:key:')) found = didKeyDocument(base);
      if (!found) {
        if (++remote > MAX_REMOTE_DOCUMENTS) throw new Error('too many documents to fetch');
        if (base.startsWith('did:web:')) {
          const address = didWebDocumentUrl(base);
          if (!address) throw new Error(`${base} is not a valid did:web`);
          found = await fetchJson(deps, address.href);
          if (found.id !== base)
            throw new Error(`the document at ${address.href} is not ${base}'s`);
        } else if (base.startsWith('https://')) {
          found = await fetchJson(deps, base);
        } else {
          return null;
        }
      }
      return found;
    };
    const documentLoader = createDocumentLoader(resolveDocument);

    // 2. The issuer's key.
    let issuerDocument: Json | null;
    try {
      issuerDocument = await resolveDocument(issuerId!);
    } catch (error) {
      checks.push({
        check: 'issuer',
        result: 'failed',
        message: say('report.issuerLookupFailed', {
          issuer: issuerId!,
          cause: (error as Error).message,
        }),
      });
      skip(['signature', 'status', 'dates']);
      return report(summary);
    }
    const assertion = Array.isArray(issuerDocument?.assertionMethod)
      ? (issuerDocument.assertionMethod as unknown[])
      : [];
    const published =
      issuerDocument !== null &&
      methodOf(issuerDocument, verificationMethod) !== null &&
      assertion.some((entry) =>
        isObject(entry) ? entry.id === verificationMethod : entry === verificationMethod,
      );
    if (!published) {
      checks.push({
        check: 'issuer',
        result: 'failed',
        message:
          issuerDocument === null
            ? say('report.issuerUnknown', { issuer: issuerId! })
            : say('report.keyNotPublished'),
      });
      skip(['signature', 'status', 'dates']);
      return report(summary);
    }
    checks.push({
      check: 'issuer',
      result: 'passed',
      message: say('report.keyPublished', { issuer: issuerId! }),
    });

    // 3. The signature.
    const suite = new DataIntegrityProof({ cryptosuite });
    let signatureOk: boolean;
    try {
      const result = await vc.verifyCredential({
        credential: document,
        suite,
        documentLoader,
        checkStatus: async () => ({ verified: true }),
        // Dates are the fourth check, reported on their own.
        now: new Date(text(document.validFrom) ?? checkedAt),
      });
      signatureOk = result.results?.[0]?.verified === true;
    } catch {
      signatureOk = false;
    }
    checks.push(
      signatureOk
        ? {
            check: 'signature',
            result: 'passed',
            message: say('report.signatureValid'),
          }
        : {
            check: 'signature',
            result: 'failed',
            message: say('report.signatureInvalid'),
          },
    );

    // 4. Revocation status.
    if (!document.credentialStatus) {
      checks.push({
        check: 'status',
        result: 'passed',
        message: say('report.noStatus'),
      });
    } else {
      try {
        const status = await checkStatus({
          credential: document,
          documentLoader,
          suite: new DataIntegrityProof({ cryptosuite }),
          verifyBitstringStatusListCredential: true,
          verifyMatchingIssuers: true,
        });
        if (!status.verified) throw status.error ?? new Error('the status list did not verify');
        const revoked = (status.results as Array<{ status?: boolean }>).some((r) => r.status);
        checks.push(
          revoked
            ? {
                check: 'status',
                result: 'failed',
                message: say('report.revoked'),
              }
            : {
                check: 'status',
                result: 'passed',
                message: say('report.notRevoked'),
              },
        );
      } catch (error) {
        const cause =
          error instanceof DocumentNotFoundError
            ? say('report.unavailable', { url: error.url })
            : (error as Error).message;
        checks.push({
          check: 'status',
          result: 'failed',
          message: say('report.statusUnavailable', { cause }),
        });
      }
    }

    // 5. Dates.
    const now = new Date(checkedAt).getTime();
    const from = Date.parse(text(document.validFrom) ?? '');
    const until = text(document.validUntil) ? Date.parse(text(document.validUntil)!) : null;
    if (Number.isNaN(from)) {
      checks.push({
        check: 'dates',
        result: 'failed',
        message: say('report.noStartDate'),
      });
    } else if (from > now) {
      checks.push({
        check: 'dates',
        result: 'failed',
        message: say('report.notYetValid', { date: day(from) }),
      });
    } else if (until !== null && (Number.isNaN(until) || until < now)) {
      checks.push({ check: 'dates', result: 'failed', message: say('report.expired') });
    } else {
      checks.push({
        check: 'dates',
        result: 'passed',
        message:
          until === null
            ? say('report.validNoEnd', { from: day(from) })
            : say('report.validUntil', { from: day(from), until: day(until) }),
      });
    }
    return report(summary);
  };
}
export type Verify = ReturnType<typeof createVerifier>;
