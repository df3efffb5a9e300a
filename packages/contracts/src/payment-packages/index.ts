export * from './card';
export * from './payment-package';
