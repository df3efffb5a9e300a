import { randomUUID } from 'node:crypto';
import { PaymentSource, PaymentStatus, PaymentType } from '@bilag/contracts';
import {
  addDays,
  bankableDueDate,
  createKid,
  formatDate,
  type IsoDate,
  isNorwegianBankingDay,
  nextBankingDay,
} from '@bilag/domain';
import { and, asc, eq } from 'drizzle-orm';
import { newEndToEndId } from '../features/payments';
import { writeAudits } from '../platform/audit';
import { translate } from '../platform/messages';
import type { Db } from './client';
import {
  banks,
  bankTransactions,
  companies,
  companyBanks,
  type NewPaymentRow,
  payments,
  paymentUserBanks,
  paymentUsers,
  vouchers,
} from './schema';

/** The account Ola may pay from: the bakery's operating account from its books. */
const OPERATING_ACCOUNT = '15030123457';
/** A second DNB account of the bakery, so an internal transfer has somewhere to go. */
const TAX_ACCOUNT = '15039876547';

type DomesticBill = {
  creditorName: string;
  creditorAccount: string;
  amountOre: number;
  dueInDays: number;
  kid?: string;
  message?: string;
};

const domesticBills: DomesticBill[] = [
  {
    creditorName: 'Kornmo Mølle AS',
    creditorAccount: '18220123452',
    amountOre: 2_437_500,
    dueInDays: 3,
    kid: createKid('2026118', 'MOD10'),
  },
  {
    creditorName: 'Hamar Emballasje AS',
    creditorAccount: '97100543218',
    amountOre: 612_000,
    dueInDays: 7,
    message: 'Faktura 5531',
  },
  {
    creditorName: 'Eidsiva Energi AS',
    creditorAccount: '20500777770',
    amountOre: 389_050,
    dueInDays: 10,
    kid: createKid('77104421', 'MOD11'),
  },
  {
    creditorName: 'Mjøsbakst Ingredienser AS',
    creditorAccount: '16002233448',
    amountOre: 1_150_000,
    dueInDays: 14,
    message: 'Kundenr 10442, faktura 8812',
  },
];

function previousBankingDay(date: IsoDate): IsoDate {
  let day = date;
  while (!isNorwegianBankingDay(day)) day = addDays(day, -1);
  return day;
}

function newPayment(
  companyId: number,
  createdBy: number,
  values: Omit<NewPaymentRow, 'companyId' | 'uuid' | 'endToEndId'>,
) {
  const uuid = randomUUID();
  return { companyId, uuid, endToEndId: newEndToEndId(uuid), createdBy, updatedBy: createdBy, ...values };
}

/**
 * The bakery's payment users and a payment list to open on: bills waiting for approval, a euro invoice
 * from Germany, a transfer to the tax deduction account, and the Tine invoice paid last month. Seeded after
 * the books are matched, so the paid payment can name the bank line that paid it.
 */
export async function seedDemoPayments(
  tx: Db,
  companyId: number,
  people: { accountantId: number; ceoId: number },
  today: IsoDate,
) {
  const [dnb] = await tx.select({ id: banks.id }).from(banks).where(eq(banks.bic, 'DNBANOKK'));
  await tx.insert(companyBanks).values({
    companyId,
    accountNumber: TAX_ACCOUNT,
    name: 'Skattetrekkskonto',
    bankId: dnb?.id ?? null,
    sorting: 1,
    createdBy: people.accountantId,
  });
  const accounts = await tx
    .select()
    .from(companyBanks)
    .where(eq(companyBanks.companyId, companyId))
    .orderBy(asc(companyBanks.sorting), asc(companyBanks.id));
  const operating = accounts.find((account) => account.accountNumber === OPERATING_ACCOUNT);
  const tax = accounts.find((account) => account.accountNumber === TAX_ACCOUNT);
  const [company] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!operating || !tax || !company) return;

  const users = await tx
    .insert(paymentUsers)
    .values([
      { companyId, userId: people.accountantId, isAllowPayments: true, createdBy: people.accountantId },
      { companyId, userId: people.ceoId, isAllowPayments: true, createdBy: people.accountantId },
    ])
    .returning();
  await tx.insert(paymentUserBanks).values([
    ...accounts.map((account) => ({
      companyId,
      userId: people.accountantId,
      companyBankId: account.id,
      verifiedBy: 'manual' as const,
      createdBy: people.accountantId,
    })),
    {
      companyId,
      userId: people.ceoId,
      companyBankId: operating.id,
      verifiedBy: 'manual' as const,
      createdBy: people.accountantId,
    },
  ]);

  const debtor = { debtorCompanyBankId: operating.id, debtorAccountNumber: operating.accountNumber };
  const open = { status: PaymentStatus.FOR_APPROVE, ...debtor };
  const rows: NewPaymentRow[] = domesticBills.map((bill) =>
    newPayment(companyId, people.accountantId, {
      ...open,
      type: PaymentType.DOMESTIC,
      source: PaymentSource.MANUAL,
      creditorName: bill.creditorName,
      creditorAccount: bill.creditorAccount,
      creditorCountry: 'NO',
      amountOre: bill.amountOre,
      currency: 'NOK',
      dueDate: nextBankingDay(addDays(today, bill.dueInDays)),
      kid: bill.kid ?? null,
      message: bill.message ?? null,
    }),
  );
  rows.push(
    newPayment(companyId, people.accountantId, {
      ...open,
      type: PaymentType.INTERNATIONAL,
      source: PaymentSource.MANUAL,
      creditorName: 'Backhaus Mühlenbrot GmbH',
      creditorAccount: 'DE89370400440532013000',
      creditorBic: 'COBADEFFXXX',
      creditorCountry: 'DE',
      creditorAddress: 'Mühlenweg 12',
      creditorPostCode: '50667',
      creditorTown: 'Köln',
      amountOre: 425_000,
      currency: 'EUR',
      dueDate: bankableDueDate(addDays(today, 7), { today, currency: 'EUR', isInternational: true }),
      message: 'Rechnung 2026-0417',
      chargeBearer: 'SHA',
      reasonCode: '14',
      reasonText: 'Kjøp/salg av varer',
    }),
    newPayment(companyId, people.accountantId, {
      ...open,
      type: PaymentType.INTERNAL_TRANSFER,
      source: PaymentSource.MANUAL,
      creditorName: company.name,
      creditorAccount: tax.accountNumber,
      creditorCompanyBankId: tax.id,
      creditorCountry: 'NO',
      amountOre: 1_850_000,
      currency: 'NOK',
      dueDate: nextBankingDay(addDays(today, 5)),
      message: 'Skattetrekk',
    }),
  );

  const [tineVoucher] = await tx
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.companyId, companyId), eq(vouchers.supplierName, 'Tine SA')));
  const [tineLine] = await tx
    .select()
    .from(bankTransactions)
    .where(and(eq(bankTransactions.companyId, companyId), eq(bankTransactions.text, 'Giro TINE SA')));
  if (tineVoucher?.amountOre && tineLine) {
    const paidOn = previousBankingDay(tineLine.bookingDate);
    rows.push(
      newPayment(companyId, people.accountantId, {
        ...debtor,
        status: PaymentStatus.PAID,
        type: PaymentType.DOMESTIC,
        source: PaymentSource.VOUCHER,
        voucherId: tineVoucher.id,
        creditorName: 'Tine SA',
        creditorAccount: '30001122335',
        creditorCountry: 'NO',
        amountOre: tineVoucher.amountOre,
        currency: 'NOK',
        dueDate: paidOn,
        message: 'Faktura melk og fløte',
        bankStatus: 'ACSC',
        paidAt: new Date(`${paidOn}T10:00:00Z`),
        paidTransactionId: tineLine.id,
        paidReason: translate('no', 'paymentPaidByStatement', {
          date: formatDate(tineLine.bookingDate),
          text: tineLine.text,
        }),
        createdAt: new Date(`${addDays(paidOn, -5)}T09:00:00Z`),
      }),
    );
  }
  const inserted = await tx.insert(payments).values(rows).returning();

  await writeAudits(tx, [
    ...users.map((user) => ({
      companyId,
      userId: people.accountantId,
      entity: 'payment-user',
      entityId: user.id,
      action: 'create',
      after: { userId: user.userId, isAllowPayments: user.isAllowPayments },
    })),
    ...inserted.map((payment) => ({
      companyId,
      userId: people.accountantId,
      entity: 'payment',
      entityId: payment.id,
      action: 'create',
      after: { status: PaymentStatus.FOR_APPROVE, amountOre: payment.amountOre, dueDate: payment.dueDate },
    })),
    ...inserted
      .filter((payment) => payment.status === PaymentStatus.PAID)
      .flatMap((payment) => [
        {
          companyId,
          userId: people.accountantId,
          entity: 'payment',
          entityId: payment.id,
          action: 'status',
          before: { status: PaymentStatus.FOR_APPROVE, bankStatus: null },
          after: { status: PaymentStatus.PROCESSING, bankStatus: null, reason: null },
        },
        {
          companyId,
          userId: null,
          entity: 'payment',
          entityId: payment.id,
          action: 'status',
          before: { status: PaymentStatus.PROCESSING, bankStatus: null },
          after: { status: PaymentStatus.PAID, bankStatus: 'ACSC', reason: payment.paidReason },
        },
      ]),
  ]);
}
