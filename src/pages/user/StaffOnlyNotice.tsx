import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { LOGIN_PATH } from '../../config';

/** Shared body of the account pages that do not apply to an internal-staff system. */
export function StaffOnlyNotice({ title, detail }: { title: string; detail: string }) {
  return (
    <Result
      status="info"
      title={title}
      subTitle={detail}
      extra={
        <Link to={LOGIN_PATH}>
          <Button type="primary">返回登录</Button>
        </Link>
      }
    />
  );
}
