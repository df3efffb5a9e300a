import { createKid } from '@bilag/domain';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { banks, bankTransactions, companyBanks, matchRules, vouchers } from './schema';

/** The bakery's DNB account (a valid mod-11 account number). */
const BAKERY_ACCOUNT = '15030123457';

type DemoPair = {
  supplier: string;
  amountOre: number;
  voucherDate: string;
  dueDate?: string;
  paidOn: string;
  /** What the bank line says was paid, where it differs from the voucher (a card payment rounded). */
  paidOre?: number;
  bankText: string;
  withKid?: boolean;
};

/**
 * A month of the bakery's books: invoices and receipts, and the bank lines that pay them, with the
 * noise real books have (a KID, a rounded card payment, two receipts of one amount, a bank fee).
 */
const pairs: DemoPair[] = [
  {
    supplier: 'Telenor Norge AS',
    amountOre: 89_900,
    voucherDate: '2025-03-01',
    dueDate: '2025-03-15',
    paidOn: '2025-03-14',
    bankText: 'Giro TELENOR NORGE AS',
  },
  {
    supplier: 'Fjordkraft AS',
    amountOre: 154_320,
    voucherDate: '2025-03-02',
    dueDate: '2025-03-20',
    paidOn: '2025-03-20',
    bankText: 'Nettgiro',
    withKid: true,
  },
  {
    supplier: 'Tine SA',
    amountOre: 1_245_000,
    voucherDate: '2025-03-05',
    dueDate: '2025-03-19',
    paidOn: '2025-03-18',
    bankText: 'Giro TINE SA',
  },
  {
    supplier: 'Kiwi Hamar',
    amountOre: 45_000,
    voucherDate: '2025-03-12',
    paidOn: '2025-03-13',
    bankText: 'Kortkjøp 4411 VISA',
  },
  {
    supplier: 'Rema 1000 Hamar',
    amountOre: 45_000,
    voucherDate: '2025-03-12',
    paidOn: '2025-03-25',
    bankText: 'Kortkjøp 4411 VISA',
  },
  {
    supplier: 'Circle K Hamar',
    amountOre: 61_237,
    voucherDate: '2025-03-21',
    paidOn: '2025-03-22',
    paidOre: 61_200,
    bankText: 'VISA CIRCLE K HAMAR',
  },
];

const bankOnly = [
  { date: '2025-03-31', text: 'Gebyr kontohold', amountOre: -7_500 },
  { date: '2025-03-28', text: 'Innbetaling Bakerikunde AS', amountOre: 2_500_000 },
];

/** Vouchers, a bank account with its transactions, and rules for the bakery, before they are matched. */
export async function seedDemoBooks(tx: Db, companyId: number, userId: number) {
  const [dnb] = await tx.select({ id: banks.id }).from(banks).where(eq(banks.bic, 'DNBANOKK'));
  const [account] = await tx
    .insert(companyBanks)
    .values({
      companyId,
      accountNumber: BAKERY_ACCOUNT,
      name: 'Driftskonto',
      bankId: dnb?.id ?? null,
      isDefault: true,
      createdBy: userId,
    })
    .returning();
  if (!account) return;
  await tx.insert(vouchers).values(
    pairs.map((pair, index) => ({
      companyId,
      voucherDate: pair.voucherDate,
      effectiveDate: pair.voucherDate,
      supplierName: pair.supplier,
      amountOre: pair.amountOre,
      dueDate: pair.dueDate ?? null,
      kid: pair.withKid ? createKid(`2025030${index}`, 'MOD10') : null,
      source: 0,
      status: 1,
      createdBy: userId,
    })),
  );
  const lines = [
    ...pairs.map((pair, index) => ({
      date: pair.paidOn,
      text: pair.bankText,
      amountOre: -(pair.paidOre ?? pair.amountOre),
      kid: pair.withKid ? createKid(`2025030${index}`, 'MOD10') : null,
    })),
    ...bankOnly.map((line) => ({ ...line, kid: null })),
  ];
  await tx.insert(bankTransactions).values(
    lines.map((line, index) => ({
      companyId,
      companyBankId: account.id,
      bookingDate: line.date,
      valueDate: line.date,
      text: line.text,
      amountOre: line.amountOre,
      kid: line.kid,
      fingerprint: `demo-${index}`,
      createdBy: userId,
    })),
  );
  await tx.insert(matchRules).values({
    companyId,
    scope: 'local',
    name: 'Bankgebyr er tapt bilag',
    priority: 10,
    conditions: [{ kind: 'text', operator: 'startsWith', value: 'Gebyr' }],
    actions: [
      { kind: 'setStatus', status: 4 },
      { kind: 'setNote', note: 'Bankgebyr – ingen kvittering' },
    ],
    createdBy: userId,
  });
}
