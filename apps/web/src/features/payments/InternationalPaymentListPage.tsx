import { PaymentListView } from './PaymentListView';

/** /payments/payment-list/international: payments abroad and in other currencies. */
export default function InternationalPaymentListPage() {
  return <PaymentListView kind="international" />;
}
