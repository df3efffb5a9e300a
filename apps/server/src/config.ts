import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { serverRoot } from './paths';

/** The named address sets the proxy-address matcher knows besides addresses and CIDRs. */
const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The peers whose X-Forwarded-For is believed. Anyone else's header is ignored, since a forged one
 * would give each request a new address and escape the per-address limits.
 */
const TrustedProxies = z
  .string()
  // Loopback only: `npm start` alone and a proxy on the same machine both work out of the box.
  .default('loopback')
  .transform((text) =>
    text
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  )
  .refine((entries) => entries.every(isProxyAddress), {
    message: 'list addresses or CIDRs (or loopback, linklocal, uniquelocal), separated by commas',
  });

const Environment = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  SANDBOX_URL: z.string().url().optional(),
  START_SANDBOX: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 24 * 30),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  LOGIN_REQUESTS_PER_MINUTE_PER_IP: z.coerce.number().int().positive().default(30),
  TRUSTED_PROXIES: TrustedProxies,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  SEED_DEMO_DATA: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((value) => value === '1' || value === 'true'),
});

export type Config = {
  nodeEnv: 'development' | 'test' | 'production';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sandboxPort: number;
  sandboxUrl: string;
  startSandbox: boolean;
  smtpPort: number;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  loginMaxFailures: number;
  loginFailureWindowSeconds: number;
  loginRequestsPerMinutePerIp: number;
  /** Addresses and CIDRs of the proxies in front; empty trusts none. */
  trustedProxies: string[];
  logLevel: string;
  webDistDir: string;
  seedDemoData: boolean;
};

const repositoryRoot = path.resolve(serverRoot, '../..');

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Environment.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    sandboxPort: env.SANDBOX_PORT,
    sandboxUrl: env.SANDBOX_URL ?? `http://127.0.0.1:${env.SANDBOX_PORT}`,
    startSandbox: env.START_SANDBOX,
    smtpPort: env.SMTP_PORT,
    jwtSecret: env.JWT_SECRET,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
    loginMaxFailures: env.LOGIN_MAX_FAILURES,
    loginFailureWindowSeconds: env.LOGIN_FAILURE_WINDOW_SECONDS,
    loginRequestsPerMinutePerIp: env.LOGIN_REQUESTS_PER_MINUTE_PER_IP,
    trustedProxies: env.TRUSTED_PROXIES,
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repositoryRoot, 'apps/web/dist')),
    seedDemoData: env.SEED_DEMO_DATA,
  };
}
