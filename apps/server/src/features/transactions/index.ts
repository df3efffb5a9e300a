export { filterConditions, TRANSACTION_FILE_OWNER, type TransactionListing } from './transaction.repository';
export { transactionRoutes } from './transaction.routes';
export { markVoucherMissing, toTransaction } from './transaction.service';
