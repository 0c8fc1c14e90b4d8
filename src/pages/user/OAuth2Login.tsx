import { StaffOnlyNotice } from './StaffOnlyNotice';

export default function OAuth2Login() {
  return <StaffOnlyNotice title="第三方登录" detail="本系统未配置第三方登录，请使用账号密码登录。" />;
}
