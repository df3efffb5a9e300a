export { createUser, findUserByEmail, isSessionActive } from './auth.repository';
export { authRoutes } from './auth.routes';
export { type AuthSettings, hashPassword } from './auth.service';
