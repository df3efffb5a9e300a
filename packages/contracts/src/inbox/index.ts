export * from './inbox';
