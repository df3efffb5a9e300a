export * from './add-transactions';
export * from './change-transactions';
export * from './export-private-lost';
export * from './list-transactions';
export * from './transaction';
export * from './transaction-detail';
export * from './transaction-statistics';
