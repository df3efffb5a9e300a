export { periodRoutes } from './period.routes';
