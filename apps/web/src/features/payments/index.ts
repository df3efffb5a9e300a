export { formatCreditorAccount, paymentReference, paymentStatusColors } from './payment.format';
export { paymentKeys } from './payment.queries';
