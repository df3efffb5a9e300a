export { bankRoutes } from './bank.routes';
export { requireCompanyBank } from './company-bank.service';
