import { useEffect, useState, type ReactNode } from 'react';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { ApartmentOutlined, ClearOutlined, CrownOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { getCurrentUserDeparts, getCurrentUserTenant } from '../../api/sys';
import type { Tenant } from '../../api/types';
import TenantSelectModal from '../../components/TenantSelectModal';
import ChangePasswordModal from '../../components/ChangePasswordModal';
import DepartSelectModal from '../../components/DepartSelectModal';
import { useFeedback } from '../../hooks/useFeedback';
import {
  CACHE_REFRESHED_MESSAGE,
  CACHE_REFRESH_FAILED_MESSAGE,
  NO_LOGIN_USER_MESSAGE,
  logout,
  refreshDictCache,
} from '../../store/auth';
import { useSession } from '../../store/session';
import { currentTenantName } from '../../store/tenantChoice';
import { useAvatarUrl } from './useAvatarUrl';

export const USER_MENU_TEXTS = {
  password: '密码修改',
  depart: '部门切换',
  tenant: '租户切换',
  cache: '清理缓存',
  logout: '退出登录',
  logoutTitle: '提示',
  logoutConfirm: '真的要注销登录吗 ?',
} as const;

/** Whether the user belongs to several departments (then 部门切换 is offered). */
function useHasSeveralDeparts(username: string): boolean {
  const [several, setSeveral] = useState(false);
  useEffect(() => {
    if (!username) return;
    let alive = true;
    getCurrentUserDeparts()
      .then((res) => {
        if (alive) setSeveral(res.success && (res.result?.list?.length ?? 0) > 1);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [username]);
  return several;
}

/** The user's usable tenants (none for a user who works in the default tenant only). */
function useUserTenants(username: string): Tenant[] {
  const [tenants, setTenants] = useState<Tenant[]>([]);
  useEffect(() => {
    if (!username) return;
    let alive = true;
    getCurrentUserTenant()
      .then((res) => {
        if (alive && res.success) setTenants(res.result?.list ?? []);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [username]);
  return tenants;
}

/** The user dropdown of the header (spec §2): 密码修改, 部门切换, 租户切换, 清理缓存, 退出登录; the current tenant beside the name. */
export default function UserMenu({ welcome }: { welcome: ReactNode }) {
  const { message, modal } = useFeedback();
  const username = useSession((s) => s.username);
  const avatar = useAvatarUrl(useSession((s) => s.avatar));
  const severalDeparts = useHasSeveralDeparts(username);
  const tenants = useUserTenants(username);
  const tenantName = currentTenantName(tenants, useSession((s) => s.tenantid));
  const [tenantOpen, setTenantOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [departOpen, setDepartOpen] = useState(false);

  const confirmLogout = () => {
    modal.confirm({
      title: USER_MENU_TEXTS.logoutTitle,
      content: USER_MENU_TEXTS.logoutConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: () => logout(),
    });
  };

  const clearCache = async () => {
    try {
      await refreshDictCache();
      void message.success(CACHE_REFRESHED_MESSAGE);
    } catch {
      void message.error(CACHE_REFRESH_FAILED_MESSAGE);
    }
  };

  const openWithUser = (open: () => void) => {
    if (!username) void message.warning(NO_LOGIN_USER_MESSAGE);
    else open();
  };

  const items: MenuProps['items'] = [
    { key: 'password', icon: <LockOutlined />, label: USER_MENU_TEXTS.password },
    ...(severalDeparts ? [{ key: 'depart', icon: <ApartmentOutlined />, label: USER_MENU_TEXTS.depart }] : []),
    ...(tenants.length > 1 ? [{ key: 'tenant', icon: <CrownOutlined />, label: USER_MENU_TEXTS.tenant }] : []),
    { key: 'cache', icon: <ClearOutlined />, label: USER_MENU_TEXTS.cache },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: USER_MENU_TEXTS.logout },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'password') openWithUser(() => setPasswordOpen(true));
    else if (key === 'depart') openWithUser(() => setDepartOpen(true));
    else if (key === 'tenant') openWithUser(() => setTenantOpen(true));
    else if (key === 'cache') void clearCache();
    else if (key === 'logout') confirmLogout();
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['click', 'hover']}>
        <span className="header-action header-user" role="button" tabIndex={0} aria-label="用户菜单">
          <Avatar size="small" src={avatar} icon={<UserOutlined />} />
          {welcome}
          {tenantName && (
            <span className="header-tenant" title="当前租户">
              <CrownOutlined /> {tenantName}
            </span>
          )}
        </span>
      </Dropdown>
      <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <DepartSelectModal open={departOpen} firstChoice={false} onClose={() => setDepartOpen(false)} />
      <TenantSelectModal open={tenantOpen} firstChoice={false} onClose={() => setTenantOpen(false)} />
    </>
  );
}
