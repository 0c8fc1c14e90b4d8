import { useLayoutEffect, useState } from 'react';
import { App as AntApp } from 'antd';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { setRequestHost } from './api/requestHost';
import { appRoutes } from './router/routes';
import { LOGIN_PATH } from './config';
import { endSession } from './store/auth';

/**
 * Wires the request layer's host to antd (notification, the 登录已过期 modal) and the session
 * actions. A layout effect in a sibling placed before the router, so it is in place before any
 * page's effect sends a request.
 */
function RequestHostBridge() {
  const { notification, modal } = AntApp.useApp();
  useLayoutEffect(
    () =>
      setRequestHost({
        notifyError: ({ message, description, duration }) => notification.error({ message, description, duration }),
        confirmRelogin: ({ title, content, okText, onOk }) => {
          modal.error({ title, content, okText, mask: false, onOk });
        },
        logout: endSession,
        // The sign-in page (where a closed socket already sent the user) is not reloaded under
        // someone typing into it: that would wipe what the next sign-in answers (该用户已冻结).
        reload: () => {
          if (!window.location.pathname.endsWith(LOGIN_PATH)) window.location.reload();
        },
      }),
    [notification, modal],
  );
  return null;
}

export default function App() {
  const [router] = useState(() => createBrowserRouter(appRoutes, { basename: '/' }));
  return (
    <>
      <RequestHostBridge />
      <RouterProvider router={router} />
    </>
  );
}
