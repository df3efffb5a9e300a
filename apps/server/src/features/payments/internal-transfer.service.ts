import { randomUUID } from 'node:crypto';
import {
  EDITABLE_PAYMENT_STATUSES,
  type InternalTransferDraft,
  type InternalTransferFilter,
  type Language,
  type Payment,
  type PaymentFieldProblem,
  type PaymentList,
  PaymentSource,
  type PaymentStatistics,
  PaymentStatus,
  PaymentType,
} from '@bilag/contracts';
import { checkPayment, paymentMessage, todayIsoDate } from '@bilag/domain';
import type { Db } from '../../db/client';
import type { CompanyBankRow } from '../../db/schema';
import { writeAudits } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import * as repository from './internal-transfer.repository';
import { newEndToEndId, toPayment } from './payment.mapping';
import type { PaymentQuery } from './payment.repository';
import {
  auditSnapshot,
  listPaymentsOfTypes,
  paymentQueryOf,
  paymentStatisticsOfTypes,
  preparingActor,
} from './payment.service';
import type { NewPaymentRow } from './payment.table';
import { requirePaymentAccess } from './payment-access';
import { refusePaymentsInBaskets } from './payment-basket.service';
import { refuseProblems, translateProblems } from './payment-problems';
import { lockPayments, paymentStatusName } from './payment-status';

type Actor = { companyId: number; userId: number; language: Language };

/** What a transfer's own fields can be refused for; its accounts are the company's own and known. */
const CHECKED_FIELDS: ReadonlySet<string> = new Set(['amountOre', 'dueDate']);

function transferQuery(filter: InternalTransferFilter): PaymentQuery {
  return paymentQueryOf(filter, [PaymentType.INTERNAL_TRANSFER]);
}

export function listInternalTransfers(
  db: Db,
  principal: Principal,
  companyId: number,
  filter: InternalTransferFilter,
): Promise<PaymentList> {
  return listPaymentsOfTypes(db, principal, companyId, transferQuery(filter), filter);
}

export function internalTransferStatistic(
  db: Db,
  principal: Principal,
  filter: InternalTransferFilter & { companyId?: number | undefined },
): Promise<PaymentStatistics> {
  return paymentStatisticsOfTypes(db, principal, filter.companyId, transferQuery(filter));
}

export async function internalTransferBanks(
  db: Db,
  principal: Principal,
  companyIdInput: number | undefined,
) {
  const { companyId } = await requirePaymentAccess(db, principal, companyIdInput, 'view');
  return (await repository.listTransferAccounts(db, companyId)).map(({ account, bankName }) => ({
    CompanyBankId: account.id,
    AccountNumber: account.accountNumber,
    Name: account.name,
    Currency: account.currency,
    BankName: bankName,
    IsDefault: account.isDefault,
  }));
}

/** The account pair of each transfer, refused when an account is not the company's or the pair cannot be. */
async function resolveAccounts(db: Db, companyId: number, drafts: readonly InternalTransferDraft[]) {
  const ids = [...new Set(drafts.flatMap((draft) => [draft.fromCompanyBankId, draft.toCompanyBankId]))];
  const accounts = new Map(
    (await repository.findCompanyAccounts(db, companyId, ids)).map((account) => [account.id, account]),
  );
  return drafts.map((draft) => {
    if (draft.fromCompanyBankId === draft.toCompanyBankId)
      throw Errors.invalid('internalTransferSameAccount');
    const from = accounts.get(draft.fromCompanyBankId);
    const to = accounts.get(draft.toCompanyBankId);
    if (!from || !to) throw Errors.invalid('paymentAccountUnknown');
    if (from.currency !== to.currency) throw Errors.invalid('internalTransferCurrency');
    return { draft, from, to };
  });
}

type ResolvedTransfer = { draft: InternalTransferDraft; from: CompanyBankRow; to: CompanyBankRow };

/** The amount must be above zero and the due date a banking day from today: the same rules as any payment. */
function problemsOf(
  transfers: readonly ResolvedTransfer[],
  language: Language,
  fieldPrefix: (index: number) => string,
): PaymentFieldProblem[] {
  const today = todayIsoDate('Europe/Oslo');
  return transfers.flatMap(({ draft, to }, index) =>
    translateProblems(
      checkPayment(
        {
          isInternational: false,
          // Only the amount and the due date are judged; the name is any non-empty text.
          creditorName: to.accountNumber,
          creditorAccount: to.accountNumber,
          amountOre: draft.amountOre,
          currency: to.currency,
          dueDate: draft.dueDate,
        },
        today,
      ).filter((problem) => CHECKED_FIELDS.has(problem.field)),
      language,
      fieldPrefix(index),
    ),
  );
}

function transferColumns({ draft, from, to }: ResolvedTransfer, companyName: string) {
  return {
    debtorCompanyBankId: from.id,
    debtorAccountNumber: from.accountNumber,
    creditorName: companyName,
    creditorAccount: to.accountNumber,
    creditorCompanyBankId: to.id,
    creditorCountry: 'NO',
    amountOre: draft.amountOre,
    currency: to.currency,
    dueDate: draft.dueDate,
    message: paymentMessage(draft.message) ?? null,
  } satisfies Partial<NewPaymentRow>;
}

/** Checks and stores transfers in one transaction: every one of them, or none. */
async function createTransfers(
  db: Db,
  actor: Actor,
  drafts: readonly InternalTransferDraft[],
  fieldPrefix: (index: number) => string,
): Promise<Payment[]> {
  const resolved = await resolveAccounts(db, actor.companyId, drafts);
  refuseProblems(problemsOf(resolved, actor.language, fieldPrefix));
  const companyName = (await repository.findCompanyName(db, actor.companyId)) ?? '';
  const rows = await db.transaction(async (tx) => {
    const inserted = await repository.insertTransfers(
      tx,
      resolved.map((transfer) => {
        const uuid = randomUUID();
        return {
          companyId: actor.companyId,
          uuid,
          endToEndId: newEndToEndId(uuid),
          type: PaymentType.INTERNAL_TRANSFER,
          source: PaymentSource.MANUAL,
          status: PaymentStatus.FOR_APPROVE,
          createdBy: actor.userId,
          updatedBy: actor.userId,
          ...transferColumns(transfer, companyName),
        };
      }),
    );
    await writeAudits(
      tx,
      inserted.map((row) => ({
        companyId: actor.companyId,
        userId: actor.userId,
        entity: 'payment',
        entityId: row.id,
        action: 'create',
        after: auditSnapshot(row),
      })),
    );
    return inserted;
  });
  return rows.map((row) => toPayment(row));
}

export async function addInternalTransfer(
  db: Db,
  principal: Principal,
  language: Language,
  body: InternalTransferDraft & { companyId?: number | undefined },
): Promise<Payment> {
  const actor = await preparingActor(db, principal, language, body.companyId);
  const [payment] = await createTransfers(db, actor, [body], () => '');
  if (!payment) throw Errors.internal();
  return payment;
}

export async function insertInternalTransfers(
  db: Db,
  principal: Principal,
  language: Language,
  body: { companyId?: number | undefined; transfers: InternalTransferDraft[] },
): Promise<Payment[]> {
  const actor = await preparingActor(db, principal, language, body.companyId);
  return createTransfers(db, actor, body.transfers, (index) => `transfers.${index}.`);
}

/** Changes a transfer that is still waiting for approval; anything further along is refused with a 409. */
export async function editInternalTransfer(
  db: Db,
  principal: Principal,
  language: Language,
  body: InternalTransferDraft & { companyId?: number | undefined; id: number },
): Promise<Payment> {
  const actor = await preparingActor(db, principal, language, body.companyId);
  const [resolved] = await resolveAccounts(db, actor.companyId, [body]);
  if (!resolved) throw Errors.internal();
  const companyName = (await repository.findCompanyName(db, actor.companyId)) ?? '';
  const row = await db.transaction(async (tx) => {
    const [locked] = await lockPayments(tx, actor.companyId, [body.id]);
    if (!locked || locked.type !== PaymentType.INTERNAL_TRANSFER) throw Errors.notFound('paymentNotFound');
    if (!EDITABLE_PAYMENT_STATUSES.includes(locked.status))
      throw Errors.conflict('paymentNotEditable', { status: paymentStatusName(language, locked.status) });
    await refusePaymentsInBaskets(tx, actor.companyId, [locked]);
    refuseProblems(problemsOf([resolved], language, () => ''));
    const updated = await repository.updateTransfer(tx, actor.companyId, locked.id, {
      ...transferColumns(resolved, companyName),
      updatedBy: actor.userId,
    });
    if (!updated) throw Errors.notFound('paymentNotFound');
    await writeAudits(tx, [
      {
        companyId: actor.companyId,
        userId: actor.userId,
        entity: 'payment',
        entityId: locked.id,
        action: 'update',
        before: auditSnapshot(locked),
        after: auditSnapshot(updated),
      },
    ]);
    return updated;
  });
  return toPayment(row);
}
