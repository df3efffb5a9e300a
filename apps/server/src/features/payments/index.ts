export { internalTransferRoutes } from './internal-transfer.routes';
export { newEndToEndId } from './payment.mapping';
export { paymentRoutes } from './payment.routes';
export { type PaymentAccess, requirePaymentAccess, requirePaymentsCompany } from './payment-access';
export { lockBasketsOfPayments, setPaymentsBasket } from './payment-basket.repository';
export { paymentBasketRoutes } from './payment-basket.routes';
export {
  type BasketApprovalInput,
  type BasketToSign,
  recordBasketApproval,
  requireBasketToSign,
} from './payment-basket.service';
export { paymentFileRoutes } from './payment-file.routes';
export { paymentJobs } from './payment-jobs';
export { paymentReferenceRoutes } from './payment-reference.routes';
export { type Settlement, settlePaymentsOfImport } from './payment-settlement.service';
export { changePaymentStatus, lockPayments, paymentStatusName } from './payment-status';
export { deleteVerifiedAccounts, saveVerifiedAccounts } from './payment-user.repository';
export { paymentUserRoutes } from './payment-user.routes';
