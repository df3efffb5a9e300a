export * from './camt053';
export * from './common';
export * from './pain001';
export * from './pain002';
