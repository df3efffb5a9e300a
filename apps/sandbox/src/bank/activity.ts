import { createHash } from 'node:crypto';
import { accountNumberCheckDigit, addDays, createKid, toEpochDay } from '@bilag/domain';
import type { SandboxAccount } from '../platform/world';
import type { AccountReference } from './protocol';

/**
 * The life of a sandbox account: every day from its opening to the sandbox's today has booked
 * transactions drawn by a generator seeded with the account and the date, so the history is the same
 * on every machine and in every run, and grows as the clock moves. Payments the sandbox executed are
 * booked after the drawn ones of their day. The running balance never drops below zero: a drawn
 * debit the balance cannot carry is not made, and a payment that would overdraw is refused before it
 * is booked (see lifecycle). Nothing is booked on weekends and fixed-date public holidays.
 */

export type LedgerEntry = {
  transactionId: string;
  /** The bank's archive reference; booked entries only. */
  entryReference?: string;
  endToEndId?: string;
  /** Booked entries only: a pending one has not been booked yet. */
  bookingDate?: string;
  valueDate: string;
  /** Øre, negative for a debit. */
  amountMinor: number;
  creditorName?: string;
  creditorAccount?: AccountReference;
  debtorName?: string;
  debtorAccount?: AccountReference;
  remittanceInformationUnstructured?: string;
  /** A KID, sent as structured remittance (SCOR). */
  kid?: string;
  bankTransactionCode: string;
  proprietaryBankTransactionCode: string;
};

export type Ledger = {
  /** Oldest first. */
  booked: LedgerEntry[];
  pending: LedgerEntry[];
  /** The booked balance at the end of a day (the opening balance before the account opened). */
  closingBalance(date: string): number;
  /** The lowest end-of-day balance from this day up to today: what a new debit on that day may take. */
  lowestBalanceFrom(date: string): number;
  /** Booked today included, pending reservations taken off. */
  availableBalance: number;
};

/** A source of numbers from SHA-256 of a seed, so the draws depend on nothing but the seed. */
function drawsFrom(seed: string) {
  let block = 0;
  let bytes = Buffer.alloc(0);
  let offset = 0;
  const next = (): number => {
    if (offset + 4 > bytes.length) {
      bytes = createHash('sha256').update(`${seed}#${block}`).digest();
      block += 1;
      offset = 0;
    }
    const value = bytes.readUInt32BE(offset);
    offset += 4;
    return value;
  };
  return {
    below: (count: number) => next() % count,
    between: (min: number, max: number) => min + (next() % (max - min + 1)),
    pick: <T>(choices: readonly T[]): T => choices[next() % choices.length] as T,
    digits: (count: number) =>
      Array.from({ length: count }, () => String(next() % 10))
        .join('')
        .replace(/^0/, '1'),
  };
}

type Draws = ReturnType<typeof drawsFrom>;

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

const counterpartyAccounts = new Map<string, string>();

/** A valid Norwegian account number that belongs to a counterparty name, the same every time. */
export function counterpartyAccount(name: string): string {
  const known = counterpartyAccounts.get(name);
  if (known) return known;
  // One in eleven bases has no check digit; the next base up always has one within a few steps.
  let base =
    Number(BigInt(`0x${digest(`counterparty:${name}`).slice(0, 12)}`) % 9_000_000_000n) + 1_000_000_000;
  let check = accountNumberCheckDigit(String(base));
  while (check === undefined) {
    base += 1;
    check = accountNumberCheckDigit(String(base));
  }
  const account = `${base}${check}`;
  counterpartyAccounts.set(name, account);
  return account;
}

const CARD_ACQUIRERS = ['Kortinnløsning Norge AS', 'Mobilbetaling Nord AS'] as const;
const CUSTOMERS = [
  'Kafé Bølgen AS',
  'Hotell Fjordglimt AS',
  'Sørlandet Catering AS',
  'Vestbyen Barnehage SA',
  'Lia Eiendom AS',
  'Nordkapp Turistsenter AS',
  'Eikeland Regnskap AS',
  'Strand Borettslag',
] as const;
const SUPPLIERS = [
  'Vestlandsmel AS',
  'Ørnes Emballasje AS',
  'Trøndersmør AS',
  'Fosen Frakt AS',
  'Bjørkly Kontorrekvisita AS',
  'Kvitfjell Energi AS',
  'Lillestrøm Lager AS',
  'Mjølkeriet Vest AS',
] as const;
const MERCHANTS = [
  'Byggevarehuset Forus',
  'Kontorkompaniet Bergen',
  'Drivstoff Madla',
  'Dagligvare Sentrum',
  'Jernvare Tromsø',
] as const;
const TAX_AUTHORITY = 'Skatteetaten';
const MONTHS_NO = [
  'januar',
  'februar',
  'mars',
  'april',
  'mai',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'desember',
] as const;

function weekdayOf(date: string): number {
  // 1970-01-01 was a Thursday; 0 is Sunday as in Date#getUTCDay.
  return (((toEpochDay(date) + 4) % 7) + 7) % 7;
}

/** Public holidays on a fixed date, when Norwegian banks do not book (Easter and its kin move, and are left out). */
const FIXED_HOLIDAYS = ['01-01', '05-01', '05-17', '12-25', '12-26'];

export function isBankingDay(date: string): boolean {
  const weekday = weekdayOf(date);
  return weekday !== 0 && weekday !== 6 && !FIXED_HOLIDAYS.includes(date.slice(5));
}

/** Whether this is the banking day a monthly payment due on `dayOfMonth` is made: that day, or the last banking day before it. */
function isDueOn(date: string, dayOfMonth: number): boolean {
  let due = `${date.slice(0, 8)}${String(dayOfMonth).padStart(2, '0')}`;
  while (!isBankingDay(due)) due = addDays(due, -1);
  return date === due;
}

function isFirstBankingDayOfMonth(date: string): boolean {
  let first = `${date.slice(0, 8)}01`;
  while (!isBankingDay(first)) first = addDays(first, 1);
  return date === first;
}

const compact = (date: string) => date.replaceAll('-', '');

/** A size for the account's flows, so a small tax account does not see a bakery's turnover. */
function scaleOf(account: SandboxAccount): number {
  return Math.min(3, Math.max(0.2, account.openingBalanceMinor / 100_000_00));
}

type DrawnEntry = Omit<LedgerEntry, 'transactionId' | 'entryReference' | 'bookingDate' | 'valueDate'>;

function kroner(draws: Draws, min: number, max: number, scale: number): number {
  return Math.round(draws.between(min, max) * scale) * 100 + draws.pick([0, 0, 0, 50, 25, 90]);
}

function cardSettlement(draws: Draws, date: string, scale: number): DrawnEntry {
  const acquirer = draws.pick(CARD_ACQUIRERS);
  return {
    amountMinor: kroner(draws, 2_000, 20_000, scale),
    debtorName: acquirer,
    debtorAccount: { bban: counterpartyAccount(acquirer) },
    remittanceInformationUnstructured: `Oppgjør kort ${date.slice(8, 10)}.${date.slice(5, 7)}`,
    bankTransactionCode: 'PMNT-RCDT-DMCT',
    proprietaryBankTransactionCode: 'Kortoppgjør',
  };
}

function customerPayment(draws: Draws, scale: number): DrawnEntry {
  const customer = draws.pick(CUSTOMERS);
  const invoiceNumber = draws.between(10_000, 99_999);
  const withKid = draws.below(2) === 0;
  return {
    amountMinor: kroner(draws, 3_000, 50_000, scale),
    debtorName: customer,
    debtorAccount: { bban: counterpartyAccount(customer) },
    ...(withKid
      ? { kid: createKid(`${invoiceNumber}${draws.digits(4)}`, 'MOD10') }
      : { remittanceInformationUnstructured: `Faktura ${invoiceNumber}` }),
    bankTransactionCode: 'PMNT-RCDT-DMCT',
    proprietaryBankTransactionCode: withKid ? 'Innbetaling med KID' : 'Giro',
  };
}

function supplierPayment(draws: Draws, date: string, scale: number): DrawnEntry {
  const supplier = draws.pick(SUPPLIERS);
  return {
    amountMinor: -kroner(draws, 1_000, 40_000, scale),
    creditorName: supplier,
    creditorAccount: { bban: counterpartyAccount(supplier) },
    kid: createKid(draws.digits(draws.between(8, 14)), draws.pick(['MOD10', 'MOD11'] as const)),
    endToEndId: `E2E-${compact(date)}-${draws.digits(8)}`,
    bankTransactionCode: 'PMNT-ICDT-DMCT',
    proprietaryBankTransactionCode: 'Nettgiro',
  };
}

function cardPurchase(draws: Draws, scale: number): DrawnEntry {
  const merchant = draws.pick(MERCHANTS);
  return {
    amountMinor: -kroner(draws, 100, 4_000, scale),
    creditorName: merchant,
    remittanceInformationUnstructured: `Varekjøp ${merchant}`,
    bankTransactionCode: 'PMNT-CCRD-POSD',
    proprietaryBankTransactionCode: 'Varekjøp',
  };
}

function salaries(draws: Draws, date: string, scale: number): DrawnEntry {
  const month = MONTHS_NO[Number(date.slice(5, 7)) - 1] ?? '';
  return {
    amountMinor: -kroner(draws, 20_000, 60_000, scale),
    creditorName: 'Ansatte (lønn)',
    remittanceInformationUnstructured: `Lønn ${month} ${date.slice(0, 4)}`,
    endToEndId: `LONN-${compact(date)}-${draws.digits(6)}`,
    bankTransactionCode: 'PMNT-ICDT-SALA',
    proprietaryBankTransactionCode: 'Lønn',
  };
}

function taxes(draws: Draws, date: string, scale: number, what: 'trekk' | 'mva'): DrawnEntry {
  return {
    amountMinor: -kroner(draws, 8_000, 30_000, scale),
    creditorName: TAX_AUTHORITY,
    creditorAccount: { bban: counterpartyAccount(`${TAX_AUTHORITY} ${what}`) },
    kid: createKid(`${what === 'mva' ? '2' : '7'}${compact(date).slice(0, 6)}${draws.digits(8)}`, 'MOD10'),
    endToEndId: `SKATT-${compact(date)}-${draws.digits(6)}`,
    bankTransactionCode: 'PMNT-ICDT-DMCT',
    proprietaryBankTransactionCode: what === 'mva' ? 'Merverdiavgift' : 'Skattetrekk og arbeidsgiveravgift',
  };
}

function monthlyFee(draws: Draws): DrawnEntry {
  return {
    amountMinor: -draws.between(45, 250) * 100,
    remittanceInformationUnstructured: 'Gebyr kontohold og nettbank',
    bankTransactionCode: 'ACMT-MDOP-CHRG',
    proprietaryBankTransactionCode: 'Gebyr',
  };
}

/** What the account's day holds before the balance has its say: scheduled flows first, then drawn ones. */
function drawDay(account: SandboxAccount, date: string): DrawnEntry[] {
  if (!isBankingDay(date)) return [];
  const draws = drawsFrom(`${account.bankId}|${account.bban}|${date}`);
  const scale = scaleOf(account);
  const month = Number(date.slice(5, 7));
  const scheduled: DrawnEntry[] = [];
  if (isFirstBankingDayOfMonth(date)) scheduled.push(monthlyFee(draws));
  if (isDueOn(date, 20)) scheduled.push(salaries(draws, date, scale));
  if (month % 2 === 1 && isDueOn(date, 15)) scheduled.push(taxes(draws, date, scale, 'trekk'));
  if (month % 2 === 0 && isDueOn(date, 10)) scheduled.push(taxes(draws, date, scale, 'mva'));
  const drawnCount = Math.max(0, draws.below(5) - scheduled.length);
  const drawn = Array.from({ length: drawnCount }, () => {
    const kind = draws.below(100);
    if (kind < 28) return cardSettlement(draws, date, scale);
    if (kind < 52) return customerPayment(draws, scale);
    if (kind < 88) return supplierPayment(draws, date, scale);
    return cardPurchase(draws, scale);
  });
  return [...scheduled, ...drawn];
}

/**
 * A day's drawn entries depend on nothing but the account and the date, so each day is drawn once
 * per process; the ledger is then a walk over them with the balance.
 */
const drawnDays = new Map<string, readonly LedgerEntry[]>();

function drawnDay(account: SandboxAccount, date: string): readonly LedgerEntry[] {
  const key = `${account.bankId}|${account.bban}|${date}`;
  let entries = drawnDays.get(key);
  if (!entries) {
    entries = drawDay(account, date).map((entry, index) => ({
      ...entry,
      ...identified(account, date, index, false),
      bookingDate: date,
      valueDate: date,
    }));
    drawnDays.set(key, entries);
  }
  return entries;
}

function reservationsOn(account: SandboxAccount, date: string): DrawnEntry[] {
  const draws = drawsFrom(`${account.bankId}|${account.bban}|${date}|reservations`);
  const scale = scaleOf(account);
  return Array.from({ length: draws.below(3) }, () => {
    const merchant = draws.pick(MERCHANTS);
    return {
      amountMinor: -kroner(draws, 100, 3_000, scale),
      creditorName: merchant,
      remittanceInformationUnstructured: `Reservert kortkjøp ${merchant}`,
      bankTransactionCode: 'PMNT-CCRD-POSD',
      proprietaryBankTransactionCode: 'Reservasjon',
    };
  });
}

/** A stable, opaque transaction id and a numeric archive reference for a drawn entry. */
function identified(account: SandboxAccount, date: string, index: number, pending: boolean) {
  const id = digest(`${account.bankId}|${account.bban}|${date}|${pending ? 'p' : 'b'}${index}`);
  return {
    transactionId: `${compact(date)}-${id.slice(0, 16)}`,
    entryReference: `${compact(date)}${account.bban.slice(-4)}${String(index).padStart(2, '0')}`,
  };
}

/**
 * The account's booked history up to `today`, with the sandbox's own postings (executed payments,
 * booked entries with a bookingDate) merged in on their days, and today's pending reservations.
 */
export function ledgerOf(account: SandboxAccount, today: string, postings: readonly LedgerEntry[]): Ledger {
  const postingsByDate = new Map<string, LedgerEntry[]>();
  for (const posting of postings) {
    const date = posting.bookingDate ?? posting.valueDate;
    postingsByDate.set(date, [...(postingsByDate.get(date) ?? []), posting]);
  }
  const booked: LedgerEntry[] = [];
  const endOfDay: number[] = [];
  let balance = account.openingBalanceMinor;
  const firstDay = toEpochDay(account.openedOn);
  const lastDay = toEpochDay(today);
  for (let day = firstDay, date = account.openedOn; day <= lastDay; day += 1, date = addDays(date, 1)) {
    for (const entry of drawnDay(account, date)) {
      if (balance + entry.amountMinor < 0) continue;
      balance += entry.amountMinor;
      booked.push(entry);
    }
    for (const posting of postingsByDate.get(date) ?? []) {
      balance += posting.amountMinor;
      booked.push(posting);
    }
    endOfDay.push(balance);
  }

  let available = balance;
  const pending: LedgerEntry[] = [];
  if (lastDay >= firstDay) {
    reservationsOn(account, today).forEach((entry, index) => {
      if (available + entry.amountMinor < 0) return;
      available += entry.amountMinor;
      const { transactionId } = identified(account, today, index, true);
      pending.push({ ...entry, transactionId, valueDate: today });
    });
  }

  const closingBalance = (date: string): number => {
    const offset = toEpochDay(date) - firstDay;
    if (offset < 0) return account.openingBalanceMinor;
    return endOfDay[Math.min(offset, endOfDay.length - 1)] ?? account.openingBalanceMinor;
  };
  return {
    booked,
    pending,
    closingBalance,
    lowestBalanceFrom: (date) => {
      const offset = Math.max(0, toEpochDay(date) - firstDay);
      const later = endOfDay.slice(offset);
      return Math.min(available, ...later);
    },
    availableBalance: available,
  };
}
