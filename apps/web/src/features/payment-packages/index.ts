export { paymentPackageKeys } from './payment-package.queries';
