import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/test-translator';
import { describeBlocker } from './period.format';

const account = 'Driftskonto (1503.12.34567)';

describe('what a blocker says', () => {
  it('names the account, how many transactions lack a voucher and their amount in kroner', () => {
    const blocker = { kind: 'unexplained', count: 3, amountOre: 123_450 } as const;
    expect(describeBlocker(translator('en'), blocker, account)).toBe(
      'Driftskonto (1503.12.34567): 3 transactions have no voucher (1\u00A0234,50\u00A0NOK together).',
    );
    expect(describeBlocker(translator('no'), blocker, account)).toBe(
      'Driftskonto (1503.12.34567): 3 transaksjoner mangler bilag (1\u00A0234,50\u00A0NOK til sammen).',
    );
  });

  it('says a single transaction in the singular', () => {
    const blocker = { kind: 'unexplained', count: 1, amountOre: 50_000 } as const;
    expect(describeBlocker(translator('en'), blocker, account)).toBe(
      'Driftskonto (1503.12.34567): 1 transaction has no voucher (500,00\u00A0NOK).',
    );
  });

  it('gives the gap of a balance that does not add up, with its sign', () => {
    const blocker = { kind: 'difference', count: 0, amountOre: -10_000 } as const;
    expect(describeBlocker(translator('no'), blocker, account)).toBe(
      'Driftskonto (1503.12.34567): inngående saldo og månedens transaksjoner bommer på bankens utgående saldo med -100,00\u00A0NOK.',
    );
  });
});
