export { autoMatch } from './auto-match';
export { matchingRoutes, ruleRoutes } from './matching.routes';
