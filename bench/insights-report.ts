// PDF outcome reports: `npm start` as people run it (demo mode, the default log level), with
// Northwind grown to 1,000 credentials (BENCH_REPORT_CREDENTIALS), each with awards uploaded
// through the API and matched, insights rebuilt. Then three interleaved rounds of a credential's
// report and of the organization's report (one row per credential), each downloaded in full as a
// browser would: time per report (targets ≤ 1 s and ≤ 5 s) and the server's resident memory above
// what it held before the reports (peak, from /proc: VmHWM after resetting it; target ≤ 100 MB).
// The reports read stored aggregates, so a credential of 1 M awards costs what one of 100 does.
// `npm run bench -- insights-report`
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from '../e2e/support/server.ts';
import { signIn } from './foundation.ts';
import { type BenchRow, MAX_ROUND_SPREAD, spreadOf, startProcess, untilJobsDone } from './lib.ts';

const CREDENTIALS = Number(process.env.BENCH_REPORT_CREDENTIALS ?? 1000);
const AWARDS_EACH = 3;
const ROUNDS = 3;
const ADMIN = 'orgadmin@northwind.demo';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** The server process of `npm start` on `port` (npm and the start script are its parents). */
function serverPid(port: number): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const env = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (command.includes('apps/server/src/main.ts') && env.includes(`PORT=${port}`))
        return Number(entry);
    } catch {
      // A process that ended or is not ours to read.
    }
  }
  throw new Error(`no server process on port ${port}`);
}

/** A /proc status figure in MB (VmRSS, VmHWM). */
const statusMb = (pid: number, field: string) =>
  Number(
    new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1],
  ) / 1024;

export async function benchInsightsReport(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'laurel-bench-'));
  const databaseUrl = `sqlite:${join(dataDir, 'laurel.db')}`;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    '',
    ['start'],
    { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATABASE_URL: databaseUrl },
    url,
    '/readyz',
    180_000,
    { command: 'npm', pinned: true },
  );
  try {
    await untilJobsDone(databaseUrl);
    const token = await signIn(url, ADMIN);
    const as = { authorization: `Bearer ${token}` };
    const json = { ...as, 'content-type': 'application/json' };
    const { organizationId } = (await (
      await fetch(`${url}/api/users/profile`, { headers: as })
    ).json()) as { organizationId: number };
    const existing = (await (
      await fetch(`${url}/api/credentials?pageSize=100&organizationId=${organizationId}`, {
        headers: as,
      })
    ).json()) as { total: number; items: Array<{ id: number; code: string }> };
    const typeId = (
      (await (await fetch(`${url}/api/insights-data/lookups`, { headers: as })).json()) as {
        credentialTypes: Array<{ id: number }>;
      }
    ).credentialTypes[0]!.id;

    // Grow the organization to CREDENTIALS credentials, each with a few awards, through the API.
    const rows: string[] = [];
    for (let n = existing.total; n < CREDENTIALS; n++) {
      const code = `BENCH-${n}`;
      const created = await fetch(`${url}/api/credentials`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          organization_id: organizationId,
          name: `Benchmark credential ${n}`,
          code,
          type_id: typeId,
        }),
      });
      if (created.status !== 201) throw new Error(`credential ${n}: ${await created.text()}`);
      for (let a = 0; a < AWARDS_EACH; a++)
        rows.push(`${code},RPT-${n}-${a},Report,Person${a},,,20${15 + (a % 8)}-06-01`);
    }
    if (rows.length > 0) {
      const upload = await fetch(`${url}/api/organizations/${organizationId}/uploads`, {
        method: 'POST',
        headers: { ...as, 'content-type': 'text/csv' },
        body: `credential_code,external_id,first_name,last_name,email,date_of_birth,award_date\r\n${rows.join('\r\n')}\r\n`,
      });
      if (upload.status !== 201) throw new Error(`upload: ${await upload.text()}`);
    }
    await untilJobsDone(databaseUrl);

    const credentialId = existing.items[0]!.id;
    const reports = {
      credential: `${url}/api/insights-data/report?organizationId=${organizationId}&credentialId=${credentialId}`,
      organization: `${url}/api/insights-data/report?organizationId=${organizationId}`,
    };
    const fetchReport = async (address: string) => {
      const started = performance.now();
      const response = await fetch(address, { headers: as });
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (response.status !== 200 || bytes.length < 1000)
        throw new Error(`${address}: ${response.status}`);
      return { ms: performance.now() - started, bytes };
    };
    // Warm-up, and a copy of each to read (the organization's has a row per credential).
    for (const [name, address] of Object.entries(reports))
      writeFileSync(join(dataDir, `${name}.pdf`), (await fetchReport(address)).bytes);

    const pid = serverPid(port);
    const before = statusMb(pid, 'VmRSS');
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
    const times: Record<keyof typeof reports, number[]> = { credential: [], organization: [] };
    const loads: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      loads.push(loadavg()[0]!.toFixed(2));
      const order = Object.keys(reports) as Array<keyof typeof reports>;
      for (const name of round % 2 === 0 ? order : order.reverse())
        times[name].push((await fetchReport(reports[name])).ms);
    }
    const extra = statusMb(pid, 'VmHWM') - before;
    const pages = (name: string) =>
      (readFileSync(join(dataDir, `${name}.pdf`), 'latin1').match(/\/Type\s*\/Page\b/g) ?? [])
        .length;
    const row = (name: keyof typeof reports, target: number, what: string): BenchRow => {
      const value = median(times[name]);
      const spread = spreadOf(times[name]);
      return {
        name: `PDF report of ${what}`,
        value: Math.round(value),
        unit: 'ms',
        target: `≤ ${target.toLocaleString('en-US')} ms`,
        ...(spread > MAX_ROUND_SPREAD && value > target
          ? { unsure: `rounds differ ${spread.toFixed(2)}×` }
          : { pass: value <= target }),
        note: `rounds ${times[name].map((t) => Math.round(t)).join(', ')} ms; ${pages(name)} pages; load avg ${loads.join(', ')}`,
      };
    };
    return [
      row('credential', 1000, 'a credential'),
      row(
        'organization',
        5000,
        `an organization of ${CREDENTIALS.toLocaleString('en-US')} credentials`,
      ),
      {
        name: 'Server memory while making the reports (peak RSS above before)',
        value: Math.round(extra),
        unit: 'MB',
        target: '≤ 100 MB',
        pass: extra <= 100,
        note: `RSS ${Math.round(before)} MB before, peak ${Math.round(statusMb(pid, 'VmHWM'))} MB`,
      },
    ];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await benchInsightsReport()) console.log(row);
}
