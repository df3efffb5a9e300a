import { getCompanySettings } from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerRoute } from '../../platform/route';
import type { Providers } from '../../providers';
import { companySettings } from './settings.service';

type Options = { db: Db; providers: Providers; mailDomain: string };

/** The settings page: the company's setup steps and what is left to do. */
export async function settingsRoutes(app: FastifyInstance, { db, providers, mailDomain }: Options) {
  registerRoute(app, getCompanySettings, ({ params }, { principal, request }) =>
    companySettings(
      { db, providers, mailDomain },
      principal,
      params.companyId,
      request.language,
      request.log,
    ),
  );
}
