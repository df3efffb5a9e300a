import {
  AddVoucherBalanceRequest,
  AddVouchersByWebFields,
  AddVouchersByWebReply,
  AdminVoucherFilter,
  AdminVouchersReply,
  CompanyIdQuery,
  CompanyYearQuery,
  DeleteVoucherListRequest,
  DeleteVouchersReply,
  Endpoint,
  ErrorReply,
  FetchAllVouchersReply,
  FileDownloadParams,
  FileDownloadQuery,
  ListVouchersReply,
  MissingSummaryReply,
  RegisterMissingFields,
  RegisterMissingReply,
  RemoveVoucherBalanceParams,
  TransactionIdPathParams,
  UpdateMissingByAddVoucherFields,
  UpdateVoucherRequest,
  VoucherBalanceQuery,
  VoucherBalancesReply,
  VoucherDetailReply,
  VoucherFilter,
  VoucherIdParams,
  VoucherLabelsParams,
  VoucherLabelsReply,
  VoucherMonthAmountsReply,
  VoucherReply,
  VoucherStatisticsReply,
  VoucherYearsReply,
} from '@bilag/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requireAdmin, requirePrincipal } from '../../platform/auth';
import { fastSerializerCompiler } from '../../platform/fast-serializer';
import { uploadedFiles } from '../../platform/form-data';
import type { ObjectStore } from '../../platform/object-store';
import { ok } from '../../platform/reply';
import * as vouchers from './voucher.service';

type Options = { db: Db; store: ObjectStore };

const tags = ['vouchers'];
const errors = {
  400: ErrorReply,
  401: ErrorReply,
  403: ErrorReply,
  404: ErrorReply,
  409: ErrorReply,
  413: ErrorReply,
  415: ErrorReply,
};

export const voucherRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, store }) => {
  app.get(
    Endpoint.listVouchers,
    {
      schema: {
        tags,
        summary: 'Vouchers of a company, filtered, sorted and paged',
        querystring: VoucherFilter,
        response: { 200: ListVouchersReply, ...errors },
      },
      serializerCompiler: fastSerializerCompiler,
    },
    async (request) => ok(await vouchers.listVouchers(db, requirePrincipal(request), request.query)),
  );

  app.get(
    Endpoint.fetchAllVouchers,
    {
      schema: {
        tags,
        summary: 'Every voucher matching the filter, unpaged (bounded)',
        querystring: VoucherFilter,
        response: { 200: FetchAllVouchersReply, ...errors },
      },
    },
    async (request) => ok(await vouchers.fetchAllVouchers(db, requirePrincipal(request), request.query)),
  );

  app.get(
    Endpoint.voucherStatistics,
    {
      schema: {
        tags,
        summary: 'Voucher counts per month of a year, and the total',
        querystring: CompanyYearQuery,
        response: { 200: VoucherStatisticsReply, ...errors },
      },
    },
    async (request) =>
      ok((await vouchers.voucherStatistics(db, requirePrincipal(request), request.query)).counts),
  );

  app.get(
    Endpoint.voucherMonthAmounts,
    {
      schema: {
        tags,
        summary: 'Voucher amounts (øre) per month of a year, and the total',
        querystring: CompanyYearQuery,
        response: { 200: VoucherMonthAmountsReply, ...errors },
      },
    },
    async (request) =>
      ok((await vouchers.voucherStatistics(db, requirePrincipal(request), request.query)).amounts),
  );

  app.get(
    Endpoint.voucherYears,
    {
      schema: {
        tags,
        summary: 'Years that have vouchers, newest first',
        querystring: CompanyIdQuery,
        response: { 200: VoucherYearsReply, ...errors },
      },
    },
    async (request) =>
      ok(await vouchers.voucherYears(db, requirePrincipal(request), request.query.companyId)),
  );

  app.get(
    Endpoint.voucherMissingSummary,
    {
      schema: {
        tags,
        summary: 'How many vouchers lack a date, amount or supplier, or are overdue',
        querystring: CompanyYearQuery,
        response: { 200: MissingSummaryReply, ...errors },
      },
    },
    async (request) => ok(await vouchers.missingSummary(db, requirePrincipal(request), request.query)),
  );

  app.get(
    Endpoint.adminVouchers,
    {
      schema: {
        tags,
        summary: 'Vouchers across all companies (administrators)',
        querystring: AdminVoucherFilter,
        response: { 200: AdminVouchersReply, ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      return ok(await vouchers.listAdminVouchers(db, request.query));
    },
  );

  app.get(
    Endpoint.voucherBalance,
    {
      schema: {
        tags,
        summary: 'The parts of a voucher amount and the rest',
        querystring: VoucherBalanceQuery,
        response: { 200: VoucherBalancesReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await vouchers.getVoucherBalances(
          db,
          requirePrincipal(request),
          request.query.companyId,
          request.query.voucherId,
        ),
      ),
  );

  app.get(
    Endpoint.voucherBalancesV2,
    {
      schema: {
        tags,
        summary: 'The parts of a voucher amount and the rest',
        params: VoucherIdParams,
        querystring: CompanyIdQuery,
        response: { 200: VoucherBalancesReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await vouchers.getVoucherBalances(
          db,
          requirePrincipal(request),
          request.query.companyId,
          request.params.id,
        ),
      ),
  );

  app.post(
    Endpoint.addVoucherBalanceV2,
    {
      schema: {
        tags,
        summary: 'Add a part of a voucher amount',
        body: AddVoucherBalanceRequest,
        response: { 200: VoucherBalancesReply, ...errors },
      },
    },
    async (request) => ok(await vouchers.addVoucherBalance(db, requirePrincipal(request), request.body)),
  );

  app.post(
    Endpoint.removeVoucherBalanceV2,
    {
      schema: {
        tags,
        summary: 'Remove a part of a voucher amount',
        params: RemoveVoucherBalanceParams,
        querystring: CompanyIdQuery,
        response: { 200: VoucherBalancesReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await vouchers.removeVoucherBalance(
          db,
          requirePrincipal(request),
          request.query.companyId,
          request.params.id,
          request.params.voucherBalanceId,
        ),
      ),
  );

  app.post(
    Endpoint.addVouchersByWeb,
    {
      bodyLimit: 25 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Upload receipts and invoices (jpg, png, pdf); one voucher per file',
        consumes: ['multipart/form-data'],
        body: AddVouchersByWebFields,
        response: { 200: AddVouchersByWebReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await vouchers.addVouchersByWeb(db, store, requirePrincipal(request), {
          ...request.body,
          files: uploadedFiles(request),
        }),
      ),
  );

  app.post(
    Endpoint.registerMissing,
    {
      bodyLimit: 25 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Register that the voucher of a bank transaction is missing, or that it is private',
        consumes: ['multipart/form-data', 'application/json'],
        body: RegisterMissingFields,
        response: { 200: RegisterMissingReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await vouchers.registerMissingVoucher(db, store, requirePrincipal(request), {
          ...request.body,
          files: uploadedFiles(request),
        }),
      ),
  );

  app.put(
    Endpoint.updateMissingByAddVoucher,
    {
      bodyLimit: 25 * 1024 * 1024,
      schema: {
        tags: ['transactions'],
        summary:
          'Register that the voucher of a bank transaction is missing, or that it is private (with files)',
        consumes: ['multipart/form-data', 'application/json'],
        params: TransactionIdPathParams,
        body: UpdateMissingByAddVoucherFields,
        response: { 200: RegisterMissingReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await vouchers.registerMissingVoucher(db, store, requirePrincipal(request), {
          ...request.body,
          bankTransactionId: request.params.id,
          files: uploadedFiles(request),
        }),
      ),
  );

  app.post(
    Endpoint.deleteVoucherList,
    {
      schema: {
        tags,
        summary: 'Delete several vouchers (kept for retention, hidden from lists)',
        body: DeleteVoucherListRequest,
        response: { 200: DeleteVouchersReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await vouchers.deleteVouchers(
          db,
          requirePrincipal(request),
          request.body.companyId,
          request.body.ids,
        ),
      ),
  );

  app.get(
    Endpoint.voucherLabels,
    {
      schema: {
        tags,
        summary: 'Labels used on the company vouchers, most used first',
        params: VoucherLabelsParams,
        response: { 200: VoucherLabelsReply, ...errors },
      },
    },
    async (request) =>
      ok(await vouchers.voucherLabels(db, requirePrincipal(request), request.params.companyId)),
  );

  app.get(
    Endpoint.voucherDetail,
    {
      schema: {
        tags,
        summary: 'One voucher with its files and history',
        params: VoucherIdParams,
        querystring: CompanyIdQuery,
        response: { 200: VoucherDetailReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await vouchers.getVoucherDetail(
          db,
          requirePrincipal(request),
          request.query.companyId,
          request.params.id,
        ),
      ),
  );

  app.put(
    Endpoint.updateVoucher,
    {
      schema: {
        tags,
        summary: 'Change the fields of a voucher',
        params: VoucherIdParams,
        body: UpdateVoucherRequest,
        response: { 200: VoucherReply, ...errors },
      },
    },
    async (request) =>
      ok(await vouchers.updateVoucher(db, requirePrincipal(request), request.params.id, request.body)),
  );

  app.delete(
    Endpoint.deleteVoucher,
    {
      schema: {
        tags,
        summary: 'Delete a voucher (kept for retention, hidden from lists)',
        params: VoucherIdParams,
        querystring: CompanyIdQuery,
        response: { 200: DeleteVouchersReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await vouchers.deleteVouchers(db, requirePrincipal(request), request.query.companyId, [
          request.params.id,
        ]),
      ),
  );

  app.get(
    Endpoint.fileDownload,
    {
      schema: {
        tags: ['files'],
        summary: 'A stored file (or its thumbnail), shown inline',
        params: FileDownloadParams,
        querystring: FileDownloadQuery,
      },
    },
    async (request, reply) => {
      const file = await vouchers.downloadFile(
        db,
        store,
        requirePrincipal(request),
        request.query.companyId,
        request.params.fileId,
        request.query.variant,
      );
      return reply
        .type(file.mimeType)
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('cache-control', 'private, max-age=3600')
        .send(file.bytes);
    },
  );
};
