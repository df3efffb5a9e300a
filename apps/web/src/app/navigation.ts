import { type Icon, IconLayoutDashboard } from '@tabler/icons-react';
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
  requiredAction: string;
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
];

export function isAreaAllowed(area: CompanyArea, actions: readonly string[] | undefined): boolean {
  return actions === undefined || actions.includes(area.requiredAction);
}
