export { formatCreditorAccount, paymentReference, paymentStatusColors } from './payment.format';
export { paymentKeys } from './payment.queries';
export { useCancelBasketMutation } from './signing/basket.mutations';
export { basketKeys } from './signing/basket.queries';
