import {
  addInternalTransfer,
  editInternalTransfer,
  insertInternalTransfers,
  internalTransferBanks,
  internalTransferStatistic,
  listInternalTransfers,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerRoute } from '../../platform/route';
import * as service from './internal-transfer.service';

type Options = { db: Db };

/** Transfers between a company's own accounts: their list, statistic, accounts, and adding and editing. */
export async function internalTransferRoutes(app: FastifyInstance, { db }: Options) {
  registerRoute(app, listInternalTransfers, ({ params, query }, { principal }) =>
    service.listInternalTransfers(db, principal, params.companyId, query),
  );
  registerRoute(app, internalTransferStatistic, ({ query }, { principal }) =>
    service.internalTransferStatistic(db, principal, query),
  );
  registerRoute(app, internalTransferBanks, ({ query }, { principal }) =>
    service.internalTransferBanks(db, principal, query.companyId),
  );
  registerRoute(app, addInternalTransfer, ({ body }, { principal, request }) =>
    service.addInternalTransfer(db, principal, request.language, body),
  );
  registerRoute(app, editInternalTransfer, ({ body }, { principal, request }) =>
    service.editInternalTransfer(db, principal, request.language, body),
  );
  registerRoute(app, insertInternalTransfers, ({ body }, { principal, request }) =>
    service.insertInternalTransfers(db, principal, request.language, body),
  );
}
