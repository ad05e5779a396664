/**
 * Worker thread of the SRP pool (srp-pool.ts): runs the server's modular exponentiations so the
 * main thread keeps to HTTP, database work and token signing.
 */
import { randomBytes } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

import { bigIntFromHex, g, modPowN, serverKey, warmUpSrp } from './srp.ts';

export type SrpWorkerRequest =
  | { id: number; op: 'pairs'; count: number }
  | { id: number; op: 'key'; A: bigint; B: bigint; b: bigint; verifierHex: string };

export type SrpWorkerReply =
  | { id: number; ok: true; pairs: Array<[bigint, bigint]> }
  | { id: number; ok: true; key: Uint8Array }
  | { id: number; ok: false; message: string }
  | { id: 0; ready: true };

/** `count` fresh server secrets b (256 bits) with g^b mod N. */
export function computePairs(count: number): Array<[bigint, bigint]> {
  const pairs: Array<[bigint, bigint]> = [];
  while (pairs.length < count) {
    const b = bigIntFromHex(randomBytes(32).toString('hex'));
    if (b !== 0n) pairs.push([b, modPowN(g, b)]);
  }
  return pairs;
}

/** Marks the worker threads the pool starts (so importing this module elsewhere does nothing). */
export const SRP_WORKER_MARK = 'laurel-identity-srp-worker';

/** Answers one request; never throws (errors become `{ ok: false }`). */
export function answerSrpRequest(request: SrpWorkerRequest): SrpWorkerReply {
  try {
    if (request.op === 'pairs')
      return { id: request.id, ok: true, pairs: computePairs(request.count) };
    const key = serverKey(request);
    return { id: request.id, ok: true, key };
  } catch (error) {
    return { id: request.id, ok: false, message: (error as Error).message };
  }
}

if (parentPort && workerData === SRP_WORKER_MARK) {
  const port = parentPort;
  warmUpSrp();
  port.on('message', (request: SrpWorkerRequest) => port.postMessage(answerSrpRequest(request)));
  port.postMessage({ id: 0, ready: true } satisfies SrpWorkerReply);
}
