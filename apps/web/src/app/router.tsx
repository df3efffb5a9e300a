import { Center } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth';
import { TUTORIALS } from '../features/tutorials/tutorial.catalogue';
import { loadAllTexts } from '../i18n/language';
import { LoadingSpinner } from '../ui/LoadingSpinner';
import { callbackRoutes } from './callbacks/callback-routes';
import { useCurrentCompany } from './company/CurrentCompany';
import { companyPath } from './company/company-path';
import { RouteErrorBoundary } from './errors/RouteErrorBoundary';
import { RootLayout } from './RootLayout';
import { RequireSession } from './session/RequireSession';
import { NotFoundPage } from './status/NotFoundPage';
import { UnauthorizedPage } from './status/UnauthorizedPage';

function CompanyNotFound() {
  const company = useCurrentCompany();
  return <NotFoundPage isEmbedded homePath={companyPath(company)} />;
}

/** A page whose code loads when it is first opened, with a spinner until it has. */
function withSpinner(page: ReactNode) {
  return (
    <Suspense
      fallback={
        <Center mih="100vh">
          <LoadingSpinner />
        </Center>
      }
    >
      {page}
    </Suspense>
  );
}

/** A screen beyond the entry's own: its code loads together with the language's whole texts. */
function withAllTexts<Module>(load: () => Promise<Module>): () => Promise<Module> {
  return async () => (await Promise.all([load(), loadAllTexts()]))[0];
}

// Only the sign-in page's code loads with the entry: the company's layout, the company picker and the
// return pages of outside parties load when first opened.
const CompanyRoute = lazy(
  withAllTexts(() => import('./layout/CompanyRoute').then((module) => ({ default: module.CompanyRoute }))),
);
const SelectCompanyPage = lazy(
  withAllTexts(() =>
    import('../features/companies/SelectCompanyPage').then((module) => ({
      default: module.SelectCompanyPage,
    })),
  ),
);
const CallbackPage = lazy(
  withAllTexts(() => import('./callbacks/CallbackPage').then((module) => ({ default: module.CallbackPage }))),
);

// The mobile app's task web views: outside the company's layout, signed in by the token they are opened with.
const TaskDescriptionWebviewPage = lazy(
  withAllTexts(() =>
    import('../features/tasks/webview/TaskWebviewPages').then((module) => ({
      default: module.TaskDescriptionWebviewPage,
    })),
  ),
);
const TaskCommentWebviewPage = lazy(
  withAllTexts(() =>
    import('../features/tasks/webview/TaskWebviewPages').then((module) => ({
      default: module.TaskCommentWebviewPage,
    })),
  ),
);
const TaskCommentEditWebviewPage = lazy(
  withAllTexts(() =>
    import('../features/tasks/webview/TaskWebviewPages').then((module) => ({
      default: module.TaskCommentEditWebviewPage,
    })),
  ),
);

const taskWebviewRoutes: RouteObject[] = [
  { path: '/task-description-webview', Page: TaskDescriptionWebviewPage },
  { path: '/task-comment-webview', Page: TaskCommentWebviewPage },
  { path: '/task-comment-edit-webview', Page: TaskCommentEditWebviewPage },
].map(({ path, Page }) => ({
  path,
  element: withSpinner(<Page />),
}));

// The tutorial videos: outside any company and without a sign-in, behind the tutorials' own password.
const TutorialPage = lazy(
  withAllTexts(() =>
    import('../features/tutorials/TutorialPage').then((module) => ({ default: module.TutorialPage })),
  ),
);

const tutorialRoutes: RouteObject[] = TUTORIALS.map(({ name, path }) => ({
  path,
  element: withSpinner(<TutorialPage key={name} name={name} />),
}));

// Where an invitation e-mail's link lands: the invited person has no sign-in yet.
const InvitationPage = lazy(withAllTexts(() => import('../features/company-users/InvitationPage')));

/** The route the company's areas join (company-area-routes.tsx) when a company's address is first opened. */
const COMPANY_AREAS_ROUTE_ID = 'company-areas';

let companyAreasAdded: Promise<void> | undefined;

/**
 * Adds the company's areas to the route table once: their menu, role guards and page loaders are no part
 * of the sign-in page. React Router asks for this on every address it cannot match whole or matched
 * through a parameter, which is where a company's address lands before its areas are known.
 */
function addCompanyAreas({ patch }: { patch: (routeId: string, children: RouteObject[]) => void }) {
  companyAreasAdded ??= import('./company-area-routes').then(
    ({ companyAreaRoutes }) => patch(COMPANY_AREAS_ROUTE_ID, companyAreaRoutes),
    (error: unknown) => {
      companyAreasAdded = undefined;
      throw error;
    },
  );
  return companyAreasAdded;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        path: '/invitation',
        element: withSpinner(<InvitationPage />),
      },
      { path: '/404', element: <NotFoundPage /> },
      { path: '/unauthorized', element: <UnauthorizedPage /> },
      ...callbackRoutes.map((route) => ({
        path: route.path,
        element: withSpinner(<CallbackPage route={route} />),
      })),
      ...taskWebviewRoutes,
      ...tutorialRoutes,
      {
        element: <RequireSession />,
        children: [
          { index: true, element: withSpinner(<SelectCompanyPage />) },
          { id: COMPANY_AREAS_ROUTE_ID, path: ':companyAlias', element: withSpinner(<CompanyRoute />) },
        ],
      },
      // Every other address is one no page answers: not found whether or not anyone is signed in, and
      // for a signed-in person shown inside the company's layout when it names one of their companies.
      {
        element: <RequireSession signedOutElement={<NotFoundPage />} />,
        children: [
          {
            path: ':companyAlias',
            element: withSpinner(<CompanyRoute />),
            children: [{ path: '*', element: <CompanyNotFound /> }],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { patchRoutesOnNavigation: addCompanyAreas });
