export * from './matching';
export * from './rule';
export * from './summary';
