import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'antd/dist/reset.css';
import App from './App';
import { ThemedConfigProvider } from './settings/ThemedConfigProvider';

dayjs.locale('zh-cn');
// Formily's expression compiler and React Query's client are set up with the signed-in area
// (router/AuthenticatedArea.tsx): the sign-in page loads neither.

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <ThemedConfigProvider locale={zhCN}>
      <App />
    </ThemedConfigProvider>
  </StrictMode>,
);
