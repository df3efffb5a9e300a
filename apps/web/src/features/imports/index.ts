export { BankImportHistory } from './BankImportHistory';
export { importDocumentSearch } from './import-document.link';
