export * from './health';
export * from './jobs';
export * from './log';
