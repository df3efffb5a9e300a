import { randomUUID } from 'node:crypto';
import {
  type AddToPaymentListResult,
  DUPLICATE_WINDOW_DAYS,
  EDITABLE_PAYMENT_STATUSES,
  type Language,
  PAYMENT_STATUSES,
  PAYMENT_STATUSES_HOLDING_AMOUNT,
  type Payment,
  type PaymentDraft,
  type PaymentFieldProblem,
  type PaymentFilter,
  type PaymentInfo,
  type PaymentList,
  PaymentSource,
  type PaymentStatistics,
  PaymentStatus,
  PaymentType,
  VoucherSource,
} from '@bilag/contracts';
import {
  accountNumberOf,
  addDays,
  bankableDueDate,
  checkPayment,
  formatAmount,
  MAX_DUE_DAYS_AHEAD,
  normalizeBic,
  normalizeIban,
  normalizeKid,
  ore,
  paymentMessage,
  todayIsoDate,
  validateAccountNumber,
  validateIban,
  validateKid,
} from '@bilag/domain';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { type MessageKey, translate } from '../../platform/messages';
import { readHistory } from '../history';
import { newEndToEndId, toPayment } from './payment.mapping';
import * as repository from './payment.repository';
import type { NewPaymentRow, PaymentRow } from './payment.table';
import { readWithPaymentsCompany, requirePaymentAccess } from './payment-access';
import { refusePaymentsInBaskets } from './payment-basket.service';
import { refuseProblems, translateProblems } from './payment-problems';
import { changePaymentStatus, lockPayments, paymentStatusName } from './payment-status';

/** Who acts, for whom, and in which language refusals are written. */
type Actor = { companyId: number; userId: number; language: Language };

const OPEN_PAYMENT_STATUSES: readonly PaymentStatus[] = [PaymentStatus.FOR_APPROVE, PaymentStatus.PROCESSING];
/** The kinds of payment the payment list shows; internal transfers have a list of their own. */
const LISTED_PAYMENT_TYPES: readonly PaymentType[] = [PaymentType.DOMESTIC, PaymentType.INTERNATIONAL];

/** Payments are due on Norwegian banking days, so "today" is the day in Norway. */
function todayInNorway(): string {
  return todayIsoDate('Europe/Oslo');
}

/**
 * The banking day a wanted due date moves to. A date beyond what banks take stays as it is, for the
 * payment's check to name.
 */
function movedDueDate(
  wanted: string | null,
  options: { today: string; currency: string; isInternational: boolean },
): string {
  if (wanted && wanted > addDays(options.today, MAX_DUE_DAYS_AHEAD)) return wanted;
  return bankableDueDate(wanted, options);
}

function toPayments(rows: readonly repository.ListedPayment[]): Payment[] {
  return rows.map((row) => toPayment(row.payment, row.supplierName));
}

/** A payment row as the audit log keeps it, without its own timestamps. */
export function auditSnapshot(row: PaymentRow) {
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = row;
  return rest;
}

function auditPayment(
  tx: Db,
  actor: Actor,
  paymentId: number,
  action: 'create' | 'update',
  before: PaymentRow | null,
  after: PaymentRow,
) {
  return writeAudit(tx, {
    companyId: actor.companyId,
    userId: actor.userId,
    entity: 'payment',
    entityId: paymentId,
    action,
    before: before ? auditSnapshot(before) : null,
    after: auditSnapshot(after),
  });
}

/** The list and its statistics answer 'Invalid params' without a company, as the spec says. */
function requireListedCompany(companyId: number | undefined): number {
  if (companyId === undefined) throw Errors.companyIdMissing('paymentInvalidParams');
  return companyId;
}

/** The list's query from a filter's fields, for the given kinds of payment. */
export function paymentQueryOf(
  filter: Omit<repository.PaymentQuery, 'types'>,
  types: readonly PaymentType[],
): repository.PaymentQuery {
  return {
    types,
    statuses: filter.statuses,
    from: filter.from,
    to: filter.to,
    typeDate: filter.typeDate,
    paymentSource: filter.paymentSource,
    keyword: filter.keyword,
    companyBankId: filter.companyBankId,
    sortType: filter.sortType,
  };
}

/** The filter's kind of payment: -1 is both kinds of the list, and internal transfers are never among them. */
function typesOf(paymentType: number): readonly PaymentType[] {
  if (paymentType === PaymentType.DOMESTIC || paymentType === PaymentType.INTERNATIONAL) return [paymentType];
  if (paymentType === PaymentType.INTERNAL_TRANSFER) return [];
  return LISTED_PAYMENT_TYPES;
}

/**
 * A page of the company's payments of the given kinds. Membership is checked beside the read, so the
 * list costs one round trip; the internal-transfer list uses it with its own kind.
 */
export async function listPaymentsOfTypes(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  query: repository.PaymentQuery,
  page: { pageSize: number; pageNumber: number },
): Promise<PaymentList> {
  const companyId = requireListedCompany(companyIdInput);
  const { rows, total } = await readWithPaymentsCompany(db, principal, companyId, (id) =>
    query.types.length === 0
      ? Promise.resolve({ rows: [], total: 0 })
      : repository.listPaymentPage(db, id, query, {
          limit: page.pageSize,
          offset: (page.pageNumber - 1) * page.pageSize,
        }),
  );
  return { total, rows: toPayments(rows) };
}

export function listPayments(db: Db, principal: Principal, filter: PaymentFilter): Promise<PaymentList> {
  return listPaymentsOfTypes(
    db,
    principal,
    filter.companyId,
    paymentQueryOf(filter, typesOf(filter.paymentType)),
    filter,
  );
}

/** Counts per status (every status, zero included) and the totals of the listed statuses. */
export async function paymentStatisticsOfTypes(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  query: repository.PaymentQuery,
): Promise<PaymentStatistics> {
  const companyId = requireListedCompany(companyIdInput);
  const { counts, totals } = await readWithPaymentsCompany(db, principal, companyId, (id) =>
    query.types.length === 0
      ? Promise.resolve({ counts: [], totals: [] })
      : repository.countPayments(db, id, query),
  );
  const countOf = (status: PaymentStatus) => counts.find((row) => row.status === status)?.total ?? 0;
  return {
    counts: PAYMENT_STATUSES.map((status) => ({ Status: status, Total: countOf(status) })),
    totals: totals.map((row) => ({
      DebtorCompanyBankId: row.debtorCompanyBankId,
      DebtorAccountNumber: row.debtorAccountNumber,
      DueDate: row.dueDate,
      Currency: row.currency,
      AmountOre: row.amountOre,
      Count: row.count,
    })),
    totalFailed: countOf(PaymentStatus.FAILED),
  };
}

export function paymentStatistics(db: Db, principal: Principal, filter: PaymentFilter) {
  return paymentStatisticsOfTypes(
    db,
    principal,
    filter.companyId,
    paymentQueryOf(filter, typesOf(filter.paymentType)),
  );
}

async function viewableCompany(db: Db, principal: Principal, companyId: number | undefined) {
  return (await requirePaymentAccess(db, principal, companyId, 'view')).companyId;
}

async function requirePayment(db: Db, companyId: number, id: number) {
  const found = await repository.findPayment(db, companyId, id);
  if (!found) throw Errors.notFound('paymentNotFound');
  return found;
}

export async function getPayment(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  id: number,
) {
  const companyId = await viewableCompany(db, principal, companyIdInput);
  const found = await requirePayment(db, companyId, id);
  return toPayment(found.payment, found.supplierName);
}

export async function paymentsByUuid(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  uuid: string,
) {
  const companyId = await viewableCompany(db, principal, companyIdInput);
  const found = await repository.findPaymentByUuid(db, companyId, uuid);
  return found ? [toPayment(found.payment, found.supplierName)] : [];
}

function numberIn(snapshot: unknown, field: string): number | null {
  if (typeof snapshot !== 'object' || snapshot === null) return null;
  const value: unknown = Reflect.get(snapshot, field);
  return typeof value === 'number' ? value : null;
}

function textIn(snapshot: unknown, field: string): string | null {
  if (typeof snapshot !== 'object' || snapshot === null) return null;
  const value: unknown = Reflect.get(snapshot, field);
  return typeof value === 'string' ? value : null;
}

export async function paymentInfoByUuid(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  uuid: string,
): Promise<PaymentInfo> {
  const companyId = await viewableCompany(db, principal, companyIdInput);
  const found = await repository.findPaymentByUuid(db, companyId, uuid);
  if (!found) throw Errors.notFound('paymentNotFound');
  const { payment } = found;
  const [voucher, history] = await Promise.all([
    payment.voucherId === null ? undefined : repository.findVoucher(db, companyId, payment.voucherId),
    readHistory(db, companyId, 'payment', payment.id),
  ]);
  return {
    payment: toPayment(payment, found.supplierName),
    voucher: voucher
      ? {
          Id: voucher.id,
          SupplierName: voucher.supplierName,
          AmountOre: voucher.amountOre,
          Date: voucher.voucherDate,
          DueDate: voucher.dueDate,
          Description: voucher.description,
        }
      : null,
    history: history.map((entry) => ({
      Action: entry.Action,
      FromStatus: numberIn(entry.Before, 'status'),
      ToStatus: numberIn(entry.After, 'status'),
      Reason: textIn(entry.After, 'reason'),
      UserName: entry.UserName,
      CreatedAt: entry.CreatedAt,
    })),
  };
}

export async function paymentExists(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  voucherId: number,
) {
  const companyId = await viewableCompany(db, principal, companyIdInput);
  return {
    exists: await repository.hasPaymentInStatuses(db, companyId, voucherId, PAYMENT_STATUSES_HOLDING_AMOUNT),
  };
}

export async function localIbanInfo(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  iban: string,
) {
  await viewableCompany(db, principal, companyIdInput);
  const result = validateIban(iban);
  if (!result.valid || result.country !== 'NO' || !result.bban || !result.normalized)
    throw Errors.invalid('paymentIbanNotNorwegian', { iban });
  const bank = await repository.findBankOfAccount(db, result.bban);
  return {
    iban: result.normalized,
    accountNumber: result.bban,
    bankName: bank?.name ?? null,
    bic: bank?.bic ?? null,
  };
}

/** An account as stored: its 11 digits when it is a Norwegian account, otherwise a compact IBAN. */
function compactAccount(input: string): string {
  const domestic = validateAccountNumber(input);
  return domestic.valid && domestic.normalized ? domestic.normalized : normalizeIban(input);
}

function kidOrNull(kid: string | null | undefined): string | null {
  const compact = kid ? normalizeKid(kid) : '';
  return compact === '' ? null : compact;
}

export async function duplicatePaymentCheck(
  db: Db,
  principal: Principal,
  query: {
    companyId?: number | undefined;
    creditorAccount: string;
    amountOre: number;
    kid?: string | undefined;
    message?: string | undefined;
    excludeId?: number | undefined;
  },
): Promise<{ windowDays: typeof DUPLICATE_WINDOW_DAYS; matches: Payment[] }> {
  const companyId = await viewableCompany(db, principal, query.companyId);
  const matches = await repository.findDuplicatePayments(db, companyId, {
    creditorAccount: compactAccount(query.creditorAccount),
    amountOre: query.amountOre,
    kid: kidOrNull(query.kid),
    message: paymentMessage(query.message) ?? null,
    excludeId: query.excludeId,
  });
  return { windowDays: DUPLICATE_WINDOW_DAYS, matches: toPayments(matches) };
}

type DraftFields = Omit<PaymentDraft, 'debtorCompanyBankId'> & { debtorCompanyBankId?: number | undefined };

/** Every reason the bank would refuse the draft, each in the caller's language. */
function problemsOf(draft: DraftFields, language: Language, today: string): PaymentFieldProblem[] {
  const problems = checkPayment(
    {
      isInternational: draft.type === PaymentType.INTERNATIONAL,
      creditorName: draft.creditorName,
      creditorAccount: draft.creditorAccount,
      creditorBic: draft.creditorBic,
      creditorCountry: draft.creditorCountry,
      amountOre: draft.amountOre,
      currency: draft.currency,
      dueDate: draft.dueDate,
      kid: draft.kid,
      message: draft.message,
      chargeBearer: draft.chargeBearer,
      reasonCode: draft.reasonCode,
    },
    today,
  );
  return translateProblems(problems, language);
}

async function requireDebtorAccount(db: Db, companyId: number, companyBankId: number) {
  const account = await repository.findCompanyAccount(db, companyId, companyBankId);
  if (!account) throw Errors.invalid('paymentAccountUnknown');
  return account;
}

export async function validatePayment(
  db: Db,
  principal: Principal,
  language: Language,
  body: DraftFields & { companyId?: number | undefined },
) {
  const companyId = await viewableCompany(db, principal, body.companyId);
  if (body.debtorCompanyBankId !== undefined)
    await requireDebtorAccount(db, companyId, body.debtorCompanyBankId);
  const today = todayInNorway();
  const problems = problemsOf(body, language, today);
  const dueDate = movedDueDate(body.dueDate, {
    today,
    currency: body.currency,
    isInternational: body.type === PaymentType.INTERNATIONAL,
  });
  return { isValid: problems.length === 0, problems, dueDate };
}

/** The columns of a draft the bank would take, or a 400 listing every problem. */
async function checkedDraft(db: Db, companyId: number, language: Language, draft: PaymentDraft) {
  const account = await requireDebtorAccount(db, companyId, draft.debtorCompanyBankId);
  const problems = problemsOf(draft, language, todayInNorway());
  refuseProblems(problems);
  const isInternational = draft.type === PaymentType.INTERNATIONAL;
  return {
    type: draft.type,
    debtorCompanyBankId: account.id,
    debtorAccountNumber: account.accountNumber,
    creditorName: draft.creditorName,
    creditorAccount: isInternational
      ? normalizeIban(draft.creditorAccount)
      : accountNumberOf(draft.creditorAccount),
    creditorBic: draft.creditorBic ? normalizeBic(draft.creditorBic) : null,
    creditorCountry: draft.creditorCountry ?? (isInternational ? null : 'NO'),
    creditorAddress: draft.creditorAddress || null,
    creditorPostCode: draft.creditorPostCode || null,
    creditorTown: draft.creditorTown || null,
    amountOre: draft.amountOre,
    currency: draft.currency,
    dueDate: draft.dueDate,
    kid: kidOrNull(draft.kid),
    message: paymentMessage(draft.message) ?? null,
    chargeBearer: isInternational ? (draft.chargeBearer ?? null) : null,
    reasonCode: isInternational ? draft.reasonCode || null : null,
    reasonText: isInternational ? draft.reasonText || null : null,
  } satisfies Partial<NewPaymentRow>;
}

type PaymentColumns = Awaited<ReturnType<typeof checkedDraft>>;

/** A voucher's payments may never add up to more than its amount. */
async function requireWithinVoucher(
  tx: Db,
  companyId: number,
  voucher: repository.VoucherToPay,
  amountOre: number,
  excludePaymentId?: number,
) {
  const held = await repository.sumHeldByVoucher(tx, companyId, [voucher.id], excludePaymentId);
  const rest = (voucher.amountOre ?? 0) - (held.get(voucher.id) ?? 0);
  if (amountOre > rest)
    throw Errors.conflict('paymentExceedsVoucher', { rest: formatAmount(ore(Math.max(rest, 0))) });
}

async function refuseDuplicates(tx: Db, companyId: number, columns: PaymentColumns, excludeId?: number) {
  await repository.lockCreditor(tx, companyId, columns.creditorAccount);
  const duplicates = await repository.findDuplicatePayments(tx, companyId, { ...columns, excludeId });
  if (duplicates.length > 0)
    throw Errors.conflict(
      'paymentDuplicate',
      { days: DUPLICATE_WINDOW_DAYS },
      { duplicates: toPayments(duplicates) },
    );
}

function newPaymentKeys(actor: Actor) {
  const uuid = randomUUID();
  return {
    companyId: actor.companyId,
    uuid,
    endToEndId: newEndToEndId(uuid),
    createdBy: actor.userId,
    updatedBy: actor.userId,
  };
}

/** The actor of a change, once the principal may prepare payments of the company. */
export async function preparingActor(
  db: Db,
  principal: Principal,
  language: Language,
  companyId: number | undefined,
) {
  const access = await requirePaymentAccess(db, principal, companyId, 'prepare');
  return { companyId: access.companyId, userId: principal.userId, language };
}

async function payingActor(db: Db, principal: Principal, language: Language, companyId: number | undefined) {
  const access = await requirePaymentAccess(db, principal, companyId, 'pay');
  return { companyId: access.companyId, userId: principal.userId, language };
}

function voucherPaymentSource(voucher: repository.VoucherToPay) {
  return voucher.source === VoucherSource.EHF ? PaymentSource.EHF : PaymentSource.VOUCHER;
}

export async function addPayment(
  db: Db,
  principal: Principal,
  language: Language,
  body: PaymentDraft & {
    companyId?: number | undefined;
    voucherId?: number | undefined;
    confirmDuplicate: boolean;
  },
): Promise<Payment> {
  const actor = await preparingActor(db, principal, language, body.companyId);
  const columns = await checkedDraft(db, actor.companyId, language, body);
  return db.transaction(async (tx) => {
    let voucher: repository.VoucherToPay | undefined;
    if (body.voucherId !== undefined) {
      [voucher] = await repository.lockVouchers(tx, actor.companyId, [body.voucherId]);
      if (!voucher || voucher.deletedAt) throw Errors.notFound('voucherNotPayableNotFound');
      await requireWithinVoucher(tx, actor.companyId, voucher, columns.amountOre);
    }
    if (!body.confirmDuplicate) await refuseDuplicates(tx, actor.companyId, columns);
    const row = await repository.insertPayment(tx, {
      ...newPaymentKeys(actor),
      ...columns,
      voucherId: voucher?.id ?? null,
      source: voucher ? voucherPaymentSource(voucher) : PaymentSource.MANUAL,
      status: PaymentStatus.FOR_APPROVE,
    });
    await auditPayment(tx, actor, row.id, 'create', null, row);
    return toPayment(row, voucher?.supplierName ?? null);
  });
}

/** Edits a payment waiting for approval (PUT v2/voucher-payments/{id} and PUT payments/{id}). */
export async function updatePayment(
  db: Db,
  principal: Principal,
  language: Language,
  id: number,
  body: PaymentDraft & { companyId?: number | undefined; confirmDuplicate: boolean },
): Promise<Payment> {
  const actor = await preparingActor(db, principal, language, body.companyId);
  const columns = await checkedDraft(db, actor.companyId, language, body);
  return db.transaction(async (tx) => {
    const current = await requirePayment(tx, actor.companyId, id);
    // Internal transfers are edited by their own call, with their own fields.
    if (current.payment.type === PaymentType.INTERNAL_TRANSFER) throw Errors.notFound('paymentNotFound');
    // The voucher first, as every call that touches a voucher's payments locks it, so none waits on another.
    const voucherId = current.payment.voucherId;
    const [voucher] =
      voucherId === null ? [] : await repository.lockVouchers(tx, actor.companyId, [voucherId]);
    const [locked] = await lockPayments(tx, actor.companyId, [id]);
    if (!locked) throw Errors.notFound('paymentNotFound');
    if (!EDITABLE_PAYMENT_STATUSES.includes(locked.status))
      throw Errors.conflict('paymentNotEditable', { status: paymentStatusName(language, locked.status) });
    await refusePaymentsInBaskets(tx, actor.companyId, [locked]);
    if (voucher) await requireWithinVoucher(tx, actor.companyId, voucher, columns.amountOre, id);
    if (!body.confirmDuplicate) await refuseDuplicates(tx, actor.companyId, columns, id);
    const row = await repository.updatePayment(tx, actor.companyId, id, {
      ...columns,
      updatedBy: actor.userId,
    });
    if (!row) throw Errors.notFound('paymentNotFound');
    await auditPayment(tx, actor, id, 'update', locked, row);
    return toPayment(row, current.supplierName);
  });
}

async function requireLockedPayments(tx: Db, companyId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const locked = await lockPayments(tx, companyId, unique);
  if (locked.length !== unique.length) throw Errors.notFound('paymentNotFound');
  await refusePaymentsInBaskets(tx, companyId, locked);
  return locked;
}

/** Takes payments waiting for approval off the list: they become IGNORED, and their vouchers payable again. */
export async function deletePaymentList(
  db: Db,
  principal: Principal,
  language: Language,
  body: { companyId?: number | undefined; ids: number[] },
) {
  const actor = await preparingActor(db, principal, language, body.companyId);
  return db.transaction(async (tx) => {
    const locked = await requireLockedPayments(tx, actor.companyId, body.ids);
    const changed = await changePaymentStatus(tx, actor, locked, { to: PaymentStatus.IGNORED });
    return { removed: changed.map((row) => row.id) };
  });
}

export async function cancelPayment(
  db: Db,
  principal: Principal,
  language: Language,
  id: number,
  companyIdInput: number | undefined,
): Promise<Payment> {
  const actor = await payingActor(db, principal, language, companyIdInput);
  return db.transaction(async (tx) => {
    const locked = await requireLockedPayments(tx, actor.companyId, [id]);
    await changePaymentStatus(tx, actor, locked, { to: PaymentStatus.CANCELED });
    const found = await requirePayment(tx, actor.companyId, id);
    return toPayment(found.payment, found.supplierName);
  });
}

export async function updatePaymentStatuses(
  db: Db,
  principal: Principal,
  language: Language,
  body: { companyId?: number | undefined; ids: number[]; status: PaymentStatus; reason?: string | undefined },
): Promise<Payment[]> {
  const actor = await payingActor(db, principal, language, body.companyId);
  return db.transaction(async (tx) => {
    const locked = await requireLockedPayments(tx, actor.companyId, body.ids);
    await changePaymentStatus(tx, actor, locked, { to: body.status, reason: body.reason ?? null });
    return toPayments(
      await repository.findPayments(
        tx,
        actor.companyId,
        locked.map((row) => row.id),
      ),
    );
  });
}

type Skip = { reason: string; key: MessageKey };

const SKIPS = {
  notFound: { reason: 'NOT_FOUND', key: 'voucherNotPayableNotFound' },
  deleted: { reason: 'DELETED', key: 'voucherNotPayableDeleted' },
  noAmount: { reason: 'NO_AMOUNT', key: 'voucherNotPayableNoAmount' },
  credit: { reason: 'CREDIT', key: 'voucherNotPayableCredit' },
  paid: { reason: 'PAID', key: 'voucherNotPayablePaid' },
  noAccount: { reason: 'NO_ACCOUNT', key: 'voucherNotPayableNoAccount' },
  onList: { reason: 'ON_LIST', key: 'voucherNotPayableOnList' },
} satisfies Record<string, Skip>;

/** Why a voucher cannot be paid at all, before its payments are looked at. */
function skipOf(voucher: repository.VoucherToPay | undefined): Skip | undefined {
  if (!voucher) return SKIPS.notFound;
  if (voucher.deletedAt) return SKIPS.deleted;
  if (voucher.amountOre === null || voucher.amountOre === 0) return SKIPS.noAmount;
  if (voucher.amountOre < 0) return SKIPS.credit;
  if (voucher.isPaid) return SKIPS.paid;
  if (!voucher.accountNumber?.trim()) return SKIPS.noAccount;
  return undefined;
}

/**
 * The payment of what is left of a voucher: to its supplier's account, with its KID (or its text as the
 * message), on the first banking day from its due date, from the company's paying account. An account
 * that is not a Norwegian account number is taken as an IBAN; what it still lacks (BIC, charges,
 * purpose) the validation shows before it is paid.
 */
function paymentOfVoucher(
  voucher: repository.VoucherToPay,
  accountNumber: string,
  rest: number,
  payingAccount: { id: number; accountNumber: string } | undefined,
  language: Language,
) {
  const domestic = validateAccountNumber(accountNumber);
  const isInternational = !(domestic.valid && domestic.normalized);
  const creditorAccount =
    domestic.valid && domestic.normalized ? domestic.normalized : normalizeIban(accountNumber);
  const iban = isInternational ? validateIban(creditorAccount) : undefined;
  const kid = voucher.kid && validateKid(voucher.kid).valid ? normalizeKid(voucher.kid) : null;
  return {
    voucherId: voucher.id,
    type: isInternational ? PaymentType.INTERNATIONAL : PaymentType.DOMESTIC,
    source: voucherPaymentSource(voucher),
    status: PaymentStatus.FOR_APPROVE,
    debtorCompanyBankId: payingAccount?.id ?? null,
    debtorAccountNumber: payingAccount?.accountNumber ?? null,
    creditorName: voucher.supplierName?.trim() || translate(language, 'paymentCreditorUnknown'),
    creditorAccount,
    creditorCountry: isInternational ? (iban?.country ?? null) : 'NO',
    amountOre: rest,
    currency: voucher.currency,
    dueDate: movedDueDate(voucher.dueDate, {
      today: todayInNorway(),
      currency: voucher.currency,
      isInternational,
    }),
    kid,
    message: kid ? null : (paymentMessage(voucher.description) ?? null),
  } satisfies Partial<NewPaymentRow>;
}

/**
 * Puts vouchers on the payment list inside the caller's transaction. Each voucher row is locked first,
 * so concurrent requests for one voucher queue up and the later ones find its amount already held:
 * a voucher is never paid beyond its amount, however often it is added.
 */
async function addVouchersToList(
  tx: Db,
  actor: Actor,
  voucherIds: readonly number[],
  confirmDuplicate: boolean,
): Promise<AddToPaymentListResult> {
  const ids = [...new Set(voucherIds)];
  const locked = await repository.lockVouchers(tx, actor.companyId, ids);
  const byId = new Map(locked.map((voucher) => [voucher.id, voucher]));
  const held = await repository.sumHeldByVoucher(
    tx,
    actor.companyId,
    locked.map((voucher) => voucher.id),
  );
  const payingAccount = await repository.findPayingAccount(tx, actor.companyId);
  const result: AddToPaymentListResult = { added: [], skipped: [], duplicates: [] };
  const skip = (voucherId: number, { reason, key }: Skip) =>
    result.skipped.push({ voucherId, reason, message: translate(actor.language, key) });
  const planned: { voucher: repository.VoucherToPay; columns: ReturnType<typeof paymentOfVoucher> }[] = [];
  for (const voucherId of ids) {
    const voucher = byId.get(voucherId);
    const refused = skipOf(voucher);
    if (refused || !voucher?.accountNumber || voucher.amountOre === null) {
      skip(voucherId, refused ?? SKIPS.notFound);
      continue;
    }
    const rest = voucher.amountOre - (held.get(voucherId) ?? 0);
    if (rest > 0) {
      planned.push({
        voucher,
        columns: paymentOfVoucher(voucher, voucher.accountNumber, rest, payingAccount, actor.language),
      });
      continue;
    }
    const [openId] = await repository.findPaymentIdsOfVoucher(
      tx,
      actor.companyId,
      voucherId,
      OPEN_PAYMENT_STATUSES,
    );
    const open = openId === undefined ? undefined : await repository.findPayment(tx, actor.companyId, openId);
    if (open)
      result.added.push({ voucherId, payment: toPayment(open.payment, open.supplierName), isNew: false });
    else skip(voucherId, SKIPS.onList);
  }
  // In one order for every request, so two lists naming the same creditors never wait on each other.
  const creditors = [...new Set(planned.map(({ columns }) => columns.creditorAccount))].sort();
  for (const creditor of creditors) await repository.lockCreditor(tx, actor.companyId, creditor);
  for (const { voucher, columns } of planned) {
    if (!confirmDuplicate) {
      const matches = await repository.findDuplicatePayments(tx, actor.companyId, columns);
      if (matches.length > 0) {
        result.duplicates.push({ voucherId: voucher.id, matches: toPayments(matches) });
        continue;
      }
    }
    const row = await repository.insertPayment(tx, { ...newPaymentKeys(actor), ...columns });
    await auditPayment(tx, actor, row.id, 'create', null, row);
    result.added.push({ voucherId: voucher.id, payment: toPayment(row, voucher.supplierName), isNew: true });
  }
  return result;
}

export async function addToPaymentList(
  db: Db,
  principal: Principal,
  language: Language,
  body: { companyId?: number | undefined; voucherIds: number[]; confirmDuplicate: boolean },
): Promise<AddToPaymentListResult> {
  const actor = await preparingActor(db, principal, language, body.companyId);
  return db.transaction((tx) => addVouchersToList(tx, actor, body.voucherIds, body.confirmDuplicate));
}

/** Every unpaid EHF voucher of the company with an amount and an account, onto the payment list. */
export async function unpaidEhfToPaymentList(
  db: Db,
  principal: Principal,
  language: Language,
  companyIdInput: number,
  confirmDuplicate: boolean,
): Promise<AddToPaymentListResult> {
  const actor = await preparingActor(db, principal, language, companyIdInput);
  return db.transaction(async (tx) => {
    const voucherIds = await repository.listUnpaidEhfVoucherIds(tx, actor.companyId);
    return addVouchersToList(tx, actor, voucherIds, confirmDuplicate);
  });
}

async function voucherPaymentOf(tx: Db, companyId: number, voucher: repository.VoucherToPay) {
  const [payments, held] = await Promise.all([
    repository.listPaymentsOfVoucher(tx, companyId, voucher.id),
    repository.sumHeldByVoucher(tx, companyId, [voucher.id]),
  ]);
  return {
    voucherId: voucher.id,
    isPaid: voucher.isPaid,
    payableRestOre: voucher.amountOre === null ? null : voucher.amountOre - (held.get(voucher.id) ?? 0),
    payments: toPayments(payments),
  };
}

async function requireVoucher(db: Db, companyId: number, voucherId: number) {
  const voucher = await repository.findVoucher(db, companyId, voucherId);
  if (!voucher) throw Errors.notFound('voucherNotPayableNotFound');
  return voucher;
}

async function requireLockedVoucher(tx: Db, companyId: number, voucherId: number) {
  const [voucher] = await repository.lockVouchers(tx, companyId, [voucherId]);
  if (!voucher || voucher.deletedAt) throw Errors.notFound('voucherNotPayableNotFound');
  return voucher;
}

export async function voucherPayment(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  voucherId: number,
) {
  const companyId = await viewableCompany(db, principal, companyIdInput);
  return voucherPaymentOf(db, companyId, await requireVoucher(db, companyId, voucherId));
}

export async function paymentsOfVoucher(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  voucherId: number,
) {
  const { payments, payableRestOre } = await voucherPayment(db, principal, companyIdInput, voucherId);
  return { rows: payments, payableRestOre };
}

/** Takes a voucher's payments waiting for approval off the list. */
export async function removeVoucherPayment(
  db: Db,
  principal: Principal,
  language: Language,
  body: { companyId?: number | undefined; voucherId: number },
) {
  const actor = await preparingActor(db, principal, language, body.companyId);
  return db.transaction(async (tx) => {
    const voucher = await requireLockedVoucher(tx, actor.companyId, body.voucherId);
    const ids = await repository.findPaymentIdsOfVoucher(tx, actor.companyId, voucher.id, [
      PaymentStatus.FOR_APPROVE,
    ]);
    const locked = await lockPayments(tx, actor.companyId, ids);
    await refusePaymentsInBaskets(tx, actor.companyId, locked);
    await changePaymentStatus(tx, actor, locked, { to: PaymentStatus.IGNORED });
    return voucherPaymentOf(tx, actor.companyId, voucher);
  });
}

/** Marks a voucher paid outside the product, or not paid; never while a payment of it is under way. */
export async function updateVoucherPaymentStatus(
  db: Db,
  principal: Principal,
  language: Language,
  body: { companyId?: number | undefined; voucherId: number; isPaid: boolean },
) {
  const actor = await preparingActor(db, principal, language, body.companyId);
  return db.transaction(async (tx) => {
    const voucher = await requireLockedVoucher(tx, actor.companyId, body.voucherId);
    if (await repository.hasPaymentInStatuses(tx, actor.companyId, voucher.id, OPEN_PAYMENT_STATUSES))
      throw Errors.conflict('voucherHasOpenPayment');
    if (voucher.isPaid === body.isPaid) return voucherPaymentOf(tx, actor.companyId, voucher);
    const updated = await repository.setVoucherPaid(tx, actor.companyId, voucher.id, body.isPaid);
    if (!updated) throw Errors.notFound('voucherNotPayableNotFound');
    await writeAudit(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      entity: 'voucher',
      entityId: voucher.id,
      action: 'update',
      before: { isPaid: voucher.isPaid },
      after: { isPaid: updated.isPaid },
    });
    return voucherPaymentOf(tx, actor.companyId, updated);
  });
}
