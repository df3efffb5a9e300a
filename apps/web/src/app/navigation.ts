import type { LocalServiceKey, MenuServices, RoleAction } from '@bilag/contracts';
import {
  type Icon,
  IconApps,
  IconArrowsExchange,
  IconBan,
  IconBuildingBank,
  IconBuildingCog,
  IconCalendarCheck,
  IconCalendarStats,
  IconCash,
  IconChartAreaLine,
  IconChartBar,
  IconChartDonut,
  IconChartDots,
  IconChartHistogram,
  IconChartLine,
  IconChartPie,
  IconChecklist,
  IconCloudDownload,
  IconDatabaseSearch,
  IconFileImport,
  IconFileInvoice,
  IconFileSpreadsheet,
  IconInbox,
  IconLayoutDashboard,
  IconLayoutList,
  IconLink,
  IconListCheck,
  IconMail,
  IconMailForward,
  IconPackage,
  IconPlugConnected,
  IconReceipt,
  IconReceiptTax,
  IconSettings,
  IconShieldCheck,
  IconShieldSearch,
  IconSitemap,
  IconTargetArrow,
  IconTransfer,
  IconUserDollar,
  IconUsers,
  IconUsersGroup,
  IconWorld,
  IconWorldCog,
} from '@tabler/icons-react';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type en from '../i18n/en.json';

export type NavigationLabelKey = `nav.${Exclude<keyof typeof en.nav, 'main' | 'toggle'>}`;

/**
 * The areas of a company, in menu order. Adding a feature means adding its entry here: the router
 * creates its route under /{company}/ and the menu shows it to roles that have the action.
 */
export type CompanyArea = {
  id: string;
  labelKey: NavigationLabelKey;
  /** Relative to /{company}/; the empty path is the company's front page. */
  path: string;
  icon: Icon;
  /** The role action (from GET /api/account/action/web) a user needs to see and open the area. */
  requiredAction: RoleAction;
  page: LazyExoticComponent<ComponentType>;
  /** Pages below the area's path (such as one record by its id), behind the same action; not in the menu. */
  subPages?: readonly CompanySubPage[];
  /** The company service the area works with: while it is off the area is not in the menu. */
  requiredService?: LocalServiceKey;
  /**
   * The id of the area whose entry stands for this one in the menu: this one is not listed, and while
   * it is open the menu marks that entry (each statistic under Statistics).
   */
  menuParent?: string;
};

export type CompanySubPage = {
  /** Relative to the area's path, for example ':voucherId'. */
  path: string;
  page: LazyExoticComponent<ComponentType>;
};

export const companyAreas: readonly CompanyArea[] = [
  {
    id: 'dashboard',
    labelKey: 'nav.dashboard',
    path: '',
    icon: IconLayoutDashboard,
    requiredAction: 'dashboard.view',
    page: lazy(() => import('../features/dashboard/DashboardPage')),
  },
  {
    id: 'voucher',
    labelKey: 'nav.vouchers',
    path: 'voucher',
    icon: IconReceipt,
    requiredAction: 'voucher.view',
    page: lazy(() => import('../features/vouchers/VoucherListPage')),
    subPages: [{ path: ':voucherId', page: lazy(() => import('../features/vouchers/VoucherDetailPage')) }],
  },
  {
    id: 'inbox',
    labelKey: 'nav.inbox',
    path: 'inbox',
    icon: IconInbox,
    requiredAction: 'voucher.view',
    page: lazy(() => import('../features/inbox/InboxPage')),
    subPages: [{ path: ':uuid', page: lazy(() => import('../features/inbox/InboxDetailPage')) }],
  },
  {
    id: 'task',
    labelKey: 'nav.tasks',
    path: 'task',
    icon: IconChecklist,
    requiredAction: 'task.view',
    page: lazy(() => import('../features/tasks/TasksPage')),
    subPages: [
      { path: 'label', page: lazy(() => import('../features/tasks/TaskLabelsPage')) },
      { path: 'template', page: lazy(() => import('../features/tasks/TaskTemplatesPage')) },
    ],
  },
  {
    id: 'task-overview',
    labelKey: 'nav.taskOverview',
    path: 'task-overview',
    icon: IconLayoutList,
    requiredAction: 'task.overview',
    page: lazy(() => import('../features/tasks/TaskOverviewPage')),
  },
  {
    id: 'bank',
    labelKey: 'nav.bank',
    path: 'bank',
    icon: IconArrowsExchange,
    requiredAction: 'bank.view',
    page: lazy(() => import('../features/transactions/BankTransactionsPage')),
    subPages: [
      { path: 'import-document', page: lazy(() => import('../features/imports/ImportDocumentPage')) },
    ],
  },
  {
    id: 'bank-management',
    labelKey: 'nav.bankAccounts',
    path: 'bank-management',
    icon: IconBuildingBank,
    requiredAction: 'bank.view',
    page: lazy(() => import('../features/banks/BankAccountsPage')),
  },
  {
    id: 'period',
    labelKey: 'nav.periods',
    path: 'period',
    icon: IconCalendarCheck,
    requiredAction: 'period.view',
    page: lazy(() => import('../features/periods/PeriodYearPage')),
    subPages: [{ path: ':month', page: lazy(() => import('../features/periods/PeriodMonthPage')) }],
  },
  {
    id: 'period-overview',
    labelKey: 'nav.periodOverview',
    path: 'period-overview',
    icon: IconCalendarStats,
    requiredAction: 'period.overview',
    page: lazy(() => import('../features/periods/PeriodOverviewPage')),
  },
  {
    id: 'statistics',
    labelKey: 'nav.statistics',
    path: 'statistics',
    icon: IconChartPie,
    requiredAction: 'statistics.view',
    page: lazy(() => import('../features/statistics/StatisticsIndexPage')),
  },
  // Each statistic has an address of its own under /statistic/, as the spec names them, so each is an
  // area of its own, reached from the Statistics page and the tabs of each statistic.
  {
    id: 'statistic-voucher',
    labelKey: 'nav.statisticVouchers',
    path: 'statistic/voucher',
    icon: IconChartHistogram,
    requiredAction: 'statistics.view',
    menuParent: 'statistics',
    page: lazy(() => import('../features/statistics/VoucherStatisticPage')),
  },
  {
    id: 'statistic-bank',
    labelKey: 'nav.statisticBank',
    path: 'statistic/bank',
    icon: IconChartLine,
    requiredAction: 'statistics.view',
    menuParent: 'statistics',
    page: lazy(() => import('../features/statistics/BankStatisticPage')),
  },
  {
    id: 'statistic-payment',
    labelKey: 'nav.statisticPayments',
    path: 'statistic/payment',
    icon: IconChartAreaLine,
    requiredAction: 'statistics.view',
    menuParent: 'statistics',
    page: lazy(() => import('../features/statistics/PaymentStatisticPage')),
  },
  {
    id: 'statistic-mva',
    labelKey: 'nav.statisticVat',
    path: 'statistic/mva',
    icon: IconReceiptTax,
    requiredAction: 'statistics.view',
    menuParent: 'statistics',
    page: lazy(() => import('../features/statistics/VatStatisticPage')),
  },
  {
    id: 'statistic-ztl',
    labelKey: 'nav.statisticConsents',
    path: 'statistic/ztl',
    icon: IconChartDonut,
    requiredAction: 'statistics.view',
    menuParent: 'statistics',
    page: lazy(() => import('../features/statistics/ConsentStatisticPage')),
  },
  // The bureau's own pages span every company the person serves; they sit under the company they were
  // opened from, like the period and task overviews.
  {
    id: 'team-overview',
    labelKey: 'nav.teamOverview',
    path: 'team/overview',
    icon: IconUsersGroup,
    requiredAction: 'team.view',
    page: lazy(() => import('../features/statistics/TeamOverviewPage')),
  },
  {
    id: 'team-kpi',
    labelKey: 'nav.teamKpi',
    path: 'team/kpi',
    icon: IconTargetArrow,
    requiredAction: 'team.view',
    page: lazy(() => import('../features/statistics/TeamKpiPage')),
  },
  {
    id: 'consent',
    labelKey: 'nav.consents',
    path: 'consent',
    icon: IconPlugConnected,
    requiredAction: 'consent.view',
    page: lazy(() => import('../features/consents/ConsentPage')),
  },
  {
    id: 'bank-verify',
    labelKey: 'nav.bankVerify',
    path: 'bank-verify',
    icon: IconShieldCheck,
    requiredAction: 'payment.view',
    requiredService: 'payments',
    page: lazy(() => import('../features/signing/BankVerifyPage')),
  },
  {
    id: 'payment-list',
    labelKey: 'nav.payments',
    path: 'payments/payment-list',
    icon: IconCash,
    requiredAction: 'payment.view',
    requiredService: 'payments',
    page: lazy(() => import('../features/payments/PaymentListPage')),
    subPages: [
      {
        path: 'international',
        page: lazy(() => import('../features/payments/InternationalPaymentListPage')),
      },
    ],
  },
  {
    id: 'internal-transfer',
    labelKey: 'nav.internalTransfers',
    path: 'payments/internal-transfer',
    icon: IconTransfer,
    requiredAction: 'payment.view',
    requiredService: 'payments',
    page: lazy(() => import('../features/payments/InternalTransferPage')),
  },
  {
    id: 'assign-users',
    labelKey: 'nav.paymentUsers',
    path: 'payments/assign-users',
    icon: IconUserDollar,
    requiredAction: 'payment.view',
    requiredService: 'payments',
    page: lazy(() => import('../features/payments/users/PaymentUsersPage')),
  },
  {
    id: 'payment-packages',
    labelKey: 'nav.paymentPackages',
    path: 'payment-packages',
    icon: IconPackage,
    requiredAction: 'packages.view',
    page: lazy(() => import('../features/payment-packages/PaymentPackagesPage')),
    subPages: [
      {
        path: ':purchaseId/receipt',
        page: lazy(() => import('../features/payment-packages/PackageReceiptPage')),
      },
    ],
  },
  {
    id: 'connect-missing',
    labelKey: 'nav.connectMissing',
    path: 'connect-missing',
    icon: IconLink,
    requiredAction: 'matching.view',
    page: lazy(() => import('../features/matching/ConnectMissingPage')),
  },
  {
    id: 'ai-local',
    labelKey: 'nav.rulesLocal',
    path: 'ai-setting/ai-local',
    icon: IconListCheck,
    requiredAction: 'rules.view',
    page: lazy(() => import('../features/matching/rules/LocalRulesPage')),
  },
  {
    id: 'ai-global',
    labelKey: 'nav.rulesGlobal',
    path: 'ai-setting/ai-global',
    icon: IconWorldCog,
    requiredAction: 'rules.view',
    page: lazy(() => import('../features/matching/rules/GlobalRulesPage')),
  },
  {
    id: 'setting',
    labelKey: 'nav.settings',
    path: 'setting',
    icon: IconSettings,
    requiredAction: 'setting.view',
    page: lazy(() => import('../features/settings/SettingsPage')),
    subPages: [
      {
        path: 'ztl-consent/:consentId/renew',
        page: lazy(() => import('../features/consents/ConsentRenewPage')),
      },
    ],
  },
  {
    id: 'company-services',
    labelKey: 'nav.companyServices',
    path: 'company-services',
    icon: IconApps,
    requiredAction: 'services.view',
    page: lazy(() => import('../features/company-services/CompanyServicesPage')),
  },
  {
    id: 'admin-bank-division',
    labelKey: 'nav.divisions',
    path: 'admin-bank-division',
    icon: IconSitemap,
    requiredAction: 'services.view',
    page: lazy(() => import('../features/company-services/DivisionsPage')),
  },
  {
    id: 'admin-users',
    labelKey: 'nav.companyUsers',
    path: 'admin-users',
    icon: IconUsers,
    requiredAction: 'users.view',
    page: lazy(() => import('../features/company-users/CompanyUsersPage')),
  },
  {
    id: 'admin-voucher',
    labelKey: 'nav.adminVouchers',
    path: 'admin-voucher',
    icon: IconShieldSearch,
    requiredAction: 'admin.voucher.view',
    page: lazy(() => import('../features/vouchers/admin/AdminVoucherPage')),
  },
  {
    id: 'admin-ai-voucher',
    labelKey: 'nav.adminMatchingQuality',
    path: 'admin-setting/ai-voucher',
    icon: IconChartBar,
    requiredAction: 'admin.matching.view',
    page: lazy(() => import('../features/matching/admin/MatchingQualityPage')),
  },
  {
    id: 'admin-ai-voucher-data',
    labelKey: 'nav.adminMatchingData',
    path: 'admin-setting/ai-voucher-data',
    icon: IconDatabaseSearch,
    requiredAction: 'admin.matching.view',
    page: lazy(() => import('../features/matching/admin/MatchingDataPage')),
  },
  {
    id: 'admin-auto-import',
    labelKey: 'nav.adminAutoImport',
    path: 'admin-auto-import',
    icon: IconBuildingCog,
    requiredAction: 'admin.import.view',
    page: lazy(() => import('../features/banks/admin/AdminBankRegistryPage')),
  },
  {
    id: 'admin-import-auto',
    labelKey: 'nav.adminImportAuto',
    path: 'admin-import-auto',
    icon: IconCloudDownload,
    requiredAction: 'admin.import.view',
    page: lazy(() => import('../features/banks/admin/AdminImportOverviewPage')),
  },
  {
    id: 'admin-import-manual',
    labelKey: 'nav.adminImportManual',
    path: 'admin-import-manual',
    icon: IconFileImport,
    requiredAction: 'admin.import.view',
    page: lazy(() => import('../features/imports/admin/AdminImportManualPage')),
  },
  {
    id: 'admin-ehf',
    labelKey: 'nav.adminEhf',
    path: 'admin-ehf',
    icon: IconFileInvoice,
    requiredAction: 'admin.ehf.view',
    page: lazy(() => import('../features/ehf/AdminEhfPage')),
  },
  {
    id: 'admin-ehf-report',
    labelKey: 'nav.adminEhfReport',
    path: 'admin-ehf-report',
    icon: IconFileSpreadsheet,
    requiredAction: 'admin.ehf.view',
    page: lazy(() => import('../features/ehf/reports/EhfReportPage')),
  },
  {
    id: 'admin-ehf-spam',
    labelKey: 'nav.adminEhfSpam',
    path: 'admin-ehf/spam',
    icon: IconBan,
    requiredAction: 'admin.ehf.view',
    page: lazy(() => import('../features/ehf/spam/SpamSupplierPage')),
  },
  {
    id: 'admin-ehf-spam-data',
    labelKey: 'nav.adminEhfSpamData',
    path: 'admin-ehf/spam-data',
    icon: IconChartDots,
    requiredAction: 'admin.ehf.view',
    page: lazy(() => import('../features/ehf/spam/SpamDataPage')),
  },
  {
    id: 'admin-email',
    labelKey: 'nav.adminEmail',
    path: 'admin-email',
    icon: IconMail,
    requiredAction: 'admin.mail.view',
    page: lazy(() => import('../features/mail/AdminEmailPage')),
  },
  {
    id: 'admin-email-forwarding',
    labelKey: 'nav.adminEmailForwarding',
    path: 'admin-email/forwarding',
    icon: IconMailForward,
    requiredAction: 'admin.mail.view',
    page: lazy(() => import('../features/mail/MailForwardingPage')),
  },
  {
    id: 'task-template-global',
    labelKey: 'nav.taskTemplatesGlobal',
    path: 'task/template-global',
    icon: IconWorld,
    requiredAction: 'admin.task.template',
    page: lazy(() => import('../features/tasks/GlobalTaskTemplatesPage')),
  },
];

export function isAreaAllowed(area: CompanyArea, actions: readonly string[] | undefined): boolean {
  return actions === undefined || actions.includes(area.requiredAction);
}

/** Whether the service an area works with is on; an area is shown until the menu's services are known. */
export function isAreaServiceOn(area: CompanyArea, menu: MenuServices | undefined): boolean {
  if (area.requiredService === undefined || menu === undefined) return true;
  return !menu.services.some((state) => state.service === area.requiredService && !state.isOn);
}
