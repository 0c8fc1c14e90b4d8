import { StaffOnlyNotice } from './StaffOnlyNotice';

export default function Register() {
  return (
    <StaffOnlyNotice
      title="注册账号"
      detail="本系统仅供内部员工使用，账号由系统管理员统一开通。如需账号，请联系系统管理员。"
    />
  );
}
