import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { LOGIN_PATH } from '../../config';

/** After 注册: the account waits for an administrator's approval before it can sign in. */
export default function RegisterResult() {
  const [params] = useSearchParams();
  const username = params.get('username');
  return (
    <Result
      status="success"
      title="注册成功"
      subTitle={`${username ? `你的账户 ${username} 已提交，` : ''}需经系统管理员审核通过后才能登录，请耐心等待。`}
      extra={
        <Link to={LOGIN_PATH}>
          <Button type="primary">返回登录</Button>
        </Link>
      }
    />
  );
}
