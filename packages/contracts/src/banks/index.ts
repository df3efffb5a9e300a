export * from './bank';
export * from './import';
export * from './transaction';
