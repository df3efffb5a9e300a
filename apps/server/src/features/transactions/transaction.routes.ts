import {
  addTransaction,
  addTransactionList,
  BankTransactionStatus,
  bulkUpdateTransactions,
  deleteTransaction,
  exportPrivateLost,
  fetchAllTransactions,
  listTransactions,
  transactionDetail,
  transactionHistory,
  transactionMissingSummary,
  transactionMonth,
  transactionStatistics,
  transactionYears,
  updateTransaction,
  updateTransactionPayment,
  updateTransactionStatus,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { uploadedFiles } from '../../platform/form-data';
import { requestLanguage } from '../../platform/language';
import type { ObjectStore } from '../../platform/object-store';
import { registerRoute } from '../../platform/route';
import { createPrivateLostReport } from './private-lost.report';
import * as transactions from './transaction.service';

type Options = { db: Db; store: ObjectStore };

/** Files attached to a transaction come with the form that changes it. */
const ATTACHMENT_BODY_LIMIT = 25 * 1024 * 1024;

/** transactions (7.4): the bank transactions of a company. */
export async function transactionRoutes(app: FastifyInstance, { db, store }: Options) {
  registerRoute(app, listTransactions, ({ query }, { principal }) =>
    transactions.listTransactions(db, principal, query),
  );
  registerRoute(app, fetchAllTransactions, ({ query }, { principal }) =>
    transactions.fetchAllTransactions(db, principal, query),
  );
  registerRoute(app, transactionYears, ({ query }, { principal }) =>
    transactions.listTransactionYears(db, principal, query.companyId),
  );
  registerRoute(
    app,
    transactionStatistics,
    async ({ query }, { principal }) =>
      (await transactions.getTransactionStatistics(db, principal, query)).counts,
  );
  registerRoute(app, transactionMonth, async ({ query }, { principal }) => {
    const statistics = await transactions.getTransactionStatistics(db, principal, query);
    return { in: statistics.in, out: statistics.out };
  });
  registerRoute(app, transactionMissingSummary, ({ query }, { principal }) =>
    transactions.getMissingSummary(db, principal, query),
  );
  registerRoute(app, transactionHistory, ({ query }, { principal }) =>
    transactions.listTransactionHistory(db, principal, query.companyId, query.bankTransactionId),
  );
  registerRoute(app, exportPrivateLost, async ({ query }, { principal, request, reply }) => {
    const language = requestLanguage(request);
    const pdf = await createPrivateLostReport(db, principal, query, language);
    const name =
      language === 'no' ? 'private-og-tapte-transaksjoner.pdf' : 'private-and-lost-transactions.pdf';
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
  registerRoute(app, transactionDetail, ({ params, query }, { principal }) =>
    transactions.getTransactionDetail(db, principal, query.companyId, params.id),
  );
  registerRoute(app, addTransaction, ({ body }, { principal }) =>
    transactions.addTransaction(db, principal, body),
  );
  registerRoute(app, addTransactionList, ({ body }, { principal }) =>
    transactions.addTransactionList(db, principal, body),
  );
  registerRoute(app, updateTransactionPayment, ({ params, body }, { principal }) =>
    transactions.updateTransaction(db, store, principal, params.id, body, []),
  );
  registerRoute(app, updateTransactionStatus, ({ params, body }, { principal }) =>
    transactions.updateTransaction(
      db,
      store,
      principal,
      params.id,
      { ...body, isPrivate: body.status === BankTransactionStatus.PRIVATE },
      [],
    ),
  );
  registerRoute(app, bulkUpdateTransactions, ({ body }, { principal }) =>
    transactions.updateTransactions(db, principal, body),
  );
  registerRoute(
    app,
    updateTransaction,
    ({ params, body }, { principal, request }) =>
      transactions.updateTransaction(db, store, principal, params.id, body, uploadedFiles(request)),
    { bodyLimit: ATTACHMENT_BODY_LIMIT },
  );
  registerRoute(app, deleteTransaction, ({ params, query }, { principal }) =>
    transactions.deleteTransaction(db, principal, query.companyId, params.id),
  );
}
