import {
  createReminder,
  createVoucherAlert,
  lastTimeSendReminder,
  reminderSettings,
  sendReminderNow,
  updateReminder,
  updateVoucherAlert,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerRoute } from '../../platform/route';
import * as service from './reminder.service';

/** The company's reminder about missing vouchers and its voucher alert: settings, and sending now. */
export async function reminderRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerRoute(app, reminderSettings, ({ query }, { principal }) =>
    service.getReminderSettings(db, principal, query),
  );
  registerRoute(app, createReminder, ({ body }, { principal }) =>
    service.createReminder(db, principal, body),
  );
  registerRoute(app, updateReminder, ({ params, body }, { principal }) =>
    service.updateReminder(db, principal, params.id, body),
  );
  registerRoute(app, sendReminderNow, ({ body }, { principal }) =>
    service.sendReminderNow(db, principal, body),
  );
  registerRoute(app, createVoucherAlert, ({ body }, { principal }) =>
    service.createVoucherAlert(db, principal, body),
  );
  registerRoute(app, updateVoucherAlert, ({ params, body }, { principal }) =>
    service.updateVoucherAlert(db, principal, params.id, body),
  );
  registerRoute(app, lastTimeSendReminder, ({ query }, { principal }) =>
    service.getLastTimeSendReminder(db, principal, query),
  );
}
