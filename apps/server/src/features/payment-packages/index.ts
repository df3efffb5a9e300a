export { paymentPackageRoutes } from './payment-package.routes';
