import { PassThrough } from 'node:stream';
import {
  closePeriod,
  listPeriods,
  periodArchive,
  periodByMonth,
  periodOverview,
  reopenPeriod,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { ObjectStore } from '../../platform/object-store';
import { registerRoute } from '../../platform/route';
import * as service from './period.service';
import { writePeriodArchive } from './period-archive';

/** Closing a month of the books, reopening it, the bureau's overview and the auditor's archive. */
export async function periodRoutes(app: FastifyInstance, { db, store }: { db: Db; store: ObjectStore }) {
  registerRoute(app, listPeriods, ({ query }, { principal }) => service.listPeriods(db, principal, query));
  registerRoute(app, periodOverview, ({ query }, { principal }) =>
    service.periodOverview(db, principal, query),
  );
  registerRoute(app, periodByMonth, ({ params, query }, { principal }) =>
    service.periodByMonth(db, principal, { companyId: query.companyId, month: params.month }),
  );
  registerRoute(app, closePeriod, ({ params, body }, { principal }) =>
    service.closePeriod(db, principal, params.month, body),
  );
  registerRoute(app, reopenPeriod, ({ params, body }, { principal }) =>
    service.reopenPeriod(db, principal, params.month, body),
  );
  registerRoute(app, periodArchive, async ({ params, query }, { principal, request, reply }) => {
    const { fileName, input } = await service.periodArchive(db, store, principal, {
      companyId: query.companyId,
      month: params.month,
      language: request.language,
    });
    const body = new PassThrough();
    writePeriodArchive(input, body).then(
      () => body.end(),
      (error: unknown) => {
        request.log.error({ err: error }, 'period archive failed while it was sent');
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
