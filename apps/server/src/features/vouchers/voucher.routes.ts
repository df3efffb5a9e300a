import {
  addVoucherBalanceV2,
  addVouchersByWeb,
  adminVouchers,
  deleteVoucher,
  deleteVoucherList,
  fetchAllVouchers,
  fileDownload,
  listVouchers,
  registerMissing,
  removeVoucherBalanceV2,
  updateMissingByAddVoucher,
  updateVoucher,
  voucherBalance,
  voucherBalancesV2,
  voucherDetail,
  voucherLabels,
  voucherMissingSummary,
  voucherMonthAmounts,
  voucherStatistics,
  voucherYears,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { fastSerializerCompiler } from '../../platform/fast-serializer';
import { uploadedFiles } from '../../platform/form-data';
import type { ObjectStore } from '../../platform/object-store';
import { registerRoute } from '../../platform/route';
import * as vouchers from './voucher.service';

type Options = { db: Db; store: ObjectStore };

const UPLOAD_BODY_LIMIT = 25 * 1024 * 1024;

export async function voucherRoutes(app: FastifyInstance, { db, store }: Options) {
  registerRoute(
    app,
    listVouchers,
    ({ query }, { principal }) => vouchers.listVouchers(db, principal, query),
    {
      serializerCompiler: fastSerializerCompiler,
    },
  );
  registerRoute(app, fetchAllVouchers, ({ query }, { principal }) =>
    vouchers.listAllVouchers(db, principal, query),
  );
  registerRoute(
    app,
    voucherStatistics,
    async ({ query }, { principal }) => (await vouchers.getVoucherStatistics(db, principal, query)).counts,
  );
  registerRoute(
    app,
    voucherMonthAmounts,
    async ({ query }, { principal }) => (await vouchers.getVoucherStatistics(db, principal, query)).amounts,
  );
  registerRoute(app, voucherYears, ({ query }, { principal }) =>
    vouchers.listVoucherYears(db, principal, query.companyId),
  );
  registerRoute(app, voucherMissingSummary, ({ query }, { principal }) =>
    vouchers.getMissingSummary(db, principal, query),
  );
  registerRoute(app, adminVouchers, ({ query }) => vouchers.listAdminVouchers(db, query));
  registerRoute(app, voucherBalance, ({ query }, { principal }) =>
    vouchers.getVoucherBalances(db, principal, query.companyId, query.voucherId),
  );
  registerRoute(app, voucherBalancesV2, ({ params, query }, { principal }) =>
    vouchers.getVoucherBalances(db, principal, query.companyId, params.id),
  );
  registerRoute(app, addVoucherBalanceV2, ({ body }, { principal }) =>
    vouchers.addVoucherBalance(db, principal, body),
  );
  registerRoute(app, removeVoucherBalanceV2, ({ params, query }, { principal }) =>
    vouchers.removeVoucherBalance(db, principal, query.companyId, params.id, params.voucherBalanceId),
  );
  registerRoute(
    app,
    addVouchersByWeb,
    ({ body }, { principal, request }) =>
      vouchers.addVouchersByWeb(db, store, principal, { ...body, files: uploadedFiles(request) }),
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );
  registerRoute(
    app,
    registerMissing,
    ({ body }, { principal, request }) =>
      vouchers.registerMissingVoucher(db, store, principal, { ...body, files: uploadedFiles(request) }),
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );
  registerRoute(
    app,
    updateMissingByAddVoucher,
    ({ params, body }, { principal, request }) =>
      vouchers.registerMissingVoucher(db, store, principal, {
        ...body,
        bankTransactionId: params.id,
        files: uploadedFiles(request),
      }),
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );
  registerRoute(app, deleteVoucherList, ({ body }, { principal }) =>
    vouchers.deleteVouchers(db, principal, body.companyId, body.ids),
  );
  registerRoute(app, voucherLabels, ({ params }, { principal }) =>
    vouchers.listVoucherLabels(db, principal, params.companyId),
  );
  registerRoute(app, voucherDetail, ({ params, query }, { principal }) =>
    vouchers.getVoucherDetail(db, principal, query.companyId, params.id),
  );
  registerRoute(app, updateVoucher, ({ params, body }, { principal }) =>
    vouchers.updateVoucher(db, principal, params.id, body),
  );
  registerRoute(app, deleteVoucher, ({ params, query }, { principal }) =>
    vouchers.deleteVouchers(db, principal, query.companyId, [params.id]),
  );
  registerRoute(app, fileDownload, async ({ params, query }, { principal, reply }) => {
    const file = await vouchers.downloadFile(
      db,
      store,
      principal,
      query.companyId,
      params.fileId,
      query.variant,
    );
    return reply
      .type(file.mimeType)
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('cache-control', 'private, max-age=3600')
      .send(file.bytes);
  });
}
