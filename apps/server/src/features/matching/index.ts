export { autoMatch } from './auto-match.service';
export { matchingRoutes, ruleRoutes } from './matching.routes';
