export { adminBankKeys } from './admin/bank-admin.queries';
export { companyBankKeys } from './bank.queries';
