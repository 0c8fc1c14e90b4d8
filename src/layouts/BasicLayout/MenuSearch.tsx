import { useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { Button, Modal, Select, type RefSelectProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { MenuItem } from '../../api/types';
import { menuLeaves, type MenuLeaf } from './menuModel';

export const MENU_SEARCH_TITLE = '搜索菜单';
const PLACEHOLDER = '搜索菜单';

interface Option {
  value: string;
  label: string;
  leaf: MenuLeaf;
}

function useMenuOptions(menu: readonly MenuItem[]): Option[] {
  return useMemo(
    () =>
      menuLeaves(menu).map((leaf) => ({
        value: leaf.path,
        label: [...leaf.parents, leaf.title].join(' / '),
        leaf,
      })),
    [menu],
  );
}

interface MenuSelectProps {
  menu: readonly MenuItem[];
  onChosen?(): void;
  selectRef?: Ref<RefSelectProps>;
}

function MenuSelect({ menu, onChosen, selectRef }: MenuSelectProps) {
  const navigate = useNavigate();
  const options = useMenuOptions(menu);
  // useNavigate renders this again on every navigation; the select itself is memoised on what it
  // shows and reaches the latest navigate and onChosen through a ref.
  const latest = useRef({ navigate, onChosen });
  useEffect(() => {
    latest.current = { navigate, onChosen };
  });
  return useMemo(() => {
    const choose = (_value: string, option?: Option | Option[]) => {
      const chosen = Array.isArray(option) ? option[0] : option;
      if (!chosen) return;
      if (chosen.leaf.externalUrl) window.open(chosen.leaf.externalUrl, '_blank', 'noopener');
      else void latest.current.navigate(chosen.leaf.path);
      latest.current.onChosen?.();
    };
    return (
      <Select<string, Option>
        showSearch
        ref={selectRef}
        value={null}
        placeholder={PLACEHOLDER}
        options={options}
        optionFilterProp="label"
        onSelect={choose}
        notFoundContent="没有匹配的菜单"
        style={{ width: '100%' }}
        aria-label={PLACEHOLDER}
      />
    );
  }, [options, selectRef]);
}

/** Menu search of the header (spec §2): a select of the visible pages; on mobile a modal 搜索菜单. */
export default function MenuSearch({ menu, mobile }: { menu: readonly MenuItem[]; mobile: boolean }) {
  const [open, setOpen] = useState(false);
  const selectRef = useRef<RefSelectProps>(null);
  if (!mobile) {
    return (
      <div className="header-search">
        <MenuSelect menu={menu} />
      </div>
    );
  }
  return (
    <>
      <Button
        type="text"
        className="header-action"
        icon={<SearchOutlined />}
        aria-label={MENU_SEARCH_TITLE}
        onClick={() => setOpen(true)}
      />
      <Modal
        title={MENU_SEARCH_TITLE}
        open={open}
        footer={null}
        onCancel={() => setOpen(false)}
        // Focus once the opening animation is over, so typing goes straight into the search.
        afterOpenChange={(opened) => {
          if (opened) selectRef.current?.focus();
        }}
        destroyOnHidden
      >
        <MenuSelect menu={menu} selectRef={selectRef} onChosen={() => setOpen(false)} />
      </Modal>
    </>
  );
}
