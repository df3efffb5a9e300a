export {
  addCompanyUser,
  companyAccessibleCondition,
  companyExists,
  createCompany,
  isCompanyAccessible,
} from './company.repository';
export { companyRoutes } from './company.routes';
export { readGuardedByCompanyAccess, readWithCompanyAccess, requireCompanyAccess } from './company.service';
