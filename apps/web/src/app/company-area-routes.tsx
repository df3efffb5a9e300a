import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { RequireService } from '../features/company-services';
import { RequireAction } from './layout/RequireAction';
import { type CompanyArea, companyAreas } from './navigation';

function areaElement(area: CompanyArea, Page: CompanyArea['page'], key: string) {
  const page = (
    <Suspense>
      <Page />
    </Suspense>
  );
  return (
    <RequireAction key={key} action={area.requiredAction}>
      {area.requiredService ? <RequireService service={area.requiredService}>{page}</RequireService> : page}
    </RequireAction>
  );
}

/** The routes of a company's areas under /{company}/, each behind its role's action and its service. */
export const companyAreaRoutes: RouteObject[] = companyAreas.flatMap((area) => {
  const element = areaElement(area, area.page, area.id);
  const areaRoute: RouteObject = area.path === '' ? { index: true, element } : { path: area.path, element };
  const subPageRoutes = (area.subPages ?? []).map((subPage) => ({
    path: `${area.path}/${subPage.path}`,
    element: areaElement(area, subPage.page, `${area.id}/${subPage.path}`),
  }));
  return [areaRoute, ...subPageRoutes];
});
