/**
 * The `depart` form widget (widgets spec §2, §9): a read-only input showing the department names,
 * opening '选择部门'. Stores department ids, comma-joined; single by default, several with
 * `options.multiple`. The names of a stored value come from the department tree.
 */
import { ClusterOutlined } from '@ant-design/icons';
import type { FormWidgetProps } from '../registry';
import { DepartPickerModal } from './DepartPickerModal';
import { departNames } from './departIndex';
import { loadDepartTree } from './orgApi';
import { PickerInput } from './PickerInput';
import { useKeyedPicker } from './useKeyedPicker';

export default function DepartWidget({ field, value, onChange, disabled, host }: FormWidgetProps) {
  const picker = useKeyedPicker(
    value,
    field.options.multiple === true,
    async () => {
      const tree = await loadDepartTree(host);
      return tree ? departNames(tree) : null;
    },
    onChange,
  );
  return (
    <>
      <PickerInput {...picker.input} placeholder={field.placeholder} disabled={disabled} icon={<ClusterOutlined aria-label={field.label} />} />
      <DepartPickerModal host={host} {...picker.dialog} />
    </>
  );
}
