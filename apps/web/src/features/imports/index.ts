export { BankImportHistory } from './BankImportHistory';
