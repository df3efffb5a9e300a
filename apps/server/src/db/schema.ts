export * from '../features/auth/session.table';
export * from '../features/auth/user.table';
export * from '../features/banks/bank.table';
export * from '../features/companies/company.table';
export * from '../features/files/stored-file.table';
export * from '../features/vouchers/voucher.table';
export * from '../platform/app-setting.table';
export * from '../platform/audit.table';
