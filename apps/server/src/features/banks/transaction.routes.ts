import {
  AddTransactionListReply,
  AddTransactionListRequest,
  AddTransactionRequest,
  BankImportIdParams,
  BankImportListReply,
  BankImportQuery,
  BulkUpdateReply,
  BulkUpdateTransactionsRequest,
  DeleteImportReply,
  EmptyReply,
  Endpoint,
  ErrorReply,
  ExportPrivateLostQuery,
  FetchAllTransactionsReply,
  IMPORT_LIMITS,
  ImportDataUploadRequest,
  ImportFileUploadFields,
  ImportFormFields,
  ImportFormReply,
  ImportJobParams,
  ImportJobQuery,
  ImportJobReply,
  ReadFileUploadReply,
  ReadFileUploadRequest,
  TransactionCompanyQuery,
  TransactionDetailReply,
  TransactionFilter,
  TransactionHistoryQuery,
  TransactionHistoryReply,
  TransactionIdParams,
  TransactionListReply,
  TransactionMissingSummaryReply,
  TransactionMonthReply,
  TransactionReply,
  TransactionStatisticsReply,
  TransactionYearQuery,
  TransactionYearsReply,
  UpdatePaymentRequest,
  UpdateTransactionFields,
  UpdateTransactionStatusRequest,
} from '@bilag/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requirePrincipal } from '../../platform/auth';
import { spooledFiles, uploadedFiles } from '../../platform/form-data';
import { requestLanguage } from '../../platform/language';
import type { ObjectStore } from '../../platform/object-store';
import { ok } from '../../platform/reply';
import * as imports from './import.service';
import { exportPrivateLost } from './private-lost-pdf';
import * as transactions from './transaction.service';

type Options = { db: Db; store: ObjectStore; afterImport: imports.AfterImport };

const errors = {
  400: ErrorReply,
  401: ErrorReply,
  403: ErrorReply,
  404: ErrorReply,
  409: ErrorReply,
  413: ErrorReply,
  415: ErrorReply,
};

/** Statement uploads are spooled to disk; the body limit is the file limit plus room for the form. */
const statementUpload = {
  bodyLimit: IMPORT_LIMITS.maxFileBytes + 1024 * 1024,
  config: { spoolUploads: { maxFileBytes: IMPORT_LIMITS.maxFileBytes } },
};

/** transactions (7.4) and bankImport. */
export const transactionRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, store, afterImport }) => {
  const tags = ['transactions'];

  app.get(
    Endpoint.listTransactions,
    {
      schema: {
        tags,
        summary: 'Bank transactions of a company, filtered, sorted and paged',
        querystring: TransactionFilter,
        response: { 200: TransactionListReply, ...errors },
      },
    },
    async (request) => ok(await transactions.listTransactions(db, requirePrincipal(request), request.query)),
  );

  app.get(
    Endpoint.fetchAllTransactions,
    {
      schema: {
        tags,
        summary: 'Every transaction matching the filter, unpaged (bounded)',
        querystring: TransactionFilter,
        response: { 200: FetchAllTransactionsReply, ...errors },
      },
    },
    async (request) =>
      ok(await transactions.fetchAllTransactions(db, requirePrincipal(request), request.query)),
  );

  app.get(
    Endpoint.transactionYears,
    {
      schema: {
        tags,
        summary: 'Years that have transactions, newest first',
        querystring: TransactionCompanyQuery,
        response: { 200: TransactionYearsReply, ...errors },
      },
    },
    async (request) =>
      ok(await transactions.transactionYears(db, requirePrincipal(request), request.query.companyId)),
  );

  app.get(
    Endpoint.transactionStatistics,
    {
      schema: {
        tags,
        summary: 'Transaction counts per month of a year, and the total',
        querystring: TransactionYearQuery,
        response: { 200: TransactionStatisticsReply, ...errors },
      },
    },
    async (request) =>
      ok((await transactions.transactionStatistics(db, requirePrincipal(request), request.query)).counts),
  );

  app.get(
    Endpoint.transactionMonth,
    {
      schema: {
        tags,
        summary: 'Money in and out (øre) per month of a year, and the totals',
        querystring: TransactionYearQuery,
        response: { 200: TransactionMonthReply, ...errors },
      },
    },
    async (request) => {
      const statistics = await transactions.transactionStatistics(
        db,
        requirePrincipal(request),
        request.query,
      );
      return ok({ in: statistics.in, out: statistics.out });
    },
  );

  app.get(
    Endpoint.transactionMissingSummary,
    {
      schema: {
        tags,
        summary: 'How many transactions miss a voucher, are connected, private or lost',
        querystring: TransactionYearQuery,
        response: { 200: TransactionMissingSummaryReply, ...errors },
      },
    },
    async (request) =>
      ok(await transactions.transactionMissingSummary(db, requirePrincipal(request), request.query)),
  );

  app.get(
    Endpoint.transactionHistory,
    {
      schema: {
        tags,
        summary: 'The history of one transaction',
        querystring: TransactionHistoryQuery,
        response: { 200: TransactionHistoryReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await transactions.transactionHistory(
          db,
          requirePrincipal(request),
          request.query.companyId,
          request.query.bankTransactionId,
        ),
      ),
  );

  app.get(
    Endpoint.exportPrivateLost,
    {
      schema: {
        tags,
        summary: 'A printable PDF of the private and lost transactions',
        querystring: ExportPrivateLostQuery,
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const pdf = await exportPrivateLost(db, requirePrincipal(request), request.query, language);
      const name =
        language === 'no' ? 'private-og-tapte-transaksjoner.pdf' : 'private-and-lost-transactions.pdf';
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    Endpoint.importJob,
    {
      schema: {
        tags,
        summary: 'An import job: its layout, and its progress while it runs',
        params: ImportJobParams,
        querystring: ImportJobQuery,
        response: { 200: ImportJobReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await imports.getImportJob(
          db,
          requirePrincipal(request),
          request.query.companyId,
          request.params.jobId,
        ),
      ),
  );

  app.get(
    Endpoint.transactionDetail,
    {
      schema: {
        tags,
        summary: 'One transaction with its files and history',
        params: TransactionIdParams,
        querystring: TransactionCompanyQuery,
        response: { 200: TransactionDetailReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await transactions.transactionDetail(
          db,
          requirePrincipal(request),
          request.query.companyId,
          request.params.id,
        ),
      ),
  );

  app.post(
    Endpoint.addTransaction,
    {
      schema: {
        tags,
        summary: 'Add one transaction by hand',
        body: AddTransactionRequest,
        response: { 200: TransactionReply, ...errors },
      },
    },
    async (request) => ok(await transactions.addTransaction(db, requirePrincipal(request), request.body)),
  );

  app.post(
    Endpoint.addTransactionList,
    {
      schema: {
        tags,
        summary: 'Add several transactions; a list sent twice is stored once',
        body: AddTransactionListRequest,
        response: { 200: AddTransactionListReply, ...errors },
      },
    },
    async (request) => {
      const result = await transactions.addTransactions(db, requirePrincipal(request), request.body, false);
      return ok({ imported: result.inserted.length, duplicates: result.duplicates });
    },
  );

  app.post(
    Endpoint.importTransactions,
    {
      ...statementUpload,
      schema: {
        tags,
        summary: 'Import statement files of a known layout in one step (csv, xls, xlsx, camt.053)',
        consumes: ['multipart/form-data'],
        body: ImportFormFields,
        response: { 200: ImportFormReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await imports.importFiles(db, store, requirePrincipal(request), {
          ...request.body,
          files: spooledFiles(request),
          language: requestLanguage(request),
          afterImport,
          log: (error) => request.log.warn({ err: error }, 'bank import failed'),
        }),
      ),
  );

  app.post(
    Endpoint.importFileUpload,
    {
      ...statementUpload,
      schema: {
        tags,
        summary: 'Upload a statement file; answers with its detected layout and first rows',
        consumes: ['multipart/form-data'],
        body: ImportFileUploadFields,
        response: { 200: ImportJobReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await imports.uploadImportFile(db, store, requirePrincipal(request), {
          ...request.body,
          files: spooledFiles(request),
          language: requestLanguage(request),
        }),
      ),
  );

  app.post(
    Endpoint.readFileUpload,
    {
      schema: {
        tags,
        summary: 'How the rows of an uploaded file read with a column mapping, and which are refused',
        body: ReadFileUploadRequest,
        response: { 200: ReadFileUploadReply, ...errors },
      },
    },
    async (request) => ok(await imports.readFileUpload(db, store, requirePrincipal(request), request.body)),
  );

  app.post(
    Endpoint.importDataUpload,
    {
      schema: {
        tags,
        summary: 'Start importing an uploaded file; poll the job for progress and the result',
        body: ImportDataUploadRequest,
        response: { 200: ImportJobReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await imports.startImport(db, store, requirePrincipal(request), {
          ...request.body,
          language: requestLanguage(request),
          afterImport,
          log: (error) => request.log.warn({ err: error }, 'bank import failed'),
        }),
      ),
  );

  app.put(
    Endpoint.updateTransactionPayment,
    {
      schema: {
        tags,
        summary: 'Set the payment status and date of a transaction',
        params: TransactionIdParams,
        body: UpdatePaymentRequest,
        response: { 200: TransactionReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await transactions.updateTransaction(
          db,
          store,
          requirePrincipal(request),
          request.params.id,
          request.body,
          [],
        ),
      ),
  );

  app.put(
    Endpoint.updateTransactionStatus,
    {
      schema: {
        tags,
        summary: 'Set whether a transaction misses a voucher (1), is connected (2), private (3) or lost (4)',
        params: TransactionIdParams,
        body: UpdateTransactionStatusRequest,
        response: { 200: TransactionReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await transactions.updateTransaction(
          db,
          store,
          requirePrincipal(request),
          request.params.id,
          { ...request.body, isPrivate: request.body.status === 3 },
          [],
        ),
      ),
  );

  app.put(
    Endpoint.bulkUpdateTransactions,
    {
      schema: {
        tags,
        summary: 'Change several transactions at once',
        body: BulkUpdateTransactionsRequest,
        response: { 200: BulkUpdateReply, ...errors },
      },
    },
    async (request) => ok(await transactions.bulkUpdate(db, requirePrincipal(request), request.body)),
  );

  app.put(
    Endpoint.updateTransaction,
    {
      bodyLimit: 25 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Change payment status and date, private, note; attach files (multipart)',
        consumes: ['application/json', 'multipart/form-data'],
        params: TransactionIdParams,
        body: UpdateTransactionFields,
        response: { 200: TransactionReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await transactions.updateTransaction(
          db,
          store,
          requirePrincipal(request),
          request.params.id,
          request.body,
          uploadedFiles(request),
        ),
      ),
  );

  app.delete(
    Endpoint.deleteTransaction,
    {
      schema: {
        tags,
        summary: 'Delete a transaction',
        params: TransactionIdParams,
        querystring: TransactionCompanyQuery,
        response: { 200: EmptyReply, ...errors },
      },
    },
    async (request) => {
      await transactions.deleteTransaction(
        db,
        requirePrincipal(request),
        request.query.companyId,
        request.params.id,
      );
      return ok(null);
    },
  );

  app.get(
    Endpoint.bankImports,
    {
      schema: {
        tags: ['bankImport'],
        summary: 'The import history: who imported which file when, and what it added',
        querystring: BankImportQuery,
        response: { 200: BankImportListReply, ...errors },
      },
    },
    async (request) => ok(await imports.listImports(db, requirePrincipal(request), request.query)),
  );

  app.delete(
    Endpoint.deleteBankImport,
    {
      schema: {
        tags: ['bankImport'],
        summary: 'Undo an import: removes exactly the transactions and balances it added',
        params: BankImportIdParams,
        querystring: TransactionCompanyQuery,
        response: { 200: DeleteImportReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await imports.deleteImport(
          db,
          store,
          requirePrincipal(request),
          request.query.companyId,
          request.params.importId,
        ),
      ),
  );
};
