export * from './mail';
