// Fails when a package the product runs with has a published advisory rated high or critical
// (`npm audit --omit=dev`). Where the registry does not answer the audit (offline, or a mirror
// without the advisory endpoint), it says so and passes: the lock file cannot be judged there.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SERIOUS = ['high', 'critical'];

const audit = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  cwd: root,
  encoding: 'utf8',
  timeout: 120_000,
});
let report;
try {
  report = JSON.parse(audit.stdout);
} catch {
  report = undefined;
}
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const reason = report?.message ?? report?.error?.summary ?? audit.error?.message ?? 'no answer';
  console.log(`The registry did not answer the audit (${reason}); the advisories were not checked here.`);
  process.exit(0);
}
const serious = Object.values(report.vulnerabilities ?? {}).filter((finding) =>
  SERIOUS.includes(finding.severity),
);
if (serious.length > 0) {
  for (const finding of serious) console.error(`${finding.severity}: ${finding.name} (${finding.range})`);
  console.error(
    `${serious.length} runtime dependencies have high or critical advisories: npm audit --omit=dev`,
  );
  process.exit(1);
}
console.log(
  `No high or critical advisories in the runtime dependencies (${counts.total ?? 0} lower ones: npm audit --omit=dev).`,
);
