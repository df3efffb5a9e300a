import {
  bankStatistic,
  companyOverview,
  consentStatistic,
  paymentStatistic,
  teamStatistic,
  vatStatistic,
  voucherStatistic,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerRoute } from '../../platform/route';
import * as service from './statistic.service';

/** The front page's numbers, the statistics pages and the bureau's team overview. */
export async function statisticRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerRoute(app, companyOverview, ({ query }, { principal }) =>
    service.companyOverview(db, principal, query),
  );
  registerRoute(app, voucherStatistic, ({ query }, { principal }) =>
    service.voucherStatistic(db, principal, query),
  );
  registerRoute(app, bankStatistic, ({ query }, { principal }) =>
    service.bankStatistic(db, principal, query),
  );
  registerRoute(app, paymentStatistic, ({ query }, { principal }) =>
    service.paymentStatistic(db, principal, query),
  );
  registerRoute(app, vatStatistic, ({ query }, { principal }) => service.vatStatistic(db, principal, query));
  registerRoute(app, consentStatistic, ({ query }, { principal }) =>
    service.consentStatistic(db, principal, query),
  );
  registerRoute(app, teamStatistic, ({ query }, { principal }) =>
    service.teamStatistic(db, principal, query),
  );
}
