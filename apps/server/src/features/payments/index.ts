export { internalTransferRoutes } from './internal-transfer.routes';
export { newEndToEndId } from './payment.mapping';
export { paymentRoutes } from './payment.routes';
export { paymentFileRoutes } from './payment-file.routes';
export { paymentReferenceRoutes } from './payment-reference.routes';
export { type Settlement, settlePaymentsOfImport } from './payment-settlement.service';
export { paymentUserRoutes } from './payment-user.routes';
