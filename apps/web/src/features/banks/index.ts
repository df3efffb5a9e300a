export { adminBankKeys } from './admin/bank-admin.queries';
export { companyBankKeys } from './bank.queries';
export { accountLabel } from './bank-account.format';
export { bankBalanceSearch } from './bank-balance.link';
