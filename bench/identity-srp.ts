/**
 * The embedded identity pool under load: complete SRP sign-ins per second (InitiateAuth
 * USER_SRP_AUTH + RespondToAuthChallenge PASSWORD_VERIFIER over HTTP on loopback, ending in signed
 * tokens), and how soon a freshly created service can sign someone in.
 *
 * The server runs on the main thread; the clients run in a worker thread so both sides share the
 * machine's cores, as a real deployment's clients would not. Client shortcuts (fair to the server,
 * which does all its work on every sign-in): x and g^x are cached per user (x is fixed per user and
 * password), and a pool of (a, A = g^a) pairs is reused. Every sign-in still computes a real
 * PASSWORD_CLAIM_SIGNATURE from the server's fresh B.
 *
 * Three rounds, each with a fresh client worker (warm-up, then a counted window), the load average
 * at each round's start; the median round is reported with its CPU per sign-in by thread group.
 *
 * Run: `node bench/identity-srp.ts [--engine=key-objects] [--srp-workers=0] [--duration=5000] [--rounds=3]`, or import
 * `runIdentityBench()` (rows for bench/run.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

import Fastify from 'fastify';

import { createIdentityService, identityPlugin } from '../packages/identity/src/index.ts';
import {
  bigIntFromHex,
  claimSignature,
  computeX,
  createClientSession,
  formatTimestamp,
  g,
  modPowN,
  type SrpEngine,
  srpEngine,
  useSrpEngine,
} from '../packages/identity/src/srp.ts';
import { startBenchPool } from './identity-pool.ts';

interface CognitoJson {
  __type?: string;
  message?: string;
  ChallengeParameters?: Record<string, string>;
  AuthenticationResult?: { AccessToken?: string };
}

/** One line of the benchmark table (the shape of bench/lib.ts's BenchRow). */
export interface IdentityBenchRow {
  name: string;
  value: number;
  unit: string;
  target: string;
  pass: boolean;
  note: string;
}

export interface IdentityBenchOptions {
  durationMs?: number;
  warmupMs?: number;
  concurrency?: number;
  users?: number;
  /** Forces the SRP engine of server and clients (default: whatever `modPowN` picks). */
  engine?: SrpEngine;
  /** The server's SRP worker threads (default: one per core; 0 = on the event loop). */
  srpWorkers?: number;
  /** Rounds, each with a fresh client worker; the median round is reported (default 3). */
  rounds?: number;
}

interface ClientConfig {
  endpoint: string;
  clientId: string;
  poolName: string;
  users: string[];
  password: string;
  concurrency: number;
  warmupMs: number;
  durationMs: number;
  engine?: SrpEngine;
}

type ClientMessage =
  | { type: 'counting' }
  | {
      type: 'done';
      signIns: number;
      seconds: number;
      elu: number;
      /** CPU time of the client thread during the counted window, in ms. */
      cpuMs: number;
      errors: number;
    };

const POOL = 'eu-west-1_LaurelBench';
const POOL_NAME = 'LaurelBench';
const CLIENT_ID = 'benchclient';
const PASSWORD = 'Laurel-demo-2026!';
const SECRET_KEY = 'bench-secret-key-with-enough-entropy';
const TARGET_RATE = 400;
const TARGET_FIRST_SIGN_IN_MS = 300;
const ROUNDS = 3;
const cores = availableParallelism();

export function post(
  agent: Agent,
  endpoint: string,
  action: string,
  body: unknown,
): Promise<CognitoJson> {
  const payload = JSON.stringify(body);
  const url = new URL(endpoint);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as CognitoJson;
            if (res.statusCode !== 200)
              reject(new Error(`${action}: ${parsed.__type} ${parsed.message}`));
            else resolve(parsed);
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A Cognito SRP client that caches x and g^x per user and reuses precomputed (a, A) pairs. */
export function createBenchClient(
  config: Pick<ClientConfig, 'endpoint' | 'clientId' | 'poolName' | 'password'>,
  agent: Agent,
) {
  const sessions = Array.from({ length: 64 }, () => createClientSession());
  const xCache = new Map<string, { x: bigint; gx: bigint }>();
  let n = 0;
  return async function signIn(email: string): Promise<void> {
    const client = sessions[n++ % sessions.length]!;
    const challenge = await post(agent, config.endpoint, 'InitiateAuth', {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: config.clientId,
      AuthParameters: { USERNAME: email, SRP_A: client.A.toString(16) },
    });
    const params = challenge.ChallengeParameters ?? {};
    const userId = params.USER_ID_FOR_SRP!;
    const cacheKey = `${userId}:${params.SALT}`;
    let cached = xCache.get(cacheKey);
    if (!cached) {
      const x = computeX(config.poolName, userId, config.password, params.SALT!);
      cached = { x, gx: modPowN(g, x) };
      xCache.set(cacheKey, cached);
    }
    const key = client.key({ B: bigIntFromHex(params.SRP_B!), x: cached.x, gx: cached.gx });
    const timestamp = formatTimestamp(new Date());
    const result = await post(agent, config.endpoint, 'RespondToAuthChallenge', {
      ChallengeName: 'PASSWORD_VERIFIER',
      ClientId: config.clientId,
      ChallengeResponses: {
        USERNAME: userId,
        PASSWORD_CLAIM_SECRET_BLOCK: params.SECRET_BLOCK,
        TIMESTAMP: timestamp,
        PASSWORD_CLAIM_SIGNATURE: claimSignature(
          key,
          config.poolName,
          userId,
          params.SECRET_BLOCK!,
          timestamp,
        ),
      },
    });
    if (!result.AuthenticationResult?.AccessToken) throw new Error('no tokens');
  };
}

/** Runs in the client worker: concurrent sign-in loops, counted over `durationMs` after a warm-up. */
async function runClients(config: ClientConfig): Promise<void> {
  if (config.engine) useSrpEngine(config.engine);
  const agent = new Agent({ keepAlive: true, maxSockets: config.concurrency });
  const signIn = createBenchClient(config, agent);
  let counting = false;
  let signIns = 0;
  let errors = 0;
  let stop = false;
  let n = 0;

  async function loop() {
    while (!stop) {
      try {
        await signIn(config.users[n++ % config.users.length]!);
        if (counting) signIns++;
      } catch (error) {
        if (++errors > 20) throw error;
      }
    }
  }

  const loops = Promise.all(Array.from({ length: config.concurrency }, loop));
  await new Promise((resolve) => setTimeout(resolve, config.warmupMs));
  counting = true;
  parentPort!.postMessage({ type: 'counting' } satisfies ClientMessage);
  const eluStart = performance.eventLoopUtilization();
  const cpuStart = process.threadCpuUsage();
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, config.durationMs));
  counting = false;
  const seconds = (performance.now() - started) / 1000;
  const elu = performance.eventLoopUtilization(eluStart).utilization;
  const cpu = process.threadCpuUsage(cpuStart);
  const counted = signIns;
  stop = true;
  await loops;
  agent.destroy();
  parentPort!.postMessage({
    type: 'done',
    signIns: counted,
    seconds,
    elu,
    cpuMs: (cpu.user + cpu.system) / 1000,
    errors,
  } satisfies ClientMessage);
}

/** Busy and total jiffies of the whole machine (all processes), from /proc/stat. */
function machineTicks(): { busy: number; total: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - fields[3]! - fields[4]!, total };
  } catch {
    return undefined;
  }
}

const loadAverage = () => {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'n/a';
  }
};

/**
 * CPU time of this process's threads so far, in ms, by what they do: the main thread (the
 * server), worker threads (the SRP pool and the client worker), libuv's thread pool (RSA
 * signatures run there through WebCrypto or node:crypto's callback form), V8's helper threads
 * (garbage collection, optimizing compilers) and anything else. From /proc/self/task/<tid>/schedstat
 * (nanoseconds on the CPU) and the thread names Node gives; undefined where /proc is missing.
 */
function threadCpu(): Record<'main' | 'workers' | 'pool' | 'v8' | 'other', number> | undefined {
  try {
    const totals = { main: 0, workers: 0, pool: 0, v8: 0, other: 0 };
    for (const tid of readdirSync('/proc/self/task')) {
      let name: string;
      let ns: number;
      try {
        name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
        ns = Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        continue; // the thread ended meanwhile
      }
      const group =
        tid === String(process.pid)
          ? 'main'
          : name === 'WorkerThread'
            ? 'workers'
            : name === 'libuv-worker'
              ? 'pool'
              : name === 'V8Worker'
                ? 'v8'
                : 'other';
      totals[group] += ns / 1e6;
    }
    return totals;
  } catch {
    return undefined;
  }
}

interface Round {
  rate: number;
  count: number;
  errors: number;
  load: string;
  others: string;
  serverElu: number;
  clientElu: number;
  /** CPU ms of the counted window by thread group (clients: the client worker's own figure). */
  cpu: {
    total: number;
    main: number;
    srp: number;
    pool: number;
    v8: number;
    other: number;
    clients: number;
  };
}

/** One round: a fresh client worker signs in for its warm-up and counted window. */
async function runRound(config: ClientConfig): Promise<Round> {
  const load = loadAverage();
  const worker = new Worker(fileURLToPath(import.meta.url), { workerData: config });
  let cpuStart = process.cpuUsage();
  let threadsStart = threadCpu();
  let ticksStart = machineTicks();
  let eluStart = performance.eventLoopUtilization();
  const done = await new Promise<Extract<ClientMessage, { type: 'done' }>>((resolve, reject) => {
    worker.on('message', (message: ClientMessage) => {
      if (message.type === 'counting') {
        cpuStart = process.cpuUsage();
        threadsStart = threadCpu();
        ticksStart = machineTicks();
        eluStart = performance.eventLoopUtilization();
      } else resolve(message);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`bench client exited with ${code}`)));
  });
  const cpu = process.cpuUsage(cpuStart);
  const threadsEnd = threadCpu();
  const ticksEnd = machineTicks();
  const serverElu = performance.eventLoopUtilization(eluStart).utilization;
  await worker.terminate();

  const processMs = (cpu.user + cpu.system) / 1000;
  let split: Round['cpu'];
  if (threadsStart && threadsEnd) {
    const d = (key: keyof typeof threadsEnd) => threadsEnd[key] - threadsStart![key];
    split = {
      total: d('main') + d('workers') + d('pool') + d('v8') + d('other'),
      main: d('main'),
      srp: d('workers') - done.cpuMs,
      pool: d('pool'),
      v8: d('v8'),
      other: d('other'),
      clients: done.cpuMs,
    };
  } else {
    split = {
      total: processMs,
      main: 0,
      srp: 0,
      pool: 0,
      v8: 0,
      other: processMs - done.cpuMs,
      clients: done.cpuMs,
    };
  }
  // Share of the machine's CPU that other processes used while we counted (they skew the rate).
  let others = '';
  if (ticksStart && ticksEnd) {
    const ticks = ticksEnd.total - ticksStart.total;
    const busyMs = ((ticksEnd.busy - ticksStart.busy) / ticks) * done.seconds * 1000 * cores;
    const share = Math.max(0, busyMs - split.total) / (done.seconds * 1000 * cores);
    others = `, other processes ${Math.round(share * 100)}% of the machine`;
  }
  return {
    rate: Math.round(done.signIns / done.seconds),
    count: Math.max(1, done.signIns),
    errors: done.errors,
    load,
    others,
    serverElu,
    clientElu: done.elu,
    cpu: split,
  };
}

/** Time to create the service over an existing database, and from there to a first SRP sign-in. */
async function measureStartup(
  db: Parameters<typeof createIdentityService>[0]['db'],
  srpWorkers: number | undefined,
) {
  const started = performance.now();
  const service = await createIdentityService({
    db,
    poolId: POOL,
    clientId: CLIENT_ID,
    publicUrl: 'http://127.0.0.1',
    secretKey: SECRET_KEY,
    sendEmail: async () => {},
    deviceTracking: 'off',
    ...(srpWorkers !== undefined ? { srpWorkers } : {}),
  });
  const createdMs = performance.now() - started;
  const app = Fastify({ logger: false });
  try {
    await app.register(identityPlugin, { prefix: '/identity', service });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const listeningMs = performance.now() - started;
    const agent = new Agent({ keepAlive: false });
    const signIn = createBenchClient(
      {
        endpoint: `${address}/identity`,
        clientId: CLIENT_ID,
        poolName: POOL_NAME,
        password: PASSWORD,
      },
      agent,
    );
    // The client's own set-up (64 A values, x) is not the server's start-up: time the server part only.
    const clientReady = performance.now();
    await signIn('bench-0@example.com');
    const firstSignInMs = listeningMs + (performance.now() - clientReady);
    agent.destroy();
    return { createdMs, listeningMs, firstSignInMs };
  } finally {
    await app.close();
    await service.close();
  }
}

/** Starts a pool, measures start-up, signs in concurrently in rounds of `durationMs`, and returns bench rows. */
export async function runIdentityBench(
  options: IdentityBenchOptions = {},
): Promise<IdentityBenchRow[]> {
  if (options.engine) useSrpEngine(options.engine);
  const firstStarted = performance.now();
  const pool = await startBenchPool({
    poolId: POOL,
    clientId: CLIENT_ID,
    secretKey: SECRET_KEY,
    deviceTracking: 'off',
    limits: { requestsPerIpPerMinute: 1e9, signInsPerIpPerMinute: 1e9 },
    ...(options.srpWorkers !== undefined ? { srpWorkers: options.srpWorkers } : {}),
  });
  const firstStartMs = performance.now() - firstStarted;
  try {
    const users = Array.from({ length: options.users ?? 50 }, (_, i) => `bench-${i}@example.com`);
    for (const email of users) await pool.service.createUser({ email, password: PASSWORD });
    const startup = await measureStartup(pool.db, options.srpWorkers);

    const config: ClientConfig = {
      endpoint: pool.endpoint,
      clientId: CLIENT_ID,
      poolName: POOL_NAME,
      users,
      password: PASSWORD,
      concurrency: options.concurrency ?? 24,
      warmupMs: options.warmupMs ?? 2000,
      durationMs: options.durationMs ?? 5000,
      ...(options.engine ? { engine: options.engine } : {}),
    };
    const rounds: Round[] = [];
    for (let i = 0; i < (options.rounds ?? ROUNDS); i++) rounds.push(await runRound(config));
    const byRate = [...rounds].sort((a, b) => a.rate - b.rate);
    const middle = byRate[Math.floor(byRate.length / 2)]!;
    const errors = rounds.reduce((sum, round) => sum + round.errors, 0);
    const perSignIn = (ms: number) => (ms / middle.count).toFixed(2);
    const pct = (x: number) => `${Math.round(x * 100)}%`;
    const cpu = middle.cpu;
    const serverMs = cpu.total - cpu.clients;
    return [
      {
        name: 'identity: createIdentityService (existing database)',
        value: Math.round(startup.createdMs * 10) / 10,
        unit: 'ms',
        target: '≤ 100 ms',
        pass: startup.createdMs <= 100,
        note: `first start with a new database, RSA key generation included: ${Math.round(firstStartMs)} ms`,
      },
      {
        name: 'identity: service start → listening → first SRP sign-in',
        value: Math.round(startup.firstSignInMs),
        unit: 'ms',
        target: `≤ ${TARGET_FIRST_SIGN_IN_MS} ms`,
        pass: startup.firstSignInMs <= TARGET_FIRST_SIGN_IN_MS,
        note: `listening after ${Math.round(startup.listeningMs)} ms; in-process, modules already loaded`,
      },
      {
        name: 'identity: complete SRP sign-ins (InitiateAuth + PASSWORD_VERIFIER, tokens issued)',
        value: middle.rate,
        unit: 'sign-ins/s',
        target: `≥ ${TARGET_RATE} sign-ins/s`,
        pass: middle.rate >= TARGET_RATE && errors === 0,
        note:
          `median of ${rounds.length} rounds (${rounds
            .map((round) => `${round.rate}/s at load ${round.load}${round.others}`)
            .join('; ')}); engine ${srpEngine()}, ${options.srpWorkers ?? cores} SRP workers; ` +
          `CPU ms a sign-in in the median round: ${perSignIn(cpu.total)} = server thread ${perSignIn(cpu.main)} + ` +
          `SRP workers ${perSignIn(cpu.srp)} + token signing (thread pool) ${perSignIn(cpu.pool)} + ` +
          `V8 helpers (GC, compiler) ${perSignIn(cpu.v8)} + other ${perSignIn(cpu.other)} + clients ${perSignIn(cpu.clients)}; ` +
          `server loop ${pct(middle.serverElu)}, client loop ${pct(middle.clientElu)} busy; ` +
          `the server's own CPU, ${perSignIn(serverMs)} ms a sign-in, would allow ` +
          `≈ ${Math.round((cores * 1000 * middle.count) / Math.max(1, serverMs))}/s on ${cores} cores without the clients` +
          (errors ? `; ${errors} errors` : ''),
      },
    ];
  } finally {
    await pool.close();
  }
}

if (!isMainThread && workerData) {
  runClients(workerData as ClientConfig).catch((error: unknown) => {
    throw error;
  });
} else if (isMainThread && process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name: string) =>
    process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const engine = arg('engine') as SrpEngine | undefined;
  const duration = arg('duration');
  const workers = arg('srp-workers');
  const rounds = arg('rounds');
  const rows = await runIdentityBench({
    ...(workers !== undefined ? { srpWorkers: Number(workers) } : {}),
    ...(engine ? { engine } : {}),
    ...(duration ? { durationMs: Number(duration) } : {}),
    ...(rounds ? { rounds: Number(rounds) } : {}),
  });
  for (const row of rows)
    console.log(
      `${row.name}: ${row.value} ${row.unit} [target ${row.target}: ${row.pass ? 'ok' : 'MISSED'}] ${row.note}`,
    );
}
