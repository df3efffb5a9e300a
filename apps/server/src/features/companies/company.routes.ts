import { getCompany, listCompanies } from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerRoute } from '../../platform/route';
import * as companies from './company.service';

export async function companyRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerRoute(app, listCompanies, (_input, { principal }) => companies.listCompanies(db, principal.userId));
  registerRoute(app, getCompany, ({ params }, { principal }) =>
    companies.requireCompanyAccess(db, principal.userId, params.companyId),
  );
}
