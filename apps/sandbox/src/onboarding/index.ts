import type { FastifyPluginAsync } from 'fastify';
import type { SandboxContext } from '../platform/context';
import { onboardingApi } from './api';
import { createOnboardingStore } from './onboardings';
import { onboardingPages } from './pages';

export { onboardingCompaniesSection } from './pages';

/** The payment service's company onboarding: its API (X-Api-Key, JSON) and the sign page. */
export const onboardingParty: FastifyPluginAsync<SandboxContext> = async (app, context) => {
  const onboardings = createOnboardingStore(context);
  await app.register(onboardingApi(onboardings), context);
  await app.register(onboardingPages(onboardings), context);
};
