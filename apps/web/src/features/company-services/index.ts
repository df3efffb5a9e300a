export { companyServiceKeys } from './company-service.queries';
export { RequireService } from './RequireService';
