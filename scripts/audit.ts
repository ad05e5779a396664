// `npm run audit`: checks the installed dependencies against the npm advisory service and fails on
// a high or critical advisory. Where the service cannot be reached (an offline or filtered
// network), it says so and does not fail: an audit that could not run proves nothing either way.
import { spawnSync } from 'node:child_process';

import { ROOT } from './web-build.ts';

const FAIL_AT = ['high', 'critical'] as const;

const result = spawnSync('npm', ['audit', '--json'], {
  cwd: ROOT,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});

interface AuditReport {
  vulnerabilities?: Record<string, { name: string; severity: string; via: unknown[] }>;
  metadata?: { vulnerabilities?: Record<string, number> };
  statusCode?: number;
  error?: { code?: string; summary?: string };
}

let report: AuditReport | undefined;
try {
  report = JSON.parse(result.stdout) as AuditReport;
} catch {
  report = undefined;
}

if (!report?.metadata?.vulnerabilities) {
  const reason = report?.statusCode
    ? `the advisory service answered HTTP ${report.statusCode}`
    : report?.error?.code
      ? `npm reported ${report.error.code}`
      : `npm audit exited with ${result.status ?? result.signal}`;
  console.log(
    `Dependency audit skipped: ${reason}, so no advisory could be checked. ` +
      'Run `npm run audit` on a machine that reaches the npm advisory service (docs/operations.md).',
  );
  process.exit(0);
}

const counts = report.metadata.vulnerabilities;
const summary = Object.entries(counts)
  .filter(([severity, n]) => severity !== 'total' && n > 0)
  .map(([severity, n]) => `${n} ${severity}`)
  .join(', ');
const blocking = FAIL_AT.reduce((sum, severity) => sum + (counts[severity] ?? 0), 0);
console.log(`Dependency audit: ${summary || 'no known vulnerabilities'}.`);
if (blocking > 0) {
  for (const entry of Object.values(report.vulnerabilities ?? {}))
    if ((FAIL_AT as readonly string[]).includes(entry.severity))
      console.log(`  ${entry.severity.padEnd(8)} ${entry.name}`);
  console.log('Fix them with `npm audit fix` or by upgrading the packages named above.');
  process.exit(1);
}
