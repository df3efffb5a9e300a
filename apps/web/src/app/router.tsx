import { Center } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth';
import { SelectCompanyPage } from '../features/companies';
import { RequireService } from '../features/company-services';
import { TUTORIALS } from '../features/tutorials/tutorial.catalogue';
import { LoadingSpinner } from '../ui/LoadingSpinner';
import { CallbackPage } from './callbacks/CallbackPage';
import { callbackRoutes } from './callbacks/callback-routes';
import { useCurrentCompany } from './company/CurrentCompany';
import { companyPath } from './company/company-path';
import { RouteErrorBoundary } from './errors/RouteErrorBoundary';
import { CompanyRoute } from './layout/CompanyRoute';
import { RequireAction } from './layout/RequireAction';
import { type CompanyArea, companyAreas } from './navigation';
import { RootLayout } from './RootLayout';
import { RequireSession } from './session/RequireSession';
import { NotFoundPage } from './status/NotFoundPage';
import { UnauthorizedPage } from './status/UnauthorizedPage';

function CompanyNotFound() {
  const company = useCurrentCompany();
  return <NotFoundPage isEmbedded homePath={companyPath(company)} />;
}

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

// The mobile app's task web views: outside the company's layout, signed in by the token they are opened with.
const TaskDescriptionWebviewPage = lazy(() =>
  import('../features/tasks/webview/TaskWebviewPages').then((module) => ({
    default: module.TaskDescriptionWebviewPage,
  })),
);
const TaskCommentWebviewPage = lazy(() =>
  import('../features/tasks/webview/TaskWebviewPages').then((module) => ({
    default: module.TaskCommentWebviewPage,
  })),
);
const TaskCommentEditWebviewPage = lazy(() =>
  import('../features/tasks/webview/TaskWebviewPages').then((module) => ({
    default: module.TaskCommentEditWebviewPage,
  })),
);

const taskWebviewRoutes: RouteObject[] = [
  { path: '/task-description-webview', Page: TaskDescriptionWebviewPage },
  { path: '/task-comment-webview', Page: TaskCommentWebviewPage },
  { path: '/task-comment-edit-webview', Page: TaskCommentEditWebviewPage },
].map(({ path, Page }) => ({
  path,
  element: (
    <Suspense
      fallback={
        <Center mih="100vh">
          <LoadingSpinner />
        </Center>
      }
    >
      <Page />
    </Suspense>
  ),
}));

// The tutorial videos: outside any company and without a sign-in, behind the tutorials' own password.
const TutorialPage = lazy(() =>
  import('../features/tutorials/TutorialPage').then((module) => ({ default: module.TutorialPage })),
);

const tutorialRoutes: RouteObject[] = TUTORIALS.map(({ name, path }) => ({
  path,
  element: (
    <Suspense
      fallback={
        <Center mih="100vh">
          <LoadingSpinner />
        </Center>
      }
    >
      <TutorialPage key={name} name={name} />
    </Suspense>
  ),
}));

// Where an invitation e-mail's link lands: the invited person has no sign-in yet.
const InvitationPage = lazy(() => import('../features/company-users/InvitationPage'));

const companyAreaRoutes: RouteObject[] = companyAreas.flatMap((area) => {
  const element = areaElement(area, area.page, area.id);
  const areaRoute: RouteObject = area.path === '' ? { index: true, element } : { path: area.path, element };
  const subPageRoutes = (area.subPages ?? []).map((subPage) => ({
    path: `${area.path}/${subPage.path}`,
    element: areaElement(area, subPage.page, `${area.id}/${subPage.path}`),
  }));
  return [areaRoute, ...subPageRoutes];
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        path: '/invitation',
        element: (
          <Suspense
            fallback={
              <Center mih="100vh">
                <LoadingSpinner />
              </Center>
            }
          >
            <InvitationPage />
          </Suspense>
        ),
      },
      { path: '/404', element: <NotFoundPage /> },
      { path: '/unauthorized', element: <UnauthorizedPage /> },
      ...callbackRoutes.map((route) => ({ path: route.path, element: <CallbackPage route={route} /> })),
      ...taskWebviewRoutes,
      ...tutorialRoutes,
      {
        element: <RequireSession />,
        children: [
          { index: true, element: <SelectCompanyPage /> },
          { path: ':companyAlias', element: <CompanyRoute />, children: companyAreaRoutes },
        ],
      },
      // Every other address is one no page answers: not found whether or not anyone is signed in, and
      // for a signed-in person shown inside the company's layout when it names one of their companies.
      {
        element: <RequireSession signedOutElement={<NotFoundPage />} />,
        children: [
          {
            path: ':companyAlias',
            element: <CompanyRoute />,
            children: [{ path: '*', element: <CompanyNotFound /> }],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
