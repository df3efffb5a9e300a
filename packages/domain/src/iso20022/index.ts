export * from './camt053';
export type { AccountIdentification, CurrencyAmount, MessageName } from './common';
export * from './pain001';
export * from './pain002';
