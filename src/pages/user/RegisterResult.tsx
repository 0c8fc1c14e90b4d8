import { StaffOnlyNotice } from './StaffOnlyNotice';

export default function RegisterResult() {
  return <StaffOnlyNotice title="注册结果" detail="账号由系统管理员开通后即可登录，开通结果请向系统管理员确认。" />;
}
