export { companyServiceRoutes } from './company-service.routes';
export { type CompanyServiceDeps, isServiceOn, requireServiceOn } from './company-service.service';
export { divisionRoutes } from './division.routes';
