import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../../config';

export type ExceptionType = '403' | '404' | '500';

export const EXCEPTION_TEXTS: Readonly<Record<ExceptionType, string>> = {
  '403': '抱歉，你无权访问该页面',
  '404': '抱歉，你访问的页面不存在',
  '500': '抱歉，服务器出错了',
};

export const BACK_HOME = '返回首页';

export function ExceptionPage({ type }: { type: ExceptionType }) {
  const navigate = useNavigate();
  return (
    <Result
      status={type}
      title={type}
      subTitle={EXCEPTION_TEXTS[type]}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {BACK_HOME}
        </Button>
      }
    />
  );
}
