export * from './learn';
export * from './match';
export * from './rules';
export * from './tokens';
