import {
  addSpamSupplier,
  blockedArrivals,
  deleteSpamSupplier,
  listSpamSuppliers,
  spamCandidates,
  spamSupplierData,
  updateSpamSupplier,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerRoute } from '../../platform/route';
import * as spam from './spam-supplier.service';

/** The spam-supplier list and what it blocked (administrators). */
export async function spamSupplierRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerRoute(app, listSpamSuppliers, ({ query }) => spam.listSpamSuppliers(db, query));
  registerRoute(app, addSpamSupplier, ({ body }, { principal }) => spam.addSpamSupplier(db, principal, body));
  registerRoute(app, updateSpamSupplier, ({ params, body }, { principal }) =>
    spam.updateSpamSupplier(db, principal, params.id, body),
  );
  registerRoute(app, deleteSpamSupplier, ({ params }, { principal }) =>
    spam.deleteSpamSupplier(db, principal, params.id),
  );
  registerRoute(app, spamSupplierData, ({ query }) => spam.listSpamSupplierActivity(db, query));
  registerRoute(app, blockedArrivals, ({ query }) => spam.listBlockedArrivals(db, query));
  registerRoute(app, spamCandidates, ({ query }) => spam.listSpamCandidates(db, query.limit));
}
