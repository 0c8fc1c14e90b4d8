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
import { entriesOf, labelText, pickedValue, storedKeys } from './pickerSelection';
import { useKeyLabels } from './useKeyLabels';
import { usePickerSelection } from './usePickerSelection';

export default function DepartWidget({ field, value, onChange, disabled, host }: FormWidgetProps) {
  const multiple = field.options.multiple === true;
  const keys = storedKeys(value);
  const { labels, remember } = useKeyLabels(keys, async () => {
    const tree = await loadDepartTree(host);
    return tree ? departNames(tree) : null;
  });
  const selection = usePickerSelection(multiple);
  const shown = entriesOf(keys, labels);

  return (
    <>
      <PickerInput
        text={labelText(keys, labels)}
        placeholder={field.placeholder}
        disabled={disabled}
        icon={<ClusterOutlined aria-label={field.label} />}
        onOpen={() => selection.open(shown)}
        onClear={() => onChange(null)}
      />
      <DepartPickerModal
        host={host}
        open={selection.state.open}
        picked={selection.state.picked}
        onCheck={selection.check}
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
