export { tutorialRoutes } from './tutorial.routes';
export { externalVideoOrigins } from './tutorial.service';
export { createTutorialAccess } from './tutorial-access';
