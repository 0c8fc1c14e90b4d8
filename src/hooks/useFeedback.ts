import { App, Modal, message, notification } from 'antd';

/**
 * antd's message/modal/notification bound to the theme when the app is wrapped in antd's <App>,
 * and the static functions otherwise (tests, or a view rendered outside the shell: without <App>
 * the context holds empty objects, not undefined).
 */
export function useFeedback() {
  const app = App.useApp();
  const inApp = typeof app.message?.success === 'function';
  return {
    message: inApp ? app.message : message,
    modal: inApp && typeof app.modal?.confirm === 'function' ? app.modal : Modal,
    notification: inApp && typeof app.notification?.open === 'function' ? app.notification : notification,
  };
}
