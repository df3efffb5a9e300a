export * from './tutorial';
