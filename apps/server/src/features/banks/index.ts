export { bankRoutes } from './bank.routes';
export { failInterruptedImports } from './import.service';
export { transactionRoutes } from './transaction.routes';
export { markVoucherMissing } from './transaction.service';
