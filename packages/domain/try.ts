import { readFileSync, readdirSync } from 'node:fs';
import { parseEhf } from './src/ehf';
const dir = '/work/shared/samples/ehf/';
for (const f of readdirSync(dir)) {
  const d = parseEhf(readFileSync(dir + f));
  const { lines, taxSubtotals, allowanceCharges, ...rest } = d;
  console.log(f, JSON.stringify({ ...rest, lines: lines.length, taxSubtotals }));
}
