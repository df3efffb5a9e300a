export * from './change-language';
export * from './check-login';
export * from './logout';
export * from './refresh-token';
export * from './role-actions';
export * from './user';
export * from './user-by-token';
