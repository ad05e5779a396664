// `npm run bench`: every benchmark, one table. Loads are bounded in time and stay on loopback.
// `npm run bench -- api startup` runs only the named suites. PostgreSQL rows need
// BENCH_DATABASE_URL (or TEST_DATABASE_URL) naming a server where databases may be created.
import { buildWebIfNeeded } from '../scripts/web-build.ts';
import { benchApiKeys } from './api-keys.ts';
import { benchAwardees } from './awardees.ts';
import { benchDashboard } from './dashboard.ts';
import { benchDemoStart } from './demo-start.ts';
import { benchDirectory } from './directory.ts';
import { benchEarningsImport } from './earnings-import.ts';
import { benchAuthenticatedRoute, benchStartup, benchWebBundle } from './foundation.ts';
import { benchInsights } from './insights.ts';
import { benchInsightsReport } from './insights-report.ts';
import { benchInsightsUpload } from './insights-upload.ts';
import { benchIdentityPasswordless } from './identity-passwordless.ts';
import { runIdentityBench } from './identity-srp.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchMetrics } from './metrics.ts';
import { benchOpenBadges } from './open-badges.ts';
import { type BenchRow, printTable } from './lib.ts';
import { benchRollingRestart } from './rolling-restart.ts';
import { benchStarvation } from './starvation.ts';
import { benchUploads } from './uploads.ts';
import { benchWebhooks } from './webhooks.ts';

const only = process.argv.slice(2);
const suites: Array<[string, () => Promise<BenchRow[]>]> = [
  ['api', benchAuthenticatedRoute],
  ['startup', benchStartup],
  ['web', async () => [...(await benchWebBundle()), ...(await benchLighthouse())]],
  ['lighthouse', () => benchLighthouse()],
  ['identity', async () => (await runIdentityBench()) as BenchRow[]],
  ['identity-passwordless', async () => (await benchIdentityPasswordless()) as BenchRow[]],
  ['directory', benchDirectory],
  ['awardees', benchAwardees],
  ['dashboard', benchDashboard],
  ['insights', benchInsights],
  ['insights-upload', benchInsightsUpload],
  ['insights-report', benchInsightsReport],
  ['uploads', () => benchUploads()],
  ['starvation', () => benchStarvation()],
  ['earnings-import', () => benchEarningsImport()],
  ['demostart', benchDemoStart],
  ['rolling', benchRollingRestart],
  ['metrics', benchMetrics],
  ['open-badges', benchOpenBadges],
  ['api-keys', benchApiKeys],
  ['webhooks', benchWebhooks],
];

buildWebIfNeeded();
const rows: BenchRow[] = [];
for (const [name, run] of suites) {
  if (only.length && !only.includes(name)) continue;
  console.error(
    `running ${name}… (load average ${(await import('node:os')).loadavg()[0]!.toFixed(2)})`,
  );
  rows.push(...(await run()));
}
printTable(rows);
