/**
 * 用户 of a role or a tenant (JeecgBoot's 角色用户): a drawer listing the users a row groups (账号, 姓名,
 * 手机, search by 账号), 添加已有用户 through the user picker (根据部门选择用户), 取消关联 per row and for
 * the checked rows. What differs per group — the endpoints, the row's id parameter, the words — is a
 * MemberSource: roles call JeecgBoot's /sys/user/userRoleList, addSysUserRole, deleteUserRole(Batch),
 * tenants /sys/tenant/tenantUserList, addTenantUser, deleteTenantUser(Batch).
 */
import { Button, Drawer, Input, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { totalText } from '../../list/paging';
import { UserPickerModal } from '../../widgets/org/UserPickerModal';
import { usePickerSelection } from '../../widgets/org/usePickerSelection';
import type { RowViewProps } from './registry';

export interface MemberSource {
  urls: { list: string; add: string; remove: string; removeBatch: string };
  /** The parameter every call names the row's id by (roleId, tenantId). */
  ownerParam: string;
  /** The group's noun in titles and confirmations (角色, 租户). */
  noun: string;
  /** The row field naming the group. */
  nameField: string;
}

export const ROLE_MEMBERS: MemberSource = {
  urls: { list: '/sys/user/userRoleList', add: '/sys/user/addSysUserRole', remove: '/sys/user/deleteUserRole', removeBatch: '/sys/user/deleteUserRoleBatch' },
  ownerParam: 'roleId',
  noun: '角色',
  nameField: 'roleName',
};

export const TENANT_MEMBERS: MemberSource = {
  urls: { list: '/sys/tenant/tenantUserList', add: '/sys/tenant/addTenantUser', remove: '/sys/tenant/deleteTenantUser', removeBatch: '/sys/tenant/deleteTenantUserBatch' },
  ownerParam: 'tenantId',
  noun: '租户',
  nameField: 'name',
};

interface RoleUser {
  id: string;
  username: string;
  realname: string;
  phone: string | null;
  email: string | null;
}

interface Page {
  records: RoleUser[];
  total: number;
}

const PAGE_SIZE = 10;

export function RoleUsersDrawer(props: RowViewProps) {
  return <MemberUsersDrawer {...props} members={ROLE_MEMBERS} />;
}

export function TenantUsersDrawer(props: RowViewProps) {
  return <MemberUsersDrawer {...props} members={TENANT_MEMBERS} />;
}

function MemberUsersDrawer({ host, row, onClose, members }: RowViewProps & { members: MemberSource }) {
  const ownerId = String(row.id ?? '');
  const ownerName = String(row[members.nameField] ?? '');
  const { urls, ownerParam, noun } = members;
  const [query, setQuery] = useState({ pageNo: 1, pageSize: PAGE_SIZE, username: '' });
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState<Page>({ records: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<string[]>([]);
  const picker = usePickerSelection(true);

  const [token, setToken] = useState(0);
  const reload = () => {
    setLoading(true);
    setToken((t) => t + 1);
  };
  const requery = (next: typeof query) => {
    setLoading(true);
    setQuery(next);
  };

  useEffect(() => {
    let live = true;
    host.request
      .get<Page>(urls.list, {
        [ownerParam]: ownerId,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        username: query.username ? `*${query.username}*` : undefined,
      })
      .then((answer) => {
        if (!live) return;
        if (answer.success && answer.result) setPage(answer.result);
        else host.notify.warning(answer.message || '用户加载失败');
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [host, urls.list, ownerParam, ownerId, query, token]);

  const answered = async (call: Promise<{ success: boolean; message: string }>) => {
    try {
      const answer = await call;
      if (!answer.success) {
        host.notify.warning(answer.message || '操作失败');
        return;
      }
      host.notify.success(answer.message || '操作成功');
      setSelected([]);
      reload();
    } catch {
      // The request layer has told the user.
    }
  };

  const remove = (userIds: readonly string[]) =>
    answered(
      userIds.length === 1
        ? host.request.delete(urls.remove, { [ownerParam]: ownerId, userId: userIds[0] })
        : host.request.delete(urls.removeBatch, { [ownerParam]: ownerId, userIds: userIds.join(',') }),
    );

  const columns: ColumnsType<RoleUser> = [
    { title: '用户账号', dataIndex: 'username', align: 'center', width: 140 },
    { title: '用户姓名', dataIndex: 'realname', align: 'center', width: 120 },
    { title: '手机号码', dataIndex: 'phone', align: 'center', width: 140 },
    {
      title: '操作',
      key: 'action',
      align: 'center',
      width: 100,
      render: (_: unknown, user: RoleUser) => (
        <Popconfirm title={`确定把 ${user.realname} 移出${noun}「${ownerName}」吗？`} okText="确定" cancelText="取消" onConfirm={() => void remove([user.id])}>
          <Typography.Link>取消关联</Typography.Link>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Drawer open title={`${noun}用户：${ownerName}`} width={700} onClose={onClose} destroyOnHidden>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          placeholder="请输入用户账号"
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => requery({ ...query, pageNo: 1, username: value.trim() })}
          style={{ width: 220 }}
          enterButton="查询"
        />
        <Button type="primary" onClick={() => picker.open([])}>
          添加已有用户
        </Button>
        {selected.length > 0 && (
          <Popconfirm title={`确定把选中的 ${selected.length} 个用户移出${noun}吗？`} okText="确定" cancelText="取消" onConfirm={() => void remove(selected)}>
            <Button danger>批量取消关联</Button>
          </Popconfirm>
        )}
      </Space>
      <Table<RoleUser>
        rowKey="id"
        size="middle"
        bordered
        columns={columns}
        dataSource={page.records}
        loading={loading}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{ current: query.pageNo, pageSize: query.pageSize, total: page.total, showTotal: totalText, showSizeChanger: true }}
        onChange={(p) => requery({ ...query, pageNo: p.current ?? 1, pageSize: p.pageSize ?? PAGE_SIZE })}
        locale={{ emptyText: '暂无用户' }}
      />
      <UserPickerModal
        host={host}
        open={picker.state.open}
        multiple
        valueKey="id"
        picked={picker.state.picked}
        onCheck={picker.check}
        onCheckMany={picker.checkMany}
        onCancel={picker.dismiss}
        onOk={() => {
          const picked = picker.confirm();
          if (picked.length === 0) return;
          void answered(host.request.post(urls.add, { [ownerParam]: ownerId, userIdList: picked.map((p) => p.key) }));
        }}
      />
    </Drawer>
  );
}
