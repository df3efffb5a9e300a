export { VoucherTransactionsCard } from './VoucherTransactionsCard';
