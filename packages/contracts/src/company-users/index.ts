export * from './company-users';
export * from './invitations';
