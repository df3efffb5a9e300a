import { computeInbox, inboxItemDetail, markInboxRead, readInboxItem } from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { requestLanguage } from '../../platform/language';
import { registerRoute } from '../../platform/route';
import * as service from './inbox.service';

/** The company's inbox: what arrived by EHF or e-mail and what it became, read per person. */
export async function inboxRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerRoute(app, computeInbox, ({ body }, { principal, request }) =>
    service.computeInbox(db, principal, body, requestLanguage(request)),
  );
  registerRoute(app, readInboxItem, ({ params, body }, { principal, request }) =>
    service.readInboxItem(
      db,
      principal,
      { id: params.id, companyId: body.companyId },
      requestLanguage(request),
    ),
  );
  registerRoute(app, markInboxRead, ({ body }, { principal }) =>
    service.markInboxRead(db, principal, body.companyId),
  );
  registerRoute(app, inboxItemDetail, ({ params, query }, { principal, request }) =>
    service.inboxItemDetail(
      db,
      principal,
      { uuid: params.uuid, companyId: query.companyId },
      requestLanguage(request),
    ),
  );
}
