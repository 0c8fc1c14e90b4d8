import type { RouteObject } from 'react-router-dom';
import { ExceptionPage } from '../pages/exception/ExceptionPage';
import Alteration from '../pages/user/Alteration';
import Login from '../pages/user/Login';
import OAuth2Login from '../pages/user/OAuth2Login';
import Register from '../pages/user/Register';
import RegisterResult from '../pages/user/RegisterResult';
import UserLayout from '../pages/user/UserLayout';
import { AuthenticatedArea } from './AuthenticatedArea';
import { NavigationGuard } from './NavigationGuard';
import { RouteErrorView } from './RouteErrorView';

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
          { path: 'register', element: <Register /> },
          { path: 'register-result', element: <RegisterResult /> },
          { path: 'alteration', element: <Alteration /> },
        ],
      },
      {
        path: '/oauth2-app',
        element: <UserLayout />,
        children: [{ path: 'login', element: <OAuth2Login /> }],
      },
      {
        path: '/404',
        element: (
          <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <ExceptionPage type="404" />
          </div>
        ),
      },
      { path: '*', element: <AuthenticatedArea /> },
    ],
  },
];
