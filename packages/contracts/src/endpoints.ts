/**
 * Where each backend of the catalogue lives. One server hosts them all, each under its own prefix.
 */
export const ApiPrefix = {
  account: '/api/account',
  main: '/api/main',
  log: '/api/log',
} as const;

export const Endpoint = {
  login: `${ApiPrefix.account}/check-login`,
  checkLogin: `${ApiPrefix.account}/check-login`,
  logout: `${ApiPrefix.account}/logout`,
  userByToken: `${ApiPrefix.account}/users/token/:token`,
  changeLanguage: `${ApiPrefix.account}/language`,
  refreshToken: `${ApiPrefix.account}/refresh-token`,
  roleActions: `${ApiPrefix.account}/action/:product`,
  listCompanies: `${ApiPrefix.main}/companies`,
  getCompany: `${ApiPrefix.main}/company/:companyId`,
  insertLog: ApiPrefix.log,
} as const;

export function endpointPath(template: string, params: Record<string, string | number>): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
}
