import {
  addPayment,
  addToPaymentList,
  addVoucherPayment,
  cancelPayment,
  deletePaymentList,
  duplicatePaymentCheck,
  getPayment,
  listPayments,
  localIbanInfo,
  paymentActions,
  paymentExists,
  paymentInfoByUuid,
  paymentStatistics,
  paymentsByUuid,
  paymentsOfVoucher,
  putPayment,
  removeVoucherPayment,
  unpaidEhfToPaymentList,
  updatePayment,
  updatePaymentStatuses,
  updateVoucherPaymentStatus,
  validatePayment,
  voucherPayment,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { fastSerializerCompiler } from '../../platform/fast-serializer';
import { registerRoute } from '../../platform/route';
import * as service from './payment.service';
import { paymentActionsOf } from './payment-access';

type Options = { db: Db };

export async function paymentRoutes(app: FastifyInstance, { db }: Options) {
  registerRoute(app, listPayments, ({ query }, { principal }) => service.listPayments(db, principal, query), {
    serializerCompiler: fastSerializerCompiler,
  });
  registerRoute(app, paymentStatistics, ({ query }, { principal }) =>
    service.paymentStatistics(db, principal, query),
  );
  registerRoute(app, paymentsOfVoucher, ({ query }, { principal }) =>
    service.paymentsOfVoucher(db, principal, query.companyId, query.voucherId),
  );
  registerRoute(app, paymentsByUuid, ({ query }, { principal }) =>
    service.paymentsByUuid(db, principal, query.companyId, query.paymentsUUID),
  );
  registerRoute(app, paymentInfoByUuid, ({ query }, { principal }) =>
    service.paymentInfoByUuid(db, principal, query.companyId, query.paymentsUUID),
  );
  registerRoute(app, paymentExists, ({ query }, { principal }) =>
    service.paymentExists(db, principal, query.companyId, query.voucherId),
  );
  registerRoute(app, localIbanInfo, ({ query }, { principal }) =>
    service.localIbanInfo(db, principal, query.companyId, query.iban),
  );
  registerRoute(app, addToPaymentList, ({ body }, { principal, request }) =>
    service.addToPaymentList(db, principal, request.language, body),
  );
  registerRoute(app, deletePaymentList, ({ body }, { principal, request }) =>
    service.deletePaymentList(db, principal, request.language, body),
  );
  registerRoute(app, cancelPayment, ({ params, body }, { principal, request }) =>
    service.cancelPayment(db, principal, request.language, params.id, body.companyId),
  );
  registerRoute(app, updatePayment, ({ params, body }, { principal, request }) =>
    service.updatePayment(db, principal, request.language, params.id, body),
  );
  registerRoute(app, putPayment, ({ params, body }, { principal, request }) =>
    service.updatePayment(db, principal, request.language, params.id, body),
  );
  registerRoute(app, updatePaymentStatuses, ({ body }, { principal, request }) =>
    service.updatePaymentStatuses(db, principal, request.language, body),
  );
  registerRoute(app, duplicatePaymentCheck, ({ query }, { principal }) =>
    service.duplicatePaymentCheck(db, principal, query),
  );
  registerRoute(app, validatePayment, ({ body }, { principal, request }) =>
    service.validatePayment(db, principal, request.language, body),
  );
  registerRoute(app, addPayment, ({ body }, { principal, request }) =>
    service.addPayment(db, principal, request.language, body),
  );
  registerRoute(app, getPayment, ({ params, query }, { principal }) =>
    service.getPayment(db, principal, query.companyId, params.id),
  );
  registerRoute(app, voucherPayment, ({ query }, { principal }) =>
    service.voucherPayment(db, principal, query.companyId, query.voucherId),
  );
  registerRoute(app, addVoucherPayment, ({ body }, { principal, request }) =>
    service.addToPaymentList(db, principal, request.language, {
      companyId: body.companyId,
      voucherIds: [body.voucherId],
      confirmDuplicate: body.confirmDuplicate,
    }),
  );
  registerRoute(app, removeVoucherPayment, ({ body }, { principal, request }) =>
    service.removeVoucherPayment(db, principal, request.language, body),
  );
  registerRoute(app, updateVoucherPaymentStatus, ({ body }, { principal, request }) =>
    service.updateVoucherPaymentStatus(db, principal, request.language, body),
  );
  registerRoute(app, unpaidEhfToPaymentList, ({ params, body }, { principal, request }) =>
    service.unpaidEhfToPaymentList(db, principal, request.language, params.companyId, body.confirmDuplicate),
  );
  registerRoute(app, paymentActions, ({ params }, { principal }) =>
    paymentActionsOf(db, principal, params.companyId),
  );
}
