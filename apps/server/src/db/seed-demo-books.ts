import { addDays, createKid, type IsoDate, lastDayOf, monthOf, monthsFrom } from '@bilag/domain';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { bankBalances, banks, bankTransactions, companyBanks, matchRules, vouchers } from './schema';

/** The bakery's DNB account (a valid mod-11 account number). */
const BAKERY_ACCOUNT = '15030123457';

type DemoInvoice = {
  supplier: string;
  amountOre: number;
  /** The dates count days back from the day the books are seeded, so the demo is always recent. */
  voucherDaysAgo: number;
  dueDaysAgo?: number;
  /** The invoice number the supplier's KID is made from, for an invoice paid with one. */
  kidBase?: string;
};

type DemoPair = DemoInvoice & {
  paidDaysAgo: number;
  /** What the bank line says was paid, where it differs from the voucher (a card payment rounded). */
  paidOre?: number;
  bankText: string;
};

/**
 * Three months of the bakery's books up to today: invoices and receipts, and the bank lines that pay
 * them, with the noise real books have (a KID, a rounded card payment, two receipts of one amount, a
 * bank fee). Each pair keeps its own spacing (invoice, due date, payment), which is what matching reads.
 */
const pairs: DemoPair[] = [
  {
    supplier: 'Telenor Norge AS',
    amountOre: 89_900,
    voucherDaysAgo: 80,
    dueDaysAgo: 66,
    paidDaysAgo: 67,
    bankText: 'Giro TELENOR NORGE AS',
  },
  {
    supplier: 'Fjordkraft AS',
    amountOre: 154_320,
    voucherDaysAgo: 60,
    dueDaysAgo: 42,
    paidDaysAgo: 42,
    bankText: 'Nettgiro',
    kidBase: '4471023',
  },
  {
    supplier: 'Tine SA',
    amountOre: 1_245_000,
    voucherDaysAgo: 41,
    dueDaysAgo: 27,
    paidDaysAgo: 28,
    bankText: 'Giro TINE SA',
  },
  {
    supplier: 'Kiwi Hamar',
    amountOre: 45_000,
    voucherDaysAgo: 20,
    paidDaysAgo: 19,
    bankText: 'Kortkjøp 4411 VISA',
  },
  {
    supplier: 'Rema 1000 Hamar',
    amountOre: 45_000,
    voucherDaysAgo: 20,
    paidDaysAgo: 7,
    bankText: 'Kortkjøp 4411 VISA',
  },
  {
    supplier: 'Circle K Hamar',
    amountOre: 61_237,
    voucherDaysAgo: 1,
    paidDaysAgo: 0,
    paidOre: 61_200,
    bankText: 'VISA CIRCLE K HAMAR',
  },
];

/** An invoice that came in today and is not due yet: nothing in the bank pays it. */
const unpaidInvoice: DemoInvoice = {
  supplier: 'Mølleriet AS',
  amountOre: 1_875_000,
  voucherDaysAgo: 0,
  dueDaysAgo: -14,
};

/** What the account held before the first line of the demo. */
const OPENING_BALANCE_ORE = 24_850_000;

const bankOnly = [
  { daysAgo: 3, text: 'Gebyr kontohold', amountOre: -7_500 },
  { daysAgo: 6, text: 'Innbetaling Bakerikunde AS', amountOre: 2_500_000 },
];

/**
 * Vouchers, a bank account with its transactions, and rules for the bakery, before they are matched.
 * `today` is the only input that changes the books; everything else is fixed.
 */
export async function seedDemoBooks(tx: Db, companyId: number, userId: number, today: IsoDate) {
  const daysAgo = (days: number) => addDays(today, -days);
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
  const invoices: DemoInvoice[] = [...pairs, unpaidInvoice];
  await tx.insert(vouchers).values(
    invoices.map((invoice) => ({
      companyId,
      voucherDate: daysAgo(invoice.voucherDaysAgo),
      effectiveDate: daysAgo(invoice.voucherDaysAgo),
      supplierName: invoice.supplier,
      amountOre: invoice.amountOre,
      dueDate: invoice.dueDaysAgo === undefined ? null : daysAgo(invoice.dueDaysAgo),
      kid: invoice.kidBase ? createKid(invoice.kidBase, 'MOD10') : null,
      source: 0,
      status: 1,
      createdBy: userId,
    })),
  );
  const lines = [
    ...pairs.map((pair) => ({
      date: daysAgo(pair.paidDaysAgo),
      text: pair.bankText,
      amountOre: -(pair.paidOre ?? pair.amountOre),
      kid: pair.kidBase ? createKid(pair.kidBase, 'MOD10') : null,
    })),
    ...bankOnly.map((line) => ({
      date: daysAgo(line.daysAgo),
      text: line.text,
      amountOre: line.amountOre,
      kid: null,
    })),
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
  await tx.insert(bankBalances).values(statedBalances(companyId, account.id, lines, today));
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

/**
 * The balances the bank stated for the account, as its monthly statements do: the opening on the
 * first day of the first month, and the closing of each month (for this month, of today), so the
 * balance proof of every month holds.
 */
function statedBalances(
  companyId: number,
  companyBankId: number,
  lines: readonly { date: IsoDate; amountOre: number }[],
  today: IsoDate,
) {
  const firstMonth = monthOf([today, ...lines.map((line) => line.date)].sort()[0] ?? today);
  const common = { companyId, companyBankId, currency: 'NOK', source: 'IMPORT' as const };
  const closings = monthsFrom(firstMonth, monthOf(today)).map((month) => {
    const day = month === monthOf(today) ? today : lastDayOf(month);
    const movement = lines.filter((line) => line.date <= day).reduce((sum, line) => sum + line.amountOre, 0);
    return { ...common, balanceDate: day, balanceType: 'CLBD', amountOre: OPENING_BALANCE_ORE + movement };
  });
  return [
    { ...common, balanceDate: `${firstMonth}-01`, balanceType: 'OPBD', amountOre: OPENING_BALANCE_ORE },
    ...closings,
  ];
}
