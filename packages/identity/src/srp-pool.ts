/**
 * The server's SRP arithmetic on worker threads. Per sign-in the server needs three modular
 * exponentiations with 256-bit exponents (g^b for the challenge, v^u and (A·v^u)^b for the key),
 * ≈0.65 ms each: on the event loop they would cost more than the HTTP, database and token work
 * together. The pool (one worker per core, shared by every service in the process):
 *
 * - keeps a buffer of precomputed (b, g^b) pairs, refilled by the workers in the background, so
 *   InitiateAuth takes a pair without waiting (b is random and used once; nothing else about it
 *   is known in advance);
 * - computes the PASSWORD_VERIFIER key (v^u, then (A·v^u)^b) on the least busy worker.
 *
 * Until a worker has started (≈30 ms after first use), and whenever one fails, the same code runs
 * inline, so a sign-in never waits for or fails because of the pool. Workers are unref'd while they
 * have nothing to do, so the pool never keeps a process alive; `closeSrpPool()` ends them.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

import { bigIntFromHex, k, N, type ServerChallenge, serverKey } from './srp.ts';
import {
  answerSrpRequest,
  computePairs,
  SRP_WORKER_MARK,
  type SrpWorkerReply,
  type SrpWorkerRequest,
} from './srp-worker.ts';

type Request = SrpWorkerRequest extends infer R
  ? R extends unknown
    ? Omit<R, 'id'>
    : never
  : never;
type Reply = Exclude<SrpWorkerReply, { ready: true }>;

interface Pending {
  request: SrpWorkerRequest;
  resolve: (reply: Reply) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  pending: Map<number, Pending>;
}

/** Pairs kept ready, and how many a worker computes per refill (≈10 ms of its time). */
const BUFFER_TARGET = 64;
const REFILL_BATCH = 16;

const slots: Slot[] = [];
let wantedSize = 0;
let failures = 0;
let nextId = 1;
const pairs: Array<[bigint, bigint]> = [];
let refilling: Promise<void> | undefined;
let users = 0;

export interface SrpPool {
  /** A fresh server challenge B = k·v + g^b mod N for the verifier, with its secret b. */
  challenge(verifierHex: string): Promise<ServerChallenge>;
  /** The server's derived key for a PASSWORD_VERIFIER (rejects on a degenerate A or u). */
  key(input: { A: bigint; B: bigint; b: bigint; verifierHex: string }): Promise<Buffer>;
  /** Stops using the pool; the workers end when the last user releases it. */
  release(): Promise<void>;
}

function spawn(): void {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./srp-worker.ts', import.meta.url), {
      workerData: SRP_WORKER_MARK,
    });
  } catch {
    failures++;
    return;
  }
  const slot: Slot = { worker, ready: false, pending: new Map() };
  worker.unref();
  worker.on('message', (reply: SrpWorkerReply) => {
    if ('ready' in reply) {
      slot.ready = true;
      refill();
      return;
    }
    const pending = slot.pending.get(reply.id);
    if (!pending) return;
    slot.pending.delete(reply.id);
    if (slot.pending.size === 0) worker.unref();
    pending.resolve(reply);
  });
  // An uncaught error ends the worker; 'exit' follows and settles what it still had.
  worker.on('error', () => {});
  worker.on('exit', () => {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    if (wantedSize > 0) failures++;
    // Keys are finished inline; a refill just comes back empty (the next challenge computes its pair).
    for (const { request, resolve } of slot.pending.values())
      resolve(
        request.op === 'pairs'
          ? { id: request.id, ok: true, pairs: [] }
          : (answerSrpRequest(request) as Reply),
      );
    slot.pending.clear();
  });
  slots.push(slot);
}

/** Starts workers up to `size` (at most a few respawns after failures). */
function ensureWorkers(size: number): void {
  wantedSize = Math.max(wantedSize, size);
  while (slots.length < wantedSize && failures < 3) {
    const before = slots.length;
    spawn();
    if (slots.length === before) break;
  }
}

function send(request: Request): Promise<Reply> {
  let best: Slot | undefined;
  for (const slot of slots)
    if (slot.ready && (!best || slot.pending.size < best.pending.size)) best = slot;
  const id = nextId++;
  const full = { ...request, id } as SrpWorkerRequest;
  if (!best) return Promise.resolve(answerSrpRequest(full) as Reply);
  const slot = best;
  return new Promise<Reply>((resolve) => {
    slot.pending.set(id, { request: full, resolve });
    if (slot.pending.size === 1) slot.worker.ref();
    slot.worker.postMessage(full);
  });
}

/** Tops the pair buffer up on a worker, one batch at a time; never computes pairs inline. */
function refill(): void {
  if (refilling || pairs.length >= BUFFER_TARGET || !slots.some((slot) => slot.ready)) return;
  refilling = send({ op: 'pairs', count: REFILL_BATCH }).then((reply) => {
    if ('pairs' in reply) pairs.push(...reply.pairs);
    refilling = undefined;
    refill();
  });
}

async function takePair(): Promise<[bigint, bigint]> {
  for (;;) {
    const pair = pairs.shift();
    refill();
    if (pair) return pair;
    if (!refilling) return computePairs(1)[0]!;
    await refilling;
  }
}

/** Workers started and ready, and precomputed pairs waiting (for tests and benchmarks). */
export function srpPoolStatus(): { workers: number; ready: number; buffered: number } {
  return {
    workers: slots.length,
    ready: slots.filter((slot) => slot.ready).length,
    buffered: pairs.length,
  };
}

/** Ends the workers now (pending work finishes inline); the pool restarts on next use. */
export async function closeSrpPool(): Promise<void> {
  wantedSize = 0;
  await Promise.all(slots.map((slot) => slot.worker.terminate()));
}

/** The same answers computed on the calling thread. */
const inline: Omit<SrpPool, 'release'> = {
  async challenge(verifierHex) {
    const v = bigIntFromHex(verifierHex);
    for (;;) {
      const [b, gb] = computePairs(1)[0]!;
      const B = (k * v + gb) % N;
      if (B !== 0n) return { b, B };
    }
  },
  key: async (input) => serverKey(input),
};

/**
 * Joins the shared pool. `workers` is the wanted number of threads (default: one per core);
 * 0 computes everything inline on the caller's thread, as does a released handle.
 */
export function acquireSrpPool(workers: number = availableParallelism()): SrpPool {
  if (workers <= 0) return { ...inline, release: async () => {} };
  users++;
  let released = false;
  return {
    async challenge(verifierHex) {
      if (released) return inline.challenge(verifierHex);
      ensureWorkers(workers);
      const v = bigIntFromHex(verifierHex);
      for (;;) {
        const [b, gb] = await takePair();
        const B = (k * v + gb) % N;
        if (B !== 0n) return { b, B };
      }
    },
    async key(input) {
      if (released) return inline.key(input);
      ensureWorkers(workers);
      const reply = await send({ op: 'key', ...input });
      if (!reply.ok) throw new RangeError(reply.message);
      if (!('key' in reply)) throw new Error('SRP worker answered with the wrong kind of reply');
      return Buffer.from(reply.key.buffer, reply.key.byteOffset, reply.key.byteLength);
    },
    async release() {
      if (released) return;
      released = true;
      if (--users === 0) await closeSrpPool();
    },
  };
}
