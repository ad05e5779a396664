/**
 * Passwordless sign-in at the embedded identity pool beside SRP, in the same run: complete
 * sign-ins per second over HTTP on loopback with a passkey (InitiateAuth USER_AUTH preferring
 * WEB_AUTHN, then RespondToAuthChallenge with a real ES256 assertion from a software
 * authenticator), with an e-mailed code (USER_AUTH preferring EMAIL_OTP, the code read from the
 * message the pool sent, then RespondToAuthChallenge EMAIL_OTP) and with SRP (USER_SRP_AUTH and
 * PASSWORD_VERIFIER, the client of bench/identity-srp.ts). Three interleaved rounds, each method
 * for the same time in every round; the median round is reported, with the load average.
 *
 * Clients run on the server's thread (they are cheap beside the server's work: an ES256 signature
 * per passkey sign-in, an SRP client with shortcuts: reused (a, A) pairs, x and g^x cached per
 * user; bench/identity-srp.ts measures SRP with clients that do all a real client does): the
 * rates compare the methods, not the machine.
 *
 * Run: `node bench/identity-passwordless.ts [--duration=3000]` or `npm run bench -- identity-passwordless`.
 */
import { Agent } from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

import type { IdentityEmail } from '../packages/identity/src/index.ts';
import { startBenchPool } from './identity-pool.ts';
import { SoftwareAuthenticator } from '../packages/identity/test/software-authenticator.ts';
import { createBenchClient, type IdentityBenchRow, post } from './identity-srp.ts';

const POOL = 'eu-west-1_LaurelBench';
const POOL_NAME = 'LaurelBench';
const CLIENT_ID = 'benchclient';
const PASSWORD = 'Laurel-demo-2026!';
const ORIGIN = 'http://localhost:41090';
const ROUNDS = 3;

type Method = 'srp' | 'passkey' | 'email';
const LABELS: Record<Method, string> = {
  srp: 'SRP (USER_SRP_AUTH + PASSWORD_VERIFIER)',
  passkey: 'passkey (USER_AUTH WEB_AUTHN + assertion)',
  email: 'e-mailed code (USER_AUTH EMAIL_OTP + code)',
};

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchIdentityPasswordless(
  options: { durationMs?: number; concurrency?: number } = {},
): Promise<IdentityBenchRow[]> {
  const durationMs = options.durationMs ?? 3000;
  const concurrency = options.concurrency ?? 8;
  const codes = new Map<string, string>();
  const pool = await startBenchPool({
    poolId: POOL,
    clientId: CLIENT_ID,
    publicUrl: ORIGIN,
    secretKey: 'bench-secret-key-with-enough-entropy',
    deviceTracking: 'off',
    allowedFirstAuthFactors: ['EMAIL_OTP', 'WEB_AUTHN'],
    limits: {
      requestsPerIpPerMinute: 1e9,
      signInsPerIpPerMinute: 1e9,
      emailCodesPerUserPerHour: 1e9,
    },
    sendEmail: async (email: IdentityEmail) => {
      if (email.template) codes.set(email.to, email.template.code);
    },
  });
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    // Each loop signs in its own people, so that one passkey's counter is never raced.
    const users = Array.from(
      { length: concurrency * 2 },
      (_, i) => `bench-pwless-${i}@example.com`,
    );
    const authenticator = new SoftwareAuthenticator();
    for (const email of users) {
      await pool.service.createUser({ email, password: PASSWORD });
      const signedIn = await post(agent, pool.endpoint, 'InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { USERNAME: email, PASSWORD },
      });
      const accessToken = signedIn.AuthenticationResult!.AccessToken!;
      const started = (await post(agent, pool.endpoint, 'StartWebAuthnRegistration', {
        AccessToken: accessToken,
      })) as { CredentialCreationOptions?: unknown };
      await post(agent, pool.endpoint, 'CompleteWebAuthnRegistration', {
        AccessToken: accessToken,
        Credential: authenticator.create(started.CredentialCreationOptions, { origin: ORIGIN }),
      });
    }

    const srp = createBenchClient(
      { endpoint: pool.endpoint, clientId: CLIENT_ID, poolName: POOL_NAME, password: PASSWORD },
      agent,
      { shortcuts: true },
    );
    const passkey = async (email: string) => {
      const challenge = await post(agent, pool.endpoint, 'InitiateAuth', {
        AuthFlow: 'USER_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { USERNAME: email, PREFERRED_CHALLENGE: 'WEB_AUTHN' },
      });
      const assertion = authenticator.get(
        JSON.parse(challenge.ChallengeParameters!.CREDENTIAL_REQUEST_OPTIONS!),
        { origin: ORIGIN },
      );
      const result = await post(agent, pool.endpoint, 'RespondToAuthChallenge', {
        ChallengeName: 'WEB_AUTHN',
        ClientId: CLIENT_ID,
        Session: (challenge as { Session?: string }).Session,
        ChallengeResponses: { USERNAME: email, CREDENTIAL: JSON.stringify(assertion) },
      });
      if (!result.AuthenticationResult?.AccessToken) throw new Error('no tokens');
    };
    const emailCode = async (email: string) => {
      const challenge = await post(agent, pool.endpoint, 'InitiateAuth', {
        AuthFlow: 'USER_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { USERNAME: email, PREFERRED_CHALLENGE: 'EMAIL_OTP' },
      });
      const result = await post(agent, pool.endpoint, 'RespondToAuthChallenge', {
        ChallengeName: 'EMAIL_OTP',
        ClientId: CLIENT_ID,
        Session: (challenge as { Session?: string }).Session,
        ChallengeResponses: { USERNAME: email, EMAIL_OTP_CODE: codes.get(email) },
      });
      if (!result.AuthenticationResult?.AccessToken) throw new Error('no tokens');
    };
    const signIns: Record<Method, (email: string) => Promise<void>> = {
      srp,
      passkey,
      email: emailCode,
    };

    /** Sign-ins per second of one method: `concurrency` loops for `durationMs`. */
    async function measure(method: Method): Promise<number> {
      let count = 0;
      let stop = false;
      const started = performance.now();
      const deadline = started + durationMs;
      await Promise.all(
        Array.from({ length: concurrency }, async (_, loop) => {
          const mine = [users[loop * 2]!, users[loop * 2 + 1]!];
          let n = 0;
          while (!stop) {
            await signIns[method](mine[n++ % 2]!);
            count++;
            if (performance.now() >= deadline) stop = true;
          }
        }),
      );
      return count / ((performance.now() - started) / 1000);
    }

    const methods: Method[] = ['srp', 'passkey', 'email'];
    // Warm-up: every path once, so that the first round does not pay for loading and JIT.
    for (const method of methods) await signIns[method](users[0]!);
    const rates: Record<Method, number[]> = { srp: [], passkey: [], email: [] };
    const loads: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      loads.push(loadavg()[0]!.toFixed(2));
      // Interleaved, and the order turns each round so no method always runs first.
      for (let i = 0; i < methods.length; i++) {
        const method = methods[(i + round) % methods.length]!;
        rates[method].push(await measure(method));
      }
    }
    const srpRate = median(rates.srp);
    const note = (method: Method) =>
      `rounds ${rates[method].map((r) => Math.round(r)).join(' / ')}; ${concurrency} concurrent; load avg at round starts ${loads.join(' / ')}`;
    return [
      {
        name: `identity-passwordless: ${LABELS.srp}`,
        value: Math.round(srpRate),
        unit: 'sign-ins/s',
        target: 'reference for the rows below',
        pass: srpRate > 0,
        note: note('srp'),
      },
      ...(['passkey', 'email'] as const).map((method) => {
        const rate = median(rates[method]);
        return {
          name: `identity-passwordless: ${LABELS[method]}`,
          value: Math.round(rate),
          unit: 'sign-ins/s',
          target: '≥ SRP sign-ins/s of the same run',
          pass: rate >= srpRate,
          note: `${(rate / srpRate).toFixed(2)} × SRP; ${note(method)}`,
        };
      }),
    ];
  } finally {
    agent.destroy();
    await pool.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const duration = process.argv.find((a) => a.startsWith('--duration='))?.slice(11);
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const rows = await benchIdentityPasswordless(duration ? { durationMs: Number(duration) } : {});
  for (const row of rows)
    console.log(
      `${row.name}: ${row.value} ${row.unit} [target ${row.target}: ${row.pass ? 'ok' : 'MISSED'}] ${row.note}`,
    );
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}
