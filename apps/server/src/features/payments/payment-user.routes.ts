import {
  addPaymentUser,
  assignableUsers,
  listPaymentUsers,
  myVerifiedPaymentBanks,
  removePaymentUser,
  setVerifiedBanksOfPaymentUser,
  updatePaymentUser,
  verifiedBanksOfPaymentUser,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerRoute } from '../../platform/route';
import * as service from './payment-user.service';

type Options = { db: Db };

/** company-users-assign-payment: who may pay for a company, and from which accounts. */
export async function paymentUserRoutes(app: FastifyInstance, { db }: Options) {
  registerRoute(app, listPaymentUsers, ({ query }, { principal }) =>
    service.listPaymentUsers(db, principal, query.companyId),
  );
  registerRoute(app, addPaymentUser, ({ body }, { principal }) =>
    service.addPaymentUser(db, principal, body),
  );
  registerRoute(app, updatePaymentUser, ({ params, body }, { principal }) =>
    service.updatePaymentUser(db, principal, params.id, body),
  );
  registerRoute(app, removePaymentUser, ({ params, query }, { principal }) =>
    service.removePaymentUser(db, principal, params.id, query.companyId),
  );
  registerRoute(app, verifiedBanksOfPaymentUser, ({ params, query }, { principal }) =>
    service.verifiedBanksOfPaymentUser(db, principal, params.assignUser, query.companyId),
  );
  registerRoute(app, setVerifiedBanksOfPaymentUser, ({ params, body }, { principal }) =>
    service.setVerifiedBanksOfPaymentUser(db, principal, params.assignUser, body),
  );
  registerRoute(app, assignableUsers, ({ query }, { principal }) =>
    service.assignableUsers(db, principal, query.companyId),
  );
  registerRoute(app, myVerifiedPaymentBanks, ({ params }, { principal }) =>
    service.myVerifiedPaymentBanks(db, principal, params.companyId),
  );
}
