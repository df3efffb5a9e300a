export { authRoutes } from './auth.routes';
export { isSessionActive } from './auth.repository';
export { createUser } from './auth.repository';
export { type AuthSettings, hashPassword } from './auth.service';
