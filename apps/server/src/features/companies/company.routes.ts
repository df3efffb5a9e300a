import {
  Endpoint,
  ErrorReply,
  GetCompanyParams,
  GetCompanyReply,
  ListCompaniesReply,
} from '@bilag/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requirePrincipal } from '../../platform/auth';
import { ok } from '../../platform/reply';
import { listCompanies, requireCompanyAccess } from './company.service';

const tags = ['companies'];
const errors = { 400: ErrorReply, 401: ErrorReply, 404: ErrorReply };

export const companyRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    Endpoint.listCompanies,
    {
      schema: {
        tags,
        summary: "The signed-in user's companies and qualifying owned companies",
        response: { 200: ListCompaniesReply, ...errors },
      },
    },
    async (request) => ok(await listCompanies(db, requirePrincipal(request).userId)),
  );

  app.get(
    Endpoint.getCompany,
    {
      schema: {
        tags,
        summary: 'One company the user may work in',
        params: GetCompanyParams,
        response: { 200: GetCompanyReply, ...errors },
      },
    },
    async (request) =>
      ok(await requireCompanyAccess(db, requirePrincipal(request).userId, request.params.companyId)),
  );
};
