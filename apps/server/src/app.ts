import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { authRoutes, isSessionActive } from './features/auth';
import { bankRoutes } from './features/banks';
import { companyRoutes } from './features/companies';
import { companyServiceRoutes, divisionRoutes } from './features/company-services';
import { companyUserRoutes } from './features/company-users';
import { consentRoutes } from './features/consents';
import { ehfReportRoutes, ehfRoutes, spamSupplierRoutes } from './features/ehf';
import { healthRoutes } from './features/health';
import { failInterruptedImports, importRoutes } from './features/imports';
import { inboxRoutes } from './features/inbox';
import { companyAddressOf, mailIntakeRoutes } from './features/mail-intake';
import { autoMatch, matchingRoutes, ruleRoutes } from './features/matching';
import { liveUpdateRoutes, notificationRoutes } from './features/notifications';
import { onboardingRoutes, settingsRoutes } from './features/onboarding';
import { paymentPackageRoutes } from './features/payment-packages';
import {
  internalTransferRoutes,
  paymentBasketRoutes,
  paymentFileRoutes,
  paymentReferenceRoutes,
  paymentRoutes,
  paymentUserRoutes,
  settlePaymentsOfImport,
} from './features/payments';
import { periodRoutes } from './features/periods';
import { reminderRoutes } from './features/reminders';
import { signingRoutes } from './features/signing';
import { statisticRoutes } from './features/statistics';
import { taskRoutes } from './features/tasks';
import { transactionRoutes } from './features/transactions';
import { createTutorialAccess, externalVideoOrigins, tutorialRoutes } from './features/tutorials';
import { voucherRoutes } from './features/vouchers';
import { createAccessTokens } from './platform/access-token';
import { getOrCreateTokenSigningKey } from './platform/app-settings';
import { authPlugin, OPENAPI_PREFIX } from './platform/auth';
import { answerFrameworkError, registerErrorHandler } from './platform/error-handler';
import { formDataPlugin } from './platform/form-data';
import { idempotencyPlugin } from './platform/idempotency';
import { jobRoutes } from './platform/jobs.routes';
import { languagePlugin } from './platform/language';
import { createLocalDiskStore, type ObjectStore } from './platform/object-store';
import { requireDeclaredRoutes } from './platform/route';
import { registerWebApp } from './platform/web-app';
import { createProviders, type Providers } from './providers';

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Where uploaded files go; local disk under the data folder unless given. */
  store?: ObjectStore;
  /** The outside parties; the clients of `config.providers` (the sandbox by default) unless given. */
  providers?: Providers;
};

/** Builds the whole product API from its feature modules; main.ts listens on it, tests inject into it. */
export async function buildApp({
  config,
  database,
  logger,
  store: givenStore,
  providers = createProviders(config.providers),
}: AppDependencies) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: ['req.headers.authorization', 'body.password'] },
    bodyLimit: 1024 * 1024,
    // Access tokens travel in the path of users/token/{token}.
    routerOptions: { maxParamLength: 4096 },
    // Only the configured proxies may name the client; trusting everyone lets a forged
    // X-Forwarded-For escape the per-address rate limit and sign-in lock.
    trustProxy: config.trustedProxies,
    genReqId: () => crypto.randomUUID(),
    // A URL the router cannot read never reaches the error handler; it answers in the envelope too.
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  requireDeclaredRoutes(app, OPENAPI_PREFIX);

  const { db } = database;
  const tokenSigningKey = config.jwtSecret ?? (await getOrCreateTokenSigningKey(db));
  const accessTokens = createAccessTokens(tokenSigningKey, config.accessTokenTtlSeconds);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:', config.sandboxUrl],
        objectSrc: ["'self'", 'blob:'],
        mediaSrc: ["'self'", ...externalVideoOrigins(config.tutorials)],
        connectSrc: ["'self'"],
        // TLS ends at the proxy in front of the product; plain-HTTP hosts must still load the app.
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
    // Signing runs in a popup that must keep its opener across the signing provider's and the bank's
    // pages; the pages those parties send the person back to opt out of isolation (web-app.ts).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // Every API reply is someone's books or session: no browser or proxy may keep a copy of it. A
  // route that must say more (a download's disposition, say) sets its own header over this one.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Bilag API',
        description: 'Bookkeeping and payments for Norwegian companies',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: OPENAPI_PREFIX, uiConfig: { docExpansion: 'list' } });
  await app.register(languagePlugin);
  await app.register(formDataPlugin);
  await app.register(idempotencyPlugin, { db });
  await app.register(authPlugin, {
    accessTokens,
    isSessionActive: (sessionId: string, userId: number) => isSessionActive(db, sessionId, userId),
  });

  await app.register(healthRoutes, { ping: database.ping });
  await app.register(authRoutes, {
    db,
    settings: {
      accessTokens,
      refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
      loginMaxFailures: config.loginMaxFailures,
      loginFailureWindowSeconds: config.loginFailureWindowSeconds,
      loginRequestsPerMinutePerIp: config.loginRequestsPerMinutePerIp,
    },
  });
  await app.register(companyRoutes, { db });
  await app.register(companyServiceRoutes, {
    db,
    providers,
    mailAddressOf: (alias: string) => companyAddressOf(alias, config.mailIntake.domain),
  });
  await app.register(divisionRoutes, { db });
  await app.register(companyUserRoutes, { db });
  const store = givenStore ?? createLocalDiskStore(path.join(config.dataDir, 'files'));
  await app.register(voucherRoutes, { db, store });
  await app.register(bankRoutes, { db });
  await app.register(transactionRoutes, { db, store });
  await app.register(importRoutes, {
    db,
    store,
    withinImport: settlePaymentsOfImport,
    afterImport: (importDb, companyId, userId, importId) =>
      autoMatch(importDb, companyId, userId, { importId }),
  });
  // Imports whose process stopped (their heartbeat with it) are failed as a process starts; the
  // running imports of other processes on the same database are left alone.
  app.addHook('onReady', () => failInterruptedImports(db));
  await app.register(matchingRoutes, { db });
  await app.register(ruleRoutes, { db });
  await app.register(paymentRoutes, { db });
  await app.register(internalTransferRoutes, { db });
  await app.register(paymentUserRoutes, { db });
  await app.register(paymentReferenceRoutes, { db });
  await app.register(paymentFileRoutes, { db });
  await app.register(paymentBasketRoutes, { db, providers, publicUrl: config.publicUrl });
  await app.register(signingRoutes, { db, providers, publicUrl: config.publicUrl });
  await app.register(consentRoutes, { db, providers, publicUrl: config.publicUrl });
  await app.register(onboardingRoutes, { db, providers, publicUrl: config.publicUrl });
  await app.register(settingsRoutes, { db, providers, mailDomain: config.mailIntake.domain });
  await app.register(notificationRoutes, { db });
  await app.register(mailIntakeRoutes, { db, mail: config.mailIntake });
  await app.register(liveUpdateRoutes, { database, maxStreamSeconds: config.accessTokenTtlSeconds });
  await app.register(inboxRoutes, { db });
  await app.register(spamSupplierRoutes, { db });
  await app.register(ehfRoutes, {
    db,
    store,
    providers,
    publicUrl: config.publicUrl,
    accessPointUrl: config.providers.peppol.url,
  });
  await app.register(ehfReportRoutes, { db, providers, store });
  await app.register(taskRoutes, { db, store });
  await app.register(periodRoutes, { db, store });
  await app.register(statisticRoutes, { db });
  await app.register(reminderRoutes, { db });
  await app.register(paymentPackageRoutes, { db, providers, publicUrl: config.publicUrl });
  await app.register(jobRoutes, { db });
  await app.register(tutorialRoutes, {
    access: createTutorialAccess(tokenSigningKey, config.tutorials),
    library: { directory: config.tutorials.directory, videoUrls: config.tutorials.videoUrls },
    passwordAttemptsPerMinute: config.tutorials.passwordAttemptsPerMinute,
  });
  await registerWebApp(app, config.webDistDir);
  return app;
}
