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
  listVouchers: `${ApiPrefix.main}/voucher/list`,
  voucherStatistics: `${ApiPrefix.main}/voucher/statistics`,
  voucherYears: `${ApiPrefix.main}/voucher/years`,
  voucherMonthAmounts: `${ApiPrefix.main}/voucher/month`,
  fetchAllVouchers: `${ApiPrefix.main}/voucher/fetchAll`,
  voucherBalance: `${ApiPrefix.main}/voucher/getVoucherBalance`,
  voucherMissingSummary: `${ApiPrefix.main}/voucher/getMissingSummary`,
  adminVouchers: `${ApiPrefix.main}/voucher/fetchAdminVoucher`,
  voucherBalancesV2: `${ApiPrefix.main}/voucher/v2/balances/:id`,
  addVoucherBalanceV2: `${ApiPrefix.main}/voucher/v2/balances/add`,
  removeVoucherBalanceV2: `${ApiPrefix.main}/voucher/v2/balances/remove/:id/:voucherBalanceId`,
  addVouchersByWeb: `${ApiPrefix.main}/voucher/addByWeb`,
  registerMissing: `${ApiPrefix.main}/voucher/missing`,
  voucherDetail: `${ApiPrefix.main}/voucher/:id`,
  updateVoucher: `${ApiPrefix.main}/voucher/:id`,
  deleteVoucher: `${ApiPrefix.main}/voucher/:id`,
  deleteVoucherList: `${ApiPrefix.main}/voucher/delete-list`,
  voucherLabels: `${ApiPrefix.main}/voucherLabels/:companyId`,
  fileDownload: `${ApiPrefix.main}/file/download/:fileId`,
} as const;

export function endpointPath(template: string, params: Record<string, string | number>): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
}
