import { getOnboarding, startOnboarding } from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { appOriginOf } from '../../platform/app-origin';
import { registerRoute } from '../../platform/route';
import type { Providers } from '../../providers';
import * as service from './onboarding.service';

type Options = { db: Db; providers: Providers; publicUrl: string };

/** The company's onboarding with the payment service: where it stands, and starting it. */
export async function onboardingRoutes(app: FastifyInstance, { db, providers, publicUrl }: Options) {
  const dependencies = { db, providers };
  registerRoute(app, getOnboarding, ({ params }, { principal }) =>
    service.getOnboarding(dependencies, principal, params.companyId),
  );
  registerRoute(app, startOnboarding, ({ params }, { principal, request }) =>
    service.startOnboarding(dependencies, principal, params.companyId, {
      returnOrigin: appOriginOf(request, publicUrl),
      language: request.language,
    }),
  );
}
