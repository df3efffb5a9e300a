import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ore } from '../money/ore';
import { norwegianAccountNumber } from './__fixtures__/norwegian-camt053';
import {
  type CreditTransfer,
  creditTransfersFromPain001,
  type Pain001Version,
  parsePain001,
  writePain001,
} from './pain001';

/** Text with what must be escaped (& < > " '), non-ASCII letters and spaces, trimmed and not blank. */
const text = (maxLength: number) =>
  fc
    .array(fc.constantFrom(...'abcXYZ019 &<>"\'æøåÆØÅé-/.'), { minLength: 1, maxLength })
    .map((characters) => characters.join('').trim())
    .filter((value) => value !== '');

const domesticPayment = fc.record({
  kind: fc.constant('domestic' as const),
  amount: fc.integer({ min: 1, max: 99_999_999_99 }),
  reference: fc.oneof(
    fc.record({ kid: fc.stringMatching(/^\d{2,25}$/) }),
    fc.record({ creditorReference: fc.constantFrom('RF18539007547034', 'RF712348231') }),
    fc.record({ message: text(200) }),
  ),
  name: text(140),
  accountSeed: fc.integer({ min: 1, max: 1000 }),
});

const internationalPayment = fc.record({
  kind: fc.constant('international' as const),
  amount: fc.integer({ min: 1, max: 9_999_999 }),
  currency: fc.constantFrom('EUR', 'USD', 'SEK', 'JPY', 'KWD'),
  reference: fc.oneof(
    fc.record({ message: text(200) }),
    fc.record({ creditorReference: fc.constant('RF45G72UUR') }),
  ),
  name: text(140),
  town: fc.option(text(35), { nil: undefined }),
  reporting: fc.option(fc.record({ code: fc.constantFrom('14', '29'), text: text(35) }), { nil: undefined }),
});

const DEBTOR = {
  name: 'Bilagsbank & Sønn AS',
  account: { bban: norwegianAccountNumber(1) },
  bic: 'DNBANOKK',
};

type Drawn<A> = A extends fc.Arbitrary<infer T> ? T : never;

function domesticTransfer(drawn: Drawn<typeof domesticPayment>, index: number): CreditTransfer {
  return {
    endToEndId: `E2E-${index}`,
    amount: ore(drawn.amount),
    currency: 'NOK',
    executionDate: `2024-06-0${(index % 3) + 1}`,
    debtor: DEBTOR,
    creditor: { name: drawn.name, account: { bban: norwegianAccountNumber(drawn.accountSeed + 10) } },
    ...drawn.reference,
  };
}

function internationalTransfer(drawn: Drawn<typeof internationalPayment>, index: number): CreditTransfer {
  return {
    endToEndId: `E2E-${index}`,
    amount: ore(drawn.amount),
    currency: drawn.currency,
    executionDate: '2024-06-03',
    debtor: DEBTOR,
    creditor: {
      name: drawn.name,
      account: { iban: 'DE89370400440532013000' },
      bic: 'COBADEFFXXX',
      address: { town: drawn.town, country: 'DE' },
    },
    ...drawn.reference,
    regulatoryReporting: drawn.reporting,
    chargeBearer: 'SHAR',
  };
}

describe('writePain001 (property)', () => {
  it('writes files that read back with the same amounts, currencies and references', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(domesticPayment, internationalPayment), { minLength: 1, maxLength: 12 }),
        fc.constantFrom<Pain001Version>('001.001.03', '001.001.09'),
        (drawn, version) => {
          const payments = drawn.map((entry, index) =>
            entry.kind === 'domestic' ? domesticTransfer(entry, index) : internationalTransfer(entry, index),
          );
          const xml = writePain001(
            {
              messageId: 'PROP-1',
              createdAt: '2024-06-01T10:00:00',
              initiatingParty: { name: 'Bilagsbank & Sønn AS', organisationNumber: '123456785' },
              payments,
            },
            version,
          );
          const document = parsePain001(xml);
          expect(document.numberOfTransactions).toBe(payments.length);
          const readBack = new Map(
            creditTransfersFromPain001(document).map((entry) => [entry.endToEndId, entry]),
          );
          expect(readBack.size).toBe(payments.length);
          for (const payment of payments) {
            const read = readBack.get(payment.endToEndId);
            expect(read?.amount).toBe(payment.amount);
            expect(read?.currency).toBe(payment.currency);
            expect(read?.executionDate).toBe(payment.executionDate);
            expect(read?.kid).toBe(payment.kid);
            expect(read?.creditorReference).toBe(payment.creditorReference);
            expect(read?.message).toBe(
              payment.message === undefined
                ? undefined
                : Array.from(payment.message).slice(0, 140).join('').trim(),
            );
            expect(read?.creditor.name).toBe(payment.creditor.name);
            expect(read?.regulatoryReporting).toEqual(payment.regulatoryReporting);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
