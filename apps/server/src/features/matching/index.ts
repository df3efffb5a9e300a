export { matchingRoutes, ruleRoutes } from './matching.routes';
export { autoMatch } from './matching.service';
