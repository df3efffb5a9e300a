export { connectMissingFilter, connectMissingSearch } from './connect-missing.filter';
export { matchingKeys } from './matching.queries';
export { VoucherTransactionsCard } from './VoucherTransactionsCard';
