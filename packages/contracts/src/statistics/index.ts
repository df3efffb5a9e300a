export * from './statistic';
