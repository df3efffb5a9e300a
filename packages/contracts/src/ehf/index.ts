export * from './ehf';
export * from './reports';
export * from './spam';
