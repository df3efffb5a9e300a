export * from './health';
export * from './log';
