/**
 * 授权's 数据规则 panel (JeecgBoot's RoleDataruleModal): for one menu of the role, its rules with a
 * checkbox each, the role's held ones checked; 保存 sends `POST /sys/role/datarule`. The role must
 * hold the menu (saved in 授权) first — the server says so otherwise.
 */
import { Button, Checkbox, Drawer, Empty, Space, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import type { Host } from '../../host/types';
import { checkedRuleIds, dataRuleSaveBody, ROLE_DATA_RULE_URLS, ruleSummary, type OfferedDataRule, type RoleDataRuleAnswer } from './dataRuleChoice';

export interface RoleDataRuleDrawerProps {
  host: Host;
  roleId: string;
  menu: { key: string; title: string };
  onClose: () => void;
}

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; rules: OfferedDataRule[] };

export function RoleDataRuleDrawer({ host, roleId, menu, onClose }: RoleDataRuleDrawerProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    host.request
      .get<RoleDataRuleAnswer>(ROLE_DATA_RULE_URLS.load(menu.key, roleId))
      .then((answer) => {
        if (!live) return;
        if (!answer.success) {
          setLoaded({ state: 'failed', message: answer.message === '未找到权限配置信息' ? '该菜单没有数据规则，可在 菜单管理 或 数据规则 中添加' : answer.message || '数据规则加载失败' });
          return;
        }
        const result = answer.result ?? {};
        setLoaded({ state: 'ready', rules: result.datarule ?? [] });
        setChecked(checkedRuleIds(result));
      })
      .catch(() => live && setLoaded({ state: 'failed', message: '数据规则加载失败' }));
    return () => {
      live = false;
    };
  }, [host, menu.key, roleId]);

  const save = async () => {
    if (loaded.state !== 'ready') return;
    setSaving(true);
    try {
      const answer = await host.request.post<unknown>(ROLE_DATA_RULE_URLS.save, dataRuleSaveBody(menu.key, roleId, loaded.rules, checked));
      if (!answer.success) host.notify.warning(answer.message || '保存失败');
      else host.notify.success(answer.message || '保存成功!');
    } catch {
      // The request layer has told the user.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      title={`数据规则：${menu.title}`}
      width={480}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>关闭</Button>
          <Button type="primary" loading={saving} disabled={loaded.state !== 'ready'} onClick={() => void save()}>
            保存数据规则
          </Button>
        </Space>
      }
    >
      <div style={{ marginBottom: 12, color: 'rgba(0,0,0,0.45)' }}>勾选的规则对该角色的用户生效：列表、详情和导出只含满足全部规则的记录</div>
      {loaded.state === 'loading' ? (
        <Spin />
      ) : loaded.state === 'failed' ? (
        <Empty description={loaded.message} />
      ) : (
        <Checkbox.Group value={checked} onChange={(values) => setChecked(values.map(String))} style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
          {loaded.rules.map((rule) => (
            <Checkbox key={rule.id} value={rule.id} data-testid={`data-rule-${rule.id}`}>
              <span>{rule.ruleName}</span>
              <span style={{ marginLeft: 8, color: 'rgba(0,0,0,0.45)' }}>{ruleSummary(rule)}</span>
              {rule.status !== '1' && <Tag style={{ marginLeft: 6 }}>无效</Tag>}
            </Checkbox>
          ))}
        </Checkbox.Group>
      )}
    </Drawer>
  );
}
