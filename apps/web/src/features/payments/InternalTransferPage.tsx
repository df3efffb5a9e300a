import { PaymentListView } from './PaymentListView';

/** /payments/internal-transfer: transfers between the company's own accounts, newest first. */
export default function InternalTransferPage() {
  return <PaymentListView kind="transfers" />;
}
