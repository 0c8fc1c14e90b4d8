import { Dropdown, Tabs, type MenuProps } from 'antd';
import { CloseOutlined, ReloadOutlined, VerticalLeftOutlined, VerticalRightOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useFeedback } from '../../../hooks/useFeedback';
import { useTabs } from './useTabs';

export const TAB_MENU_TEXTS = {
  refresh: '刷新',
  closeLeft: '关闭左侧',
  closeRight: '关闭右侧',
  closeOthers: '关闭其他',
} as const;

/**
 * The multi-tab strip (spec §2): one tab per opened page, the home tab fixed; right click opens
 * 刷新 / 关闭左侧 / 关闭右侧 / 关闭其他. Navigation follows the store's active tab.
 */
export default function MultiTab() {
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = useFeedback();
  const tabs = useTabs((s) => s.tabs);
  const activeKey = useTabs((s) => s.activeKey);

  /** The remembered address (with its query) of a tab. */
  const addressOf = (key: string) => useTabs.getState().tabs.find((tab) => tab.key === key)?.path ?? key;

  const goToActive = () => {
    const active = addressOf(useTabs.getState().activeKey);
    if (active !== location.pathname + location.search) navigate(active);
  };

  const close = (key: string) => {
    const refusal = useTabs.getState().close(key);
    if (refusal) void message.warning(refusal);
    else goToActive();
  };

  const menuFor = (key: string): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: TAB_MENU_TEXTS.refresh },
      { key: 'closeLeft', icon: <VerticalRightOutlined />, label: TAB_MENU_TEXTS.closeLeft },
      { key: 'closeRight', icon: <VerticalLeftOutlined />, label: TAB_MENU_TEXTS.closeRight },
      { key: 'closeOthers', icon: <CloseOutlined />, label: TAB_MENU_TEXTS.closeOthers },
    ],
    onClick: ({ key: action, domEvent }) => {
      domEvent.stopPropagation();
      const store = useTabs.getState();
      if (action === 'refresh') store.refresh(key);
      else if (action === 'closeLeft') store.closeLeft(key);
      else if (action === 'closeRight') store.closeRight(key);
      else if (action === 'closeOthers') store.closeOthers(key);
      goToActive();
    },
  });

  return (
    <div className="multi-tab">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey}
        onChange={(key) => navigate(addressOf(key))}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={tabs.map((tab) => ({
          key: tab.key,
          // Every tab shows a close button, as in JeecgBoot: on the fixed home tab it answers
          // '首页不能关闭!' (the store refuses), which tells the user why it stays.
          closable: true,
          label: (
            <Dropdown menu={menuFor(tab.key)} trigger={['contextMenu']}>
              <span className="multi-tab-label" data-tab-key={tab.key}>
                {tab.title}
              </span>
            </Dropdown>
          ),
        }))}
      />
    </div>
  );
}
