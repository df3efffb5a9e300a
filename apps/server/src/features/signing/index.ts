export { signingRoutes } from './signing.routes';
