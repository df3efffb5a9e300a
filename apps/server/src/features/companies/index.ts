export { addCompanyUser, companyExists, createCompany } from './company.repository';
export { companyRoutes } from './company.routes';
export { requireCompanyAccess } from './company.service';
