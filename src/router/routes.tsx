import { Suspense, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import Login from '../pages/user/Login';
import UserLayout from '../pages/user/UserLayout';
import { lazyView } from './lazyView';
import { NavigationGuard } from './NavigationGuard';
import { PageLoading } from './PageLoading';
import { RouteErrorView } from './RouteErrorView';
import { loadSignedInArea } from './signedInArea';

// Only the sign-in page is in the first chunk; every other page loads its code when it opens.
const SignedInArea = lazyView(loadSignedInArea, 'AuthenticatedArea');
const Register = lazyView(() => import('../pages/user/Register'), 'user/Register');
const RegisterResult = lazyView(() => import('../pages/user/RegisterResult'), 'user/RegisterResult');
const Alteration = lazyView(() => import('../pages/user/Alteration'), 'user/Alteration');
const OAuth2Login = lazyView(() => import('../pages/user/OAuth2Login'), 'user/OAuth2Login');
const NotFound = lazyView(() => import('./NotFoundView'), 'exception/404');

function later(View: ComponentType, fallback: ReactNode = null) {
  return (
    <Suspense fallback={fallback}>
      <View />
    </Suspense>
  );
}

/**
 * The route tree (history mode, base '/'). The guard sits above everything and also applies the
 * static redirects of spec §2 ('/', '/user', '/oauth2-app', '/test'); every other path is a
 * signed-in page resolved from the menu by AuthenticatedArea, or /404.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <NavigationGuard />,
    errorElement: <RouteErrorView />,
    children: [
      {
        path: '/user',
        element: <UserLayout />,
        children: [
          { path: 'login', element: <Login /> },
          { path: 'register', element: later(Register) },
          { path: 'register-result', element: later(RegisterResult) },
          { path: 'alteration', element: later(Alteration) },
        ],
      },
      {
        path: '/oauth2-app',
        element: <UserLayout />,
        children: [{ path: 'login', element: later(OAuth2Login) }],
      },
      { path: '/404', element: later(NotFound) },
      { path: '*', element: later(SignedInArea, <PageLoading />) },
    ],
  },
];
