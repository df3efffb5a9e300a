/**
 * Where each backend of the catalogue lives. One server hosts them all, each under its own prefix.
 */
export const ApiPrefix = {
  account: '/api/account',
  main: '/api/main',
  consent: '/api/consent',
  ehf: '/api/ehf',
  mail: '/api/mail',
  task: '/api/task',
  statistic: '/api/statistic',
  log: '/api/log',
} as const;
