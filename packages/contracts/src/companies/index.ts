export * from './company';
export * from './get-company';
export * from './list-companies';
