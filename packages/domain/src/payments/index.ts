export * from './country-currencies';
export * from './payment-check';
export * from './reason-codes';
