import { randomBytes } from 'node:crypto';
import {
  BankPaymentStatus,
  type ChargeBearerCode,
  type Language,
  PAYMENT_TRANSITIONS,
  type PaymentExport,
  PaymentStatus,
  type PaymentStatusReport,
  PaymentType,
} from '@bilag/contracts';
import {
  type ChargeBearer,
  type CreditTransfer,
  DomainError,
  formatTimestamp,
  ore,
  type Pain002Report,
  type Pain002StatusReason,
  parsePain001,
  parsePain002,
  paymentMessage,
  sniffFileType,
  writePain001,
} from '@bilag/domain';
import type { Db } from '../../db/client';
import { writeAudit, writeAudits } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import type { UploadedFile } from '../../platform/form-data';
import { translate } from '../../platform/messages';
import { bankReasonText } from './bank-status-reason';
import type { PaymentExportRow, PaymentRow } from './payment.table';
import { requirePaymentAccess, requireVerifiedAccount } from './payment-access';
import { paymentsHeldByBaskets, refusePaymentsInBaskets } from './payment-basket.service';
import * as repository from './payment-file.repository';
import { changePaymentStatus, lockPayments, paymentStatusName, type StatusChange } from './payment-status';

/** Payments locked and moved per statement, well inside PostgreSQL's limit of bind parameters. */
const STATEMENT_CHUNK = 10_000;

const CHARGE_BEARERS: Readonly<Record<ChargeBearerCode, ChargeBearer>> = {
  SHA: 'SHAR',
  OUR: 'DEBT',
  BEN: 'CRED',
};

/** The payer of a pain.001 file: the company initiating it and the account paid from. */
export type Pain001Payer = Pick<
  repository.DebtorAccount,
  'accountNumber' | 'bic' | 'companyName' | 'organisationNumber'
>;

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

function text(value: string | null): string | undefined {
  return value === null || value.trim() === '' ? undefined : value;
}

/** The instruction id written for a payment, by which a bank report can name it beside its end-to-end id. */
export function instructionIdOf(payment: Pick<PaymentRow, 'uuid'>): string {
  return payment.uuid.replaceAll('-', '');
}

function uuidOfInstructionId(instructionId: string | undefined): string | undefined {
  const hex = instructionId?.toLowerCase();
  if (hex === undefined || !/^[0-9a-f]{32}$/.test(hex)) return undefined;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One payment as the bank reads it in a pain.001 file. */
export function creditTransferOf(payment: PaymentRow, payer: Pain001Payer): CreditTransfer {
  const isInternational = payment.type === PaymentType.INTERNATIONAL;
  const kid = text(payment.kid);
  return {
    endToEndId: payment.endToEndId,
    instructionId: instructionIdOf(payment),
    amount: ore(payment.amountOre),
    currency: payment.currency,
    executionDate: payment.dueDate,
    debtor: {
      name: payer.companyName,
      account: { bban: payer.accountNumber },
      bic: payer.bic ?? undefined,
    },
    creditor: isInternational
      ? {
          name: payment.creditorName,
          account: { iban: payment.creditorAccount },
          bic: text(payment.creditorBic),
          address: {
            street: text(payment.creditorAddress),
            postCode: text(payment.creditorPostCode),
            town: text(payment.creditorTown),
            country: text(payment.creditorCountry),
          },
        }
      : { name: payment.creditorName, account: { bban: payment.creditorAccount } },
    kid,
    message: kid === undefined ? paymentMessage(payment.message) : undefined,
    chargeBearer:
      isInternational && payment.chargeBearer !== null ? CHARGE_BEARERS[payment.chargeBearer] : undefined,
    regulatoryReporting:
      isInternational && payment.reasonCode !== null
        ? { code: payment.reasonCode, text: text(payment.reasonText) ?? payment.reasonCode }
        : undefined,
  };
}

/**
 * The pain.001.001.03 file of the payments, paid from the payer's account. A payment the bank would
 * refuse stops the file with a message naming it.
 */
export function buildPain001Xml(
  payer: Pain001Payer,
  rows: readonly PaymentRow[],
  header: { messageId: string; createdAt: string },
): string {
  try {
    return writePain001(
      {
        messageId: header.messageId,
        createdAt: header.createdAt,
        initiatingParty: { name: payer.companyName, organisationNumber: payer.organisationNumber },
        payments: rows.map((row) => creditTransferOf(row, payer)),
      },
      '001.001.03',
    );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const named = rows.find((row) => error.message.includes(row.endToEndId));
    throw Errors.conflict('paymentExportRefused', {
      endToEndId: named?.endToEndId ?? '',
      reason: error.message,
    });
  }
}

/** The date and time on Norway's clock, as the file's creation time and name carry it. */
function osloClock(now: Date): { isoDateTime: string; compact: string } {
  const [date = '', time = ''] = formatTimestamp(now, 'DD-MM-YYYY HH:mm:ss', 'Europe/Oslo').split(' ');
  const [day, month, year] = date.split('-');
  return {
    isoDateTime: `${year}-${month}-${day}T${time}`,
    compact: `${year}${month}${day}-${time.replaceAll(':', '')}`,
  };
}

function toPaymentExport(row: Omit<PaymentExportRow, 'xml'>): PaymentExport {
  return {
    Id: row.id,
    CompanyBankId: row.companyBankId,
    AccountNumber: row.accountNumber,
    MessageId: row.messageId,
    FileName: row.fileName,
    PaymentCount: row.paymentCount,
    TotalOre: row.totalOre,
    CreatedBy: row.createdBy,
    CreatedAt: row.createdAt.toISOString(),
  };
}

async function lockInChunks(tx: Db, companyId: number, ids: readonly number[]): Promise<PaymentRow[]> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const locked: PaymentRow[] = [];
  for (const chunk of chunksOf(sorted, STATEMENT_CHUNK))
    locked.push(...(await lockPayments(tx, companyId, chunk)));
  return locked;
}

/**
 * Approves payments of one account into one pain.001 file: those waiting for approval (all of them, or
 * the ones named, each of which must be such a payment), locked so a second export cannot take them too.
 * They move to PROCESSING with the file's id; the file is kept to be downloaded.
 */
export async function exportPain001(
  db: Db,
  principal: Principal,
  language: Language,
  input: { companyId?: number | undefined; companyBankId: number; ids?: number[] | undefined },
): Promise<PaymentExport> {
  const { companyId } = await requirePaymentAccess(db, principal, input.companyId, 'pay');
  const payer = await repository.findDebtorAccount(db, companyId, input.companyBankId);
  if (!payer) throw Errors.notFound('paymentAccountUnknown');
  await requireVerifiedAccount(db, companyId, principal.userId, payer.companyBankId, payer.accountNumber);
  return db.transaction(async (tx) => {
    const named = input.ids === undefined ? undefined : new Set(input.ids);
    const ids = named
      ? [...named]
      : await repository.listWaitingPaymentIds(tx, companyId, payer.companyBankId);
    const locked = await lockInChunks(tx, companyId, ids);
    // A basket's payments are signed for the bank's API; a file may not send them a second way.
    if (named) await refusePaymentsInBaskets(tx, companyId, locked);
    const held = new Set((await paymentsHeldByBaskets(tx, companyId, locked)).map((row) => row.id));
    const exportable = locked.filter(
      (row) =>
        !held.has(row.id) &&
        row.status === PaymentStatus.FOR_APPROVE &&
        row.debtorCompanyBankId === payer.companyBankId &&
        (repository.EXPORTED_PAYMENT_TYPES as readonly number[]).includes(row.type),
    );
    if (named && exportable.length !== named.size) throw Errors.conflict('paymentExportMixed');
    if (exportable.length === 0) throw Errors.conflict('paymentExportNothing');
    exportable.sort((a, b) => (a.dueDate === b.dueDate ? a.id - b.id : a.dueDate < b.dueDate ? -1 : 1));

    const now = new Date();
    const clock = osloClock(now);
    const messageId = `PAIN001-${clock.compact.replace('-', '')}-${randomBytes(4).toString('hex')}`;
    const xml = buildPain001Xml(payer, exportable, { messageId, createdAt: clock.isoDateTime });
    const totalOre = exportable.reduce((sum, row) => sum + row.amountOre, 0);
    const created = await repository.insertExport(tx, {
      companyId,
      companyBankId: payer.companyBankId,
      accountNumber: payer.accountNumber,
      messageId,
      fileName: `pain001-${payer.accountNumber}-${clock.compact}.xml`,
      xml,
      paymentCount: exportable.length,
      totalOre,
      createdBy: principal.userId,
    });
    const actor = { companyId, userId: principal.userId, language };
    for (const chunk of chunksOf(exportable, STATEMENT_CHUNK)) {
      await changePaymentStatus(tx, actor, chunk, {
        to: PaymentStatus.PROCESSING,
        exportId: created.id,
        reason: created.fileName,
      });
    }
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'payment-export',
      entityId: created.id,
      action: 'create',
      after: {
        messageId,
        fileName: created.fileName,
        accountNumber: payer.accountNumber,
        paymentCount: exportable.length,
        totalOre,
      },
    });
    return toPaymentExport(created);
  });
}

export async function listPaymentExports(
  db: Db,
  principal: Principal,
  query: { companyId?: number | undefined; companyBankId?: number | undefined },
): Promise<PaymentExport[]> {
  const { companyId } = await requirePaymentAccess(db, principal, query.companyId, 'view');
  const rows = await repository.listExports(db, companyId, query.companyBankId);
  return rows.map(toPaymentExport);
}

export async function getPaymentExportFile(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
  id: number,
): Promise<{ fileName: string; xml: string }> {
  const { companyId } = await requirePaymentAccess(db, principal, companyIdInput, 'view');
  const row = await repository.findExport(db, companyId, id);
  if (!row) throw Errors.notFound('paymentExportNotFound');
  return { fileName: row.fileName, xml: row.xml };
}

/** One status the report gives one payment, by its references. */
type StatusLine = {
  endToEndId: string | undefined;
  instructionId: string | undefined;
  status: string | undefined;
  reasons: Pain002StatusReason[];
};

function firstNonEmpty(...lists: Pain002StatusReason[][]): Pain002StatusReason[] {
  return lists.find((list) => list.length > 0) ?? [];
}

/**
 * The status of each payment the report speaks of. A payment group (or the whole file) that carries its
 * status without a line per payment speaks for every payment of that group in the file we sent, which is
 * found by the original message id.
 */
async function statusLinesOf(db: Db, companyId: number, report: Pain002Report) {
  const lines: StatusLine[] = [];
  const wholeGroups: { paymentInfoId: string | undefined; status: string; reasons: Pain002StatusReason[] }[] =
    [];
  for (const paymentInfo of report.paymentInfos) {
    if (paymentInfo.transactions.length > 0) {
      for (const transaction of paymentInfo.transactions) {
        lines.push({
          endToEndId: transaction.originalEndToEndId,
          instructionId: transaction.originalInstructionId,
          status: transaction.status ?? paymentInfo.status ?? report.groupStatus,
          reasons: firstNonEmpty(transaction.reasons, paymentInfo.reasons, report.groupReasons),
        });
      }
      continue;
    }
    const status = paymentInfo.status ?? report.groupStatus;
    if (status !== undefined)
      wholeGroups.push({
        paymentInfoId: paymentInfo.originalPaymentInfoId,
        status,
        reasons: firstNonEmpty(paymentInfo.reasons, report.groupReasons),
      });
  }
  if (report.paymentInfos.length === 0 && report.groupStatus !== undefined)
    wholeGroups.push({ paymentInfoId: undefined, status: report.groupStatus, reasons: report.groupReasons });
  const unplaced: { status: string }[] = [];
  if (wholeGroups.length > 0) {
    const sent =
      report.originalMessageId === undefined
        ? undefined
        : await repository.findExportByMessageId(db, companyId, report.originalMessageId);
    const sentGroups = sent ? parsePain001(sent.xml).paymentInfos : [];
    for (const group of wholeGroups) {
      const covered = sentGroups.filter(
        (sentGroup) => group.paymentInfoId === undefined || sentGroup.id === group.paymentInfoId,
      );
      if (covered.length === 0) unplaced.push({ status: group.status });
      for (const transaction of covered.flatMap((sentGroup) => sentGroup.transactions)) {
        lines.push({
          endToEndId: transaction.endToEndId,
          instructionId: transaction.instructionId,
          status: group.status,
          reasons: group.reasons,
        });
      }
    }
  }
  return { lines, unplaced };
}

const STATUS_OF_BANK_STATUS: Readonly<Record<BankPaymentStatus, PaymentStatus>> = {
  RCVD: PaymentStatus.PROCESSING,
  PDNG: PaymentStatus.PROCESSING,
  ACTC: PaymentStatus.PROCESSING,
  ACCP: PaymentStatus.PROCESSING,
  ACWC: PaymentStatus.PROCESSING,
  ACSP: PaymentStatus.PROCESSING,
  ACSC: PaymentStatus.PAID,
  RJCT: PaymentStatus.FAILED,
  CANC: PaymentStatus.CANCELED,
};

function isFinal(status: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[status].length === 0;
}

type Actor = { companyId: number; userId: number; language: Language };

/**
 * Moves one payment to what the bank says of it. A payment still waiting for approval that the bank has
 * (it was sent outside this product) passes through PROCESSING, as the state machine has it.
 */
async function applyBankStatus(
  tx: Db,
  actor: Actor,
  payment: PaymentRow,
  to: PaymentStatus,
  change: Omit<StatusChange, 'to'>,
): Promise<PaymentRow> {
  let current = payment;
  if (current.status === PaymentStatus.FOR_APPROVE && to !== PaymentStatus.CANCELED) {
    [current = payment] = await changePaymentStatus(tx, actor, [current], {
      ...change,
      to: PaymentStatus.PROCESSING,
    });
  }
  if (current.status === to) {
    const [updated = current] = await repository.updateBankStatus(
      tx,
      actor.companyId,
      [current.id],
      {
        bankStatus: change.bankStatus ?? null,
        bankStatusReason: change.bankStatusReason ?? null,
        bankStatusText: change.bankStatusText ?? null,
      },
      actor.userId,
    );
    await writeAudits(tx, [
      {
        companyId: actor.companyId,
        userId: actor.userId,
        entity: 'payment',
        entityId: current.id,
        action: 'bank-status',
        before: { status: current.status, bankStatus: current.bankStatus },
        after: {
          status: updated.status,
          bankStatus: updated.bankStatus,
          bankStatusReason: updated.bankStatusReason,
          reason: change.reason ?? null,
        },
      },
    ]);
    return updated;
  }
  const [moved = current] = await changePaymentStatus(tx, actor, [current], { ...change, to });
  return moved;
}

/**
 * Reads a bank's pain.002 status report into the company's payments: each line is found by its end-to-end
 * id (or our instruction id) and moves its payment as the bank says (ACCP and friends: PROCESSING, ACSC:
 * PAID, RJCT: FAILED with the reason). A payment already final keeps its status and is listed as unchanged,
 * so reading the same report twice changes nothing the second time.
 */
export async function importPain002(
  db: Db,
  principal: Principal,
  language: Language,
  input: { companyId?: number | undefined; files: UploadedFile[] },
): Promise<PaymentStatusReport> {
  const { companyId } = await requirePaymentAccess(db, principal, input.companyId, 'pay');
  const [file, ...others] = input.files;
  if (!file) throw Errors.invalid('noFilesUploaded');
  if (others.length > 0) throw Errors.invalid('tooManyFiles', { max: 1 });
  if (sniffFileType(new Uint8Array(file.bytes)) !== 'xml')
    throw Errors.unsupportedMediaType(
      'fileTypeNotAccepted',
      { name: file.fileName, accepted: 'xml' },
      { fileName: file.fileName },
    );
  let report: Pain002Report;
  try {
    report = parsePain002(new Uint8Array(file.bytes));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw Errors.invalid('pain002Unreadable', { reason: error.message });
  }
  const actor: Actor = { companyId, userId: principal.userId, language };
  const result: PaymentStatusReport = {
    messageId: report.messageId ?? null,
    updated: [],
    unchanged: [],
    unknown: [],
  };
  return db.transaction(async (tx) => {
    const { lines, unplaced } = await statusLinesOf(tx, companyId, report);
    for (const group of unplaced) result.unknown.push({ endToEndId: null, bankStatus: group.status });
    const locked = await repository.lockPaymentsByReference(tx, companyId, {
      endToEndIds: [...new Set(lines.flatMap((line) => (line.endToEndId ? [line.endToEndId] : [])))],
      uuids: [...new Set(lines.flatMap((line) => uuidOfInstructionId(line.instructionId) ?? []))],
    });
    const current = new Map(locked.map((row) => [row.id, row]));
    const idByEndToEnd = new Map(locked.map((row) => [row.endToEndId, row.id]));
    const idByUuid = new Map(locked.map((row) => [row.uuid, row.id]));
    const paidReason = translate(language, 'paymentPaidByBankReport', { messageId: report.messageId ?? '' });
    for (const line of lines) {
      const id =
        (line.endToEndId === undefined ? undefined : idByEndToEnd.get(line.endToEndId)) ??
        idByUuid.get(uuidOfInstructionId(line.instructionId) ?? '');
      const payment = id === undefined ? undefined : current.get(id);
      if (!payment) {
        result.unknown.push({ endToEndId: line.endToEndId ?? null, bankStatus: line.status ?? null });
        continue;
      }
      const unchanged = (message: string) =>
        result.unchanged.push({ paymentId: payment.id, endToEndId: payment.endToEndId, message });
      const bankStatus = BankPaymentStatus.safeParse(line.status);
      if (!bankStatus.success) {
        unchanged(translate(language, 'pain002StatusUnknown', { bankStatus: line.status ?? '' }));
        continue;
      }
      const to = STATUS_OF_BANK_STATUS[bankStatus.data];
      const isRepeat = payment.status === to && payment.bankStatus === bankStatus.data;
      if (isRepeat) {
        unchanged(translate(language, 'pain002AlreadyApplied', { bankStatus: bankStatus.data }));
        continue;
      }
      if (isFinal(payment.status)) {
        unchanged(
          translate(language, 'pain002AlreadyFinal', {
            status: paymentStatusName(language, payment.status),
            bankStatus: bankStatus.data,
          }),
        );
        continue;
      }
      const [reason] = line.reasons;
      const reasonCode = reason?.code ?? reason?.proprietary ?? null;
      const reasonText = reason?.additionalInfo.join(' ').trim() || bankReasonText(reasonCode);
      const moved = await applyBankStatus(tx, actor, payment, to, {
        bankStatus: bankStatus.data,
        bankStatusReason: reasonCode,
        bankStatusText: reasonText,
        ...(to === PaymentStatus.PAID ? { paidReason } : {}),
        reason: `pain.002 ${report.messageId ?? ''}`.trim(),
      });
      current.set(moved.id, moved);
      result.updated.push({
        paymentId: moved.id,
        endToEndId: moved.endToEndId,
        bankStatus: bankStatus.data,
        status: moved.status,
        reason: reasonText ?? reasonCode,
      });
    }
    return result;
  });
}
