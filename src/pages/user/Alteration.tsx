import { StaffOnlyNotice } from './StaffOnlyNotice';

export default function Alteration() {
  return (
    <StaffOnlyNotice
      title="找回密码"
      detail="忘记密码时请联系系统管理员重置；登录后可在右上角用户菜单的「密码修改」中自行修改密码。"
    />
  );
}
