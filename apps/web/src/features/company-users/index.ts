export { companyUserKeys } from './company-user.queries';
export { roleName } from './company-user.roles';
