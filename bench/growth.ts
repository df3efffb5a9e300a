import { benchImportsPostgres } from './imports';
import { benchMatching } from './matching';
import type { BenchResult } from './result';
import { benchVoucherListPostgres } from './vouchers';

/**
 * How cost grows with the data: the voucher list, the statement import and matching at 10,000, 100,000
 * and 1,000,000 rows, each against its own baseline measured at the same size. A change that makes our
 * cost grow faster than the baseline's shows as a ratio that falls from one size to the next, where an
 * absolute time at one size would hide it.
 */
const SIZES = [10_000, 100_000, 1_000_000];
/** Vouchers per company in the list's books: the size grows by the number of companies. */
const VOUCHERS_PER_COMPANY = 1_000;
const LIST_SECONDS = 5;
/** The import bench also reads a workbook; its size is not what this measures. */
const WORKBOOK_ROWS = 1_000;

/**
 * One figure of a bench at one size. The goals of the full-size benches are left out: they are set for one
 * size, and at the others the figure only shows how cost grows.
 */
function atSize(rows: number, result: BenchResult | undefined, what: string): BenchResult {
  if (!result) throw new Error(`the ${what} bench gave no figure at ${rows} rows`);
  const { goal: _goal, met: _met, ...figure } = result;
  return { ...figure, name: `growth, ${rows.toLocaleString('en')} rows: ${result.name}` };
}

export async function benchGrowth(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const rows of SIZES) {
    const [throughput, latency] = await benchVoucherListPostgres({
      companies: rows / VOUCHERS_PER_COMPANY,
      vouchersPerCompany: VOUCHERS_PER_COMPANY,
      seconds: LIST_SECONDS,
    });
    results.push(atSize(rows, throughput, 'voucher list'), atSize(rows, latency, 'voucher list'));
  }
  for (const rows of SIZES) {
    const [imported, , memory] = await benchImportsPostgres({ csvRows: rows, xlsxRows: WORKBOOK_ROWS });
    results.push(atSize(rows, imported, 'import'), atSize(rows, memory, 'import'));
  }
  for (const rows of SIZES) {
    const [matched] = await benchMatching(rows);
    results.push(atSize(rows, matched, 'matching'));
  }
  return results;
}
