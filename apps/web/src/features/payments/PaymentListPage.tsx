import { PaymentListView } from './PaymentListView';

/** /payments/payment-list: the domestic payment list. */
export default function PaymentListPage() {
  return <PaymentListView kind="domestic" />;
}
