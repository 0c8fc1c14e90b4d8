import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import 'antd/dist/reset.css';
import { registerFormilyCompiler } from '../runtime/expr/formilyCompiler';
import App from './App';
import { ThemedConfigProvider } from './settings/ThemedConfigProvider';

dayjs.locale('zh-cn');
// Formily evaluates page expressions (linkage, visibility) with our safe evaluator, never eval.
registerFormilyCompiler();

// The request layer already reports failures to the user; retrying would report them twice.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <ThemedConfigProvider locale={zhCN}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </ThemedConfigProvider>
  </StrictMode>,
);
