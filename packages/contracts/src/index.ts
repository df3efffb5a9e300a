export * from './auth';
export * from './companies';
export * from './endpoints';
export * from './envelope';
export * from './errors';
export * from './language';
export * from './platform';
export * from './roles';
