export * from './reminder';
