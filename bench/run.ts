import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { serverNodeFlags } from '../apps/server/node-flags.mjs';
import { benchConsentSync } from './consent-sync';
import { benchEhfIntake } from './ehf-intake';
import { benchFirstLoad } from './first-load';
import { benchFuzz } from './fuzz';
import { benchGrowth } from './growth';
import { benchImports } from './imports';
import { benchIso20022 } from './iso20022';
import { benchLighthouse } from './lighthouse';
import { benchMailIntake } from './mail-intake';
import { benchMatching } from './matching';
import { benchPayments } from './payments';
import { benchPeriods } from './periods';
import { machineFactsAtStart, writeReport } from './report';
import type { BenchResult } from './result';
import { benchSigning } from './signing';
import { benchSoak } from './soak';
import { benchStart } from './start';
import { benchStatements } from './statements';
import { benchStatistics } from './statistics';
import { benchVoucherListEmbedded, benchVoucherListPostgres } from './vouchers';

/**
 * Every benchmark, each against a baseline measured in the same run; ratios, not absolute times,
 * are what compare across machines. `npm run bench -- vouchers` runs only the named groups.
 */
const groups: Record<string, () => Promise<BenchResult[]>> = {
  statements: benchStatements,
  iso20022: benchIso20022,
  vouchers: async () => [...(await benchVoucherListPostgres()), ...(await benchVoucherListEmbedded())],
  imports: benchImports,
  matching: () => benchMatching(),
  payments: benchPayments,
  periods: benchPeriods,
  statistics: benchStatistics,
  'first-load': benchFirstLoad,
  lighthouse: benchLighthouse,
  start: benchStart,
  signing: benchSigning,
  'consent-sync': benchConsentSync,
  'mail-intake': benchMailIntake,
  'ehf-intake': benchEhfIntake,
  soak: benchSoak,
  fuzz: benchFuzz,
  growth: benchGrowth,
};
/**
 * Groups that take long enough to run only when named: the soak holds its load for 20 minutes, the
 * long fuzz sends a thousand requests to every call, the growth series runs three benches at three sizes.
 */
const onlyWhenNamed = new Set(['soak', 'fuzz', 'growth']);

// The servers measured in this process run with the flags the server runs with in production on PostgreSQL.
const missingFlags = serverNodeFlags({ embedded: false }).filter((flag) => !process.execArgv.includes(flag));
if (missingFlags.length > 0) {
  const rerun = spawnSync(
    process.execPath,
    [...missingFlags, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
    },
  );
  process.exit(rerun.status ?? 1);
}

const chosen = process.argv.slice(2).filter((name) => !name.startsWith('-'));
const machine = machineFactsAtStart();
const results: BenchResult[] = [];
const ran: string[] = [];
for (const [name, run] of Object.entries(groups)) {
  if (chosen.length > 0 ? !chosen.includes(name) : onlyWhenNamed.has(name)) continue;
  process.stderr.write(`running ${name}…\n`);
  results.push(...(await run()));
  ran.push(name);
}

const rows = results.map((result) => ({
  benchmark: result.name,
  ours: `${result.ours.toLocaleString('en')} ${result.unit}`,
  baseline: `${result.baseline.toLocaleString('en')}`,
  ratio: `${result.ratio.toFixed(2)}×`,
  goal: result.goal ?? '',
  met: result.met === undefined ? '' : result.met ? 'yes' : 'no',
}));
console.table(rows);
const reportFile = writeReport(results, machine.finish(), chosen.length > 0 ? ran : []);
process.stderr.write(`report written to ${path.relative(process.cwd(), reportFile)}\n`);
