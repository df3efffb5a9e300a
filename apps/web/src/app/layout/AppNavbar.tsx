import { NavLink, ScrollArea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { authKeys } from '../../features/auth';
import { companyServiceKeys } from '../../features/company-services';
import { useCurrentCompany } from '../company/CurrentCompany';
import { companyPath } from '../company/company-path';
import { companyAreas, isAreaAllowed, isAreaServiceOn } from '../navigation';
import { activeAreaPath } from './active-area';

type AppNavbarProps = {
  onNavigate: () => void;
};

export function AppNavbar({ onNavigate }: AppNavbarProps) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const location = useLocation();
  const roleActions = useQuery(authKeys.roleActions());
  const menu = useQuery(companyServiceKeys.menu(company.Id));
  const areas = companyAreas.filter(
    (area) => isAreaAllowed(area, roleActions.data?.actions) && isAreaServiceOn(area, menu.data),
  );
  const activePath = activeAreaPath(
    areas.map((area) => companyPath(company, area.path)),
    location.pathname,
  );
  const openArea = areas.find((area) => companyPath(company, area.path) === activePath);
  const markedId = openArea?.menuParent ?? openArea?.id;

  return (
    <ScrollArea component="div" type="auto">
      {areas
        .filter((area) => area.menuParent === undefined)
        .map((area) => {
          const path = companyPath(company, area.path);
          const AreaIcon = area.icon;
          return (
            <NavLink
              key={area.id}
              component={RouterNavLink}
              to={path}
              end
              label={t(area.labelKey)}
              leftSection={<AreaIcon size={18} stroke={1.7} aria-hidden />}
              active={area.id === markedId}
              onClick={onNavigate}
              styles={{ root: { borderRadius: 'var(--mantine-radius-md)' }, label: { fontWeight: 500 } }}
            />
          );
        })}
    </ScrollArea>
  );
}
