export { addCompanyUser, companyExists, createCompany } from './company.repository';
export { companyRoutes } from './company.routes';
export { readWithCompanyAccess, requireCompanyAccess } from './company.service';
