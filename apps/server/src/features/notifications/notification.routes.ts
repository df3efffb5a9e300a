import { listNotifications, markAllNotificationsRead, readNotification } from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { requestLanguage } from '../../platform/language';
import { registerRoute } from '../../platform/route';
import * as service from './notification.service';

/** The notification panel: a person's notifications in a company, read one by one or all at once. */
export async function notificationRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerRoute(app, listNotifications, ({ query }, { principal, request }) =>
    service.notificationPanel(db, principal, query, requestLanguage(request)),
  );
  registerRoute(app, readNotification, ({ params, body }, { principal, request }) =>
    service.readNotification(
      db,
      principal,
      { id: params.id, companyId: body.companyId },
      requestLanguage(request),
    ),
  );
  registerRoute(app, markAllNotificationsRead, ({ body }, { principal }) =>
    service.markAllNotificationsRead(db, principal, body.companyId),
  );
}
