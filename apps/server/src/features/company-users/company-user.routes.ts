import {
  acceptInvitation,
  changeCompanyUserRole,
  findUsers,
  getCompanyOwner,
  getInvitation,
  inviteCompanyUser,
  listAccountants,
  listCompanyUsers,
  removeCompanyUser,
  setResponsibleAccountant,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerRoute } from '../../platform/route';
import * as service from './company-user.service';

/** Guessing invitation secrets is hopeless (256 bits); the limit keeps the Argon2 work of accepting bounded. */
const invitationRate = { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } };

/** The people of a company: members, invitations, roles, the responsible accountant, and the bureau's accountants. */
export async function companyUserRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerRoute(app, listCompanyUsers, ({ query }, { principal }) =>
    service.listCompanyUsers(db, principal, query),
  );
  registerRoute(app, inviteCompanyUser, ({ body }, { principal }) =>
    service.inviteCompanyUser(db, principal, body),
  );
  registerRoute(app, changeCompanyUserRole, (input, { principal }) =>
    service.changeCompanyUserRole(db, principal, input),
  );
  registerRoute(app, removeCompanyUser, (input, { principal }) =>
    service.removeCompanyUser(db, principal, input),
  );
  registerRoute(app, setResponsibleAccountant, ({ body }, { principal }) =>
    service.setResponsibleAccountant(db, principal, body),
  );
  registerRoute(app, getCompanyOwner, ({ query }, { principal }) =>
    service.getCompanyOwner(db, principal, query.companyId),
  );
  registerRoute(app, findUsers, ({ query }, { principal }) => service.findUsers(db, principal, query));
  registerRoute(app, listAccountants, ({ query }, { principal }) =>
    service.listAccountants(db, principal, query),
  );
  registerRoute(app, getInvitation, ({ body }) => service.getInvitation(db, body.token), invitationRate);
  registerRoute(app, acceptInvitation, ({ body }) => service.acceptInvitation(db, body), invitationRate);
}
