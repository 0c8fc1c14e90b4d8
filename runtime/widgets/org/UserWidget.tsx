/**
 * The `user` form widget (widgets spec §2, §3): a read-only input showing real names, opening
 * '根据部门选择用户'. Stores usernames (or ids, see userValue.ts), comma-joined; single by default,
 * several with `options.multiple`. The real names of a stored value come from getMultiUser.
 */
import { UserOutlined } from '@ant-design/icons';
import type { FormWidgetProps } from '../registry';
import { loadUsersByKeys } from './orgApi';
import { PickerInput } from './PickerInput';
import { entriesOf, labelText, pickedValue, storedKeys } from './pickerSelection';
import { useKeyLabels } from './useKeyLabels';
import { usePickerSelection } from './usePickerSelection';
import { UserPickerModal } from './UserPickerModal';
import { userValueKeyOf } from './userValue';

export default function UserWidget({ field, value, onChange, disabled, host }: FormWidgetProps) {
  const multiple = field.options.multiple === true;
  const valueKey = userValueKeyOf(field);
  const keys = storedKeys(value);
  const { labels, remember } = useKeyLabels(keys, async (missing) => {
    const users = await loadUsersByKeys(host, missing);
    // Stored values may hold usernames or ids whatever the field stores now (spec §3); label both.
    return users ? new Map(users.flatMap((u) => [[u.username, u.realname], [u.id, u.realname]] as const)) : null;
  });
  const selection = usePickerSelection(multiple);
  const shown = entriesOf(keys, labels);

  return (
    <>
      <PickerInput
        text={labelText(keys, labels)}
        placeholder={field.placeholder}
        disabled={disabled}
        icon={<UserOutlined aria-label={field.label} />}
        onOpen={() => selection.open(shown)}
        onClear={() => onChange(null)}
      />
      <UserPickerModal
        host={host}
        open={selection.state.open}
        multiple={multiple}
        valueKey={valueKey}
        picked={selection.state.picked}
        onCheck={selection.check}
        onCheckMany={selection.checkMany}
        onOk={() => {
          const picked = selection.confirm();
          remember(new Map(picked.map((p) => [p.key, p.label])));
          onChange(pickedValue(picked));
        }}
        onCancel={selection.dismiss}
      />
    </>
  );
}
