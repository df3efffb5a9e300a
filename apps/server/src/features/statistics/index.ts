export { statisticRoutes } from './statistic.routes';
