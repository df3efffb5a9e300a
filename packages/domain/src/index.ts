export * from './money/decimal';
