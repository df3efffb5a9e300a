export { PrivateSwitch } from './PrivateSwitch';
export { transactionListSearch } from './transaction.filter';
export { MAX_NOTE_LENGTH } from './transaction.form';
export { accountLabel, accountNameOf } from './transaction.format';
export { useRefreshTransactions } from './transaction.mutations';
export { transactionKeys } from './transaction.queries';
