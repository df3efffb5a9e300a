import {
  addCompanyService,
  buyZtlService,
  getPaymentServiceStatus,
  listActiveCompanyServices,
  listCompanyServices,
  menuServices,
  setPaymentServiceStatus,
  updateCompanyService,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/route';
import * as service from './company-service.service';

/** The company's services: which are on, turning them on and off, and buying the bank connection. */
export async function companyServiceRoutes(app: FastifyInstance, deps: service.CompanyServiceDeps) {
  const { db } = deps;
  registerRoute(app, listCompanyServices, ({ query }, { principal }) =>
    service.listCompanyServices(deps, principal, query.companyId),
  );
  registerRoute(app, listActiveCompanyServices, ({ query }, { principal }) =>
    service.listActiveCompanyServices(deps, principal, query.companyId),
  );
  registerRoute(app, menuServices, ({ query }, { principal }) =>
    service.menuServices(db, principal, query.companyId),
  );
  registerRoute(app, getPaymentServiceStatus, ({ query }, { principal }) =>
    service.getPaymentServiceStatus(db, principal, query.companyId),
  );
  registerRoute(app, setPaymentServiceStatus, ({ body }, { principal }) =>
    service.setPaymentServiceStatus(db, principal, body),
  );
  registerRoute(app, addCompanyService, ({ body }, { principal }) =>
    service.updateCompanyService(deps, principal, { ...body, isOn: true }),
  );
  registerRoute(app, updateCompanyService, ({ body }, { principal }) =>
    service.updateCompanyService(deps, principal, body),
  );
  registerRoute(app, buyZtlService, ({ body }, { principal }) =>
    service.buyZtlService(deps, principal, body),
  );
}
