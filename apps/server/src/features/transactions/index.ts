export {
  filterConditions,
  selectTransactionListings,
  type TransactionListing,
} from './transaction.repository';
export { transactionRoutes } from './transaction.routes';
export { markVoucherMissing, toTransaction } from './transaction.service';
