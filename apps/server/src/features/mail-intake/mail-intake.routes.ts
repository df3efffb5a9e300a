import {
  acceptMailReview,
  addForwardOldVoucher,
  crawlVoucherEmail,
  getCompanyMailAddress,
  getForwardedVoucher,
  getMailForwarding,
  getMailOfInboxItem,
  listMailAddresses,
  listMailArrivals,
  listMailRefusals,
  refuseMailReview,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerRoute } from '../../platform/route';
import * as service from './mail-intake.service';

type Options = { db: Db; mail: service.MailSettings };

/** Receipts by e-mail: the company's address, reviewing unknown senders, and the admin's view of the mail. */
export async function mailIntakeRoutes(app: FastifyInstance, { db, mail }: Options) {
  registerRoute(app, getCompanyMailAddress, ({ params }, { principal }) =>
    service.getCompanyMailAddress(db, principal, params.companyId, mail.domain),
  );
  registerRoute(app, getMailOfInboxItem, ({ params, query }, { principal, request }) =>
    service.getMailOfInboxItem(
      db,
      principal,
      { companyId: query.companyId, uuid: params.uuid },
      request.language,
    ),
  );
  registerRoute(app, acceptMailReview, ({ params, body }, { principal, request }) =>
    service.acceptMailReview(
      db,
      principal,
      { companyId: body.companyId, inboxItemId: params.inboxItemId, rememberSender: body.rememberSender },
      request.language,
    ),
  );
  registerRoute(app, refuseMailReview, ({ params, body }, { principal, request }) =>
    service.refuseMailReview(
      db,
      principal,
      { companyId: body.companyId, inboxItemId: params.inboxItemId, note: body.note },
      request.language,
    ),
  );
  registerRoute(app, getForwardedVoucher, ({ query }, { principal }) =>
    service.listForwardedVouchers(db, principal, query),
  );
  registerRoute(app, crawlVoucherEmail, ({ query }, { principal }) =>
    service.crawlVoucherEmail(db, principal, query.companyId),
  );
  registerRoute(app, addForwardOldVoucher, ({ body }, { principal }) =>
    service.addForwardOldVoucher(db, principal, body),
  );
  registerRoute(app, listMailAddresses, ({ query }) => service.listMailAddresses(db, mail.domain, query));
  registerRoute(app, listMailArrivals, ({ query }, { request }) =>
    service.listMailArrivals(db, query, request.language),
  );
  registerRoute(app, listMailRefusals, ({ query }, { request }) =>
    service.listMailRefusals(db, query.limit, request.language),
  );
  registerRoute(app, getMailForwarding, (_input, { request }) =>
    service.getMailForwarding(db, mail, request.language),
  );
}
