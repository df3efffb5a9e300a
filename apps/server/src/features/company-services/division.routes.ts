import {
  addDivision,
  deleteDivision,
  divisionByOrganisationNumber,
  listDivisions,
  updateDivision,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerRoute } from '../../platform/route';
import * as service from './division.service';

/** The company's divisions (/admin-bank-division): sub-units with their organisation numbers and accounts. */
export async function divisionRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerRoute(app, listDivisions, ({ query }, { principal }) =>
    service.listDivisions(db, principal, query.companyId),
  );
  registerRoute(app, divisionByOrganisationNumber, ({ query }, { principal }) =>
    service.divisionByOrganisationNumber(db, principal, query),
  );
  registerRoute(app, addDivision, ({ body }, { principal }) => service.addDivision(db, principal, body));
  registerRoute(app, updateDivision, ({ params, body }, { principal }) =>
    service.updateDivision(db, principal, params.id, body),
  );
  registerRoute(app, deleteDivision, ({ params, query }, { principal }) =>
    service.deleteDivision(db, principal, params.id, query.companyId),
  );
}
