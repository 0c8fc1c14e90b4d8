/**
 * The `user` form widget (widgets spec §2, §3): a read-only input showing real names, opening
 * '根据部门选择用户'. Stores usernames (or ids, see userValue.ts), comma-joined; single by default,
 * several with `options.multiple`. The real names of a stored value come from getMultiUser.
 */
import { UserOutlined } from '@ant-design/icons';
import type { FormWidgetProps } from '../registry';
import { loadUsersByKeys } from './orgApi';
import { PickerInput } from './PickerInput';
import { useKeyedPicker } from './useKeyedPicker';
import { UserPickerModal } from './UserPickerModal';
import { userValueKeyOf } from './userValue';

export default function UserWidget({ field, value, onChange, disabled, host }: FormWidgetProps) {
  const multiple = field.options.multiple === true;
  const picker = useKeyedPicker(
    value,
    multiple,
    async (missing) => {
      const users = await loadUsersByKeys(host, missing);
      // Stored values may hold usernames or ids whatever the field stores now (spec §3); label both.
      return users ? new Map(users.flatMap((u) => [[u.username, u.realname], [u.id, u.realname]] as const)) : null;
    },
    onChange,
  );
  return (
    <>
      <PickerInput {...picker.input} placeholder={field.placeholder} disabled={disabled} icon={<UserOutlined aria-label={field.label} />} />
      <UserPickerModal host={host} multiple={multiple} valueKey={userValueKeyOf(field)} {...picker.dialog} />
    </>
  );
}
