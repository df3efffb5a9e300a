import { isIP } from 'node:net';
import path from 'node:path';
import type { TutorialName } from '@bilag/contracts';
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

/** The address a tutorial video is played from instead of its built-in recording. */
const TutorialVideoUrl = z
  .string()
  .url()
  .refine((url) => /^https?:\/\//.test(url), { message: 'an http or https address' })
  .optional();

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
  MAIL_INTAKE_PORT: z.coerce.number().int().min(0).max(65535).default(2526),
  MAIL_INTAKE_HOST: z.string().min(1).default('0.0.0.0'),
  MAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/,
      'a domain name such as inbox.example.no',
    )
    .default('inbox.bilag.local'),
  PUBLIC_URL: z.string().url().optional(),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  BANK_DNB_URL: z.string().url().optional(),
  BANK_SPAREBANK1_URL: z.string().url().optional(),
  BANK_HANDELSBANKEN_URL: z.string().url().optional(),
  SIGNING_URL: z.string().url().optional(),
  SIGNING_CLIENT_ID: z.string().min(1).default('bilag'),
  SIGNING_CLIENT_SECRET: z.string().min(1).default('sandbox-signing-secret'),
  BANK_AUTHORISATION_URL: z.string().url().optional(),
  BANK_AUTHORISATION_API_KEY: z.string().min(1).default('sandbox-bank-authorisation-key'),
  ONBOARDING_URL: z.string().url().optional(),
  ONBOARDING_API_KEY: z.string().min(1).default('sandbox-onboarding-key'),
  CARD_URL: z.string().url().optional(),
  CARD_SECRET_KEY: z.string().min(1).default('sk_test_sandbox'),
  CARD_WEBHOOK_SECRET: z.string().min(16).default('whsec_sandbox_card_webhooks'),
  PEPPOL_URL: z.string().url().optional(),
  PEPPOL_API_KEY: z.string().min(1).default('sandbox-peppol-key'),
  PEPPOL_WEBHOOK_SECRET: z.string().min(16).default('sandbox-peppol-webhook-secret'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Bilag <no-reply@bilag.local>'),
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
  TUTORIAL_PASSWORD: z
    .string()
    .min(1)
    .max(200)
    // The prompt leaves spaces out of what is typed, so a password with one could never be entered.
    .refine((password) => !/\s/.test(password), { message: 'a password without spaces' })
    .default('bilag-demo'),
  TUTORIAL_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  TUTORIAL_PASSWORD_ATTEMPTS_PER_MINUTE: z.coerce.number().int().positive().default(10),
  TUTORIALS_DIR: z.string().optional(),
  TUTORIAL_VIDEO_URL_OVERVIEW: TutorialVideoUrl,
  TUTORIAL_VIDEO_URL_ANDROID: TutorialVideoUrl,
  TUTORIAL_VIDEO_URL_PAY_DNB_ANDROID: TutorialVideoUrl,
  TUTORIAL_VIDEO_URL_PAY_SP1_ANDROID: TutorialVideoUrl,
  TUTORIAL_VIDEO_URL_INVOICE_WEB: TutorialVideoUrl,
  TRUSTED_PROXIES: TrustedProxies,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).optional(),
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
  /** The product's own SMTP listener for forwarded receipts, and the domain of the companies' addresses. */
  mailIntake: { host: string; port: number; domain: string };
  /** Where people reach the product; the parties send them back here after their pages. */
  publicUrl: string;
  /** The outside parties, each by its own URL and credentials (the sandbox unless configured). */
  providers: ProviderSettings;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  loginMaxFailures: number;
  loginFailureWindowSeconds: number;
  loginRequestsPerMinutePerIp: number;
  tutorials: TutorialSettings;
  /** Addresses and CIDRs of the proxies in front; empty trusts none. */
  trustedProxies: string[];
  logLevel: string;
  webDistDir: string;
  seedDemoData: boolean;
  /** Background jobs run side by side in this process; unset, the database decides (main.ts). */
  jobConcurrency: number | undefined;
};

/** The tutorial video pages: one shared password, and addresses that replace built-in recordings. */
export type TutorialSettings = {
  password: string;
  tokenTtlSeconds: number;
  passwordAttemptsPerMinute: number;
  /** The built-in recordings and their captions (scripts/record-tutorials.ts makes them). */
  directory: string;
  videoUrls: Partial<Record<TutorialName, string>>;
};

export type ProviderSettings = {
  timeoutMs: number;
  /** NextGenPSD2 base URL per bank group of the registry. */
  bankUrls: { dnb: string; sparebank1: string; handelsbanken: string };
  signing: { url: string; clientId: string; clientSecret: string };
  bankAuthorisation: { url: string; apiKey: string };
  /** The payment service's company onboarding. */
  onboarding: { url: string; apiKey: string };
  card: { url: string; secretKey: string; webhookSecret: string };
  peppol: { url: string; apiKey: string; webhookSecret: string };
  mail: { smtpUrl: string; from: string };
};

const repositoryRoot = path.resolve(serverRoot, '../..');

function withoutUnset(urls: Record<TutorialName, string | undefined>): Partial<Record<TutorialName, string>> {
  return Object.fromEntries(Object.entries(urls).filter(([, url]) => url !== undefined));
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Environment.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  const sandboxUrl = env.SANDBOX_URL ?? `http://127.0.0.1:${env.SANDBOX_PORT}`;
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    sandboxPort: env.SANDBOX_PORT,
    sandboxUrl,
    startSandbox: env.START_SANDBOX,
    smtpPort: env.SMTP_PORT,
    mailIntake: { host: env.MAIL_INTAKE_HOST, port: env.MAIL_INTAKE_PORT, domain: env.MAIL_DOMAIN },
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    providers: {
      timeoutMs: env.PROVIDER_TIMEOUT_MS,
      bankUrls: {
        dnb: env.BANK_DNB_URL ?? `${sandboxUrl}/psd2/dnb`,
        sparebank1: env.BANK_SPAREBANK1_URL ?? `${sandboxUrl}/psd2/sparebank1`,
        handelsbanken: env.BANK_HANDELSBANKEN_URL ?? `${sandboxUrl}/psd2/handelsbanken`,
      },
      signing: {
        url: env.SIGNING_URL ?? `${sandboxUrl}/signing`,
        clientId: env.SIGNING_CLIENT_ID,
        clientSecret: env.SIGNING_CLIENT_SECRET,
      },
      bankAuthorisation: {
        url: env.BANK_AUTHORISATION_URL ?? `${sandboxUrl}/bank-authorisation`,
        apiKey: env.BANK_AUTHORISATION_API_KEY,
      },
      onboarding: {
        url: env.ONBOARDING_URL ?? `${sandboxUrl}/onboarding`,
        apiKey: env.ONBOARDING_API_KEY,
      },
      card: {
        url: env.CARD_URL ?? `${sandboxUrl}/card`,
        secretKey: env.CARD_SECRET_KEY,
        webhookSecret: env.CARD_WEBHOOK_SECRET,
      },
      peppol: {
        url: env.PEPPOL_URL ?? `${sandboxUrl}/peppol`,
        apiKey: env.PEPPOL_API_KEY,
        webhookSecret: env.PEPPOL_WEBHOOK_SECRET,
      },
      mail: { smtpUrl: env.SMTP_URL ?? `smtp://127.0.0.1:${env.SMTP_PORT}`, from: env.MAIL_FROM },
    },
    jwtSecret: env.JWT_SECRET,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
    loginMaxFailures: env.LOGIN_MAX_FAILURES,
    loginFailureWindowSeconds: env.LOGIN_FAILURE_WINDOW_SECONDS,
    loginRequestsPerMinutePerIp: env.LOGIN_REQUESTS_PER_MINUTE_PER_IP,
    tutorials: {
      password: env.TUTORIAL_PASSWORD,
      tokenTtlSeconds: env.TUTORIAL_TOKEN_TTL_SECONDS,
      passwordAttemptsPerMinute: env.TUTORIAL_PASSWORD_ATTEMPTS_PER_MINUTE,
      directory: path.resolve(env.TUTORIALS_DIR ?? path.join(serverRoot, 'tutorials')),
      videoUrls: withoutUnset({
        overview: env.TUTORIAL_VIDEO_URL_OVERVIEW,
        android: env.TUTORIAL_VIDEO_URL_ANDROID,
        'pay-dnb-android': env.TUTORIAL_VIDEO_URL_PAY_DNB_ANDROID,
        'pay-sp1-android': env.TUTORIAL_VIDEO_URL_PAY_SP1_ANDROID,
        'invoice-web': env.TUTORIAL_VIDEO_URL_INVOICE_WEB,
      }),
    },
    trustedProxies: env.TRUSTED_PROXIES,
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repositoryRoot, 'apps/web/dist')),
    seedDemoData: env.SEED_DEMO_DATA,
    jobConcurrency: env.JOB_CONCURRENCY,
  };
}
