/**
 * searchSelect: a select the user types into. Over a table dictionary ('table,text,code', a long
 * list such as the insurance companies) it searches on the server (loadDict, pageSize 10, 800 ms
 * after the last keystroke) and restores the label of a stored value with loadDictItem; over a
 * code dictionary it filters the cached items locally. Texts: ./texts.ts.
 */
import { Select, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { DICT_MESSAGES, type DictItem } from '../../dict/types';
import { useDictionaries } from '../../dict/useDictionaries';
import { useDictService } from '../../dict/dictContext';
import type { FormWidgetProps } from '../registry';
import { createDebouncedSearch, filterItems, isAsyncDict, labelOf, searchDict, type SearchGet } from './searchSelect';
import { SEARCH_SELECT_TEXTS } from './texts';

type Option = { label: string; value: string };
const toOptions = (items: readonly DictItem[]): Option[] => items.map((item) => ({ label: item.text, value: item.value }));

export default function SearchSelectWidget(props: FormWidgetProps) {
  const code = props.field.dict?.dictCode ?? '';
  if (!code) return <Typography.Text type="danger">{DICT_MESSAGES.codeRequired}</Typography.Text>;
  return isAsyncDict(code) ? <AsyncSearchSelect {...props} code={code} /> : <SyncSearchSelect {...props} code={code} />;
}

function SyncSearchSelect({ field, value, onChange, disabled, host, code }: FormWidgetProps & { code: string }) {
  const service = useDictService(host);
  const { ready } = useDictionaries(service, [code]);
  const [keyword, setKeyword] = useState('');
  const options = toOptions(filterItems(service.cachedItems(code) ?? [], keyword));
  return (
    <Select
      allowClear
      showSearch
      filterOption={false}
      loading={!ready}
      options={options}
      disabled={disabled}
      placeholder={field.placeholder ?? SEARCH_SELECT_TEXTS.prompt}
      notFoundContent={SEARCH_SELECT_TEXTS.noData}
      value={value === null || value === undefined || value === '' ? undefined : String(value)}
      onSearch={setKeyword}
      onChange={(next: string | undefined) => {
        setKeyword('');
        onChange(next ?? null);
      }}
    />
  );
}

function AsyncSearchSelect({ field, value, onChange, disabled, host, code }: FormWidgetProps & { code: string }) {
  const get: SearchGet = useMemo(() => (url, params) => host.request.get<unknown>(url, params as never, { signed: true }), [host]);
  const [options, setOptions] = useState<Option[]>([]);
  const [searching, setSearching] = useState(false);
  const [typed, setTyped] = useState(false);
  const [storedLabel, setStoredLabel] = useState<Option | undefined>();
  const stored = value === null || value === undefined || value === '' ? undefined : String(value);

  const search = useMemo(
    () =>
      createDebouncedSearch<string>((keyword, seq) => {
        void searchDict(get, code, keyword).then((outcome) => {
          if (!search.isLatest(seq)) return;
          setSearching(false);
          if (outcome.ok) setOptions(toOptions(outcome.items));
          else {
            setOptions([]);
            if (outcome.message) host.notify.warning(outcome.message);
          }
        });
      }),
    [get, code, host],
  );
  useEffect(() => () => search.cancel(), [search]);

  // A stored value's label comes from the server (the options hold only the last search's page).
  useEffect(() => {
    if (stored === undefined || storedLabel?.value === stored) return;
    let live = true;
    void labelOf(get, code, stored).then((label) => {
      if (live) setStoredLabel({ value: stored, label });
    });
    return () => {
      live = false;
    };
  }, [get, code, stored, storedLabel]);

  const shown = stored === undefined ? undefined : options.find((o) => o.value === stored) ?? (storedLabel?.value === stored ? storedLabel : { value: stored, label: stored });
  let notFound: React.ReactNode = typed ? SEARCH_SELECT_TEXTS.noData : SEARCH_SELECT_TEXTS.prompt;
  if (searching) notFound = <Spin size="small" />;

  return (
    <Select
      allowClear
      showSearch
      labelInValue
      filterOption={false}
      options={options}
      disabled={disabled}
      placeholder={field.placeholder ?? SEARCH_SELECT_TEXTS.prompt}
      notFoundContent={notFound}
      value={shown}
      onSearch={(keyword) => {
        setTyped(keyword.trim() !== '');
        setSearching(true);
        setOptions([]);
        search.call(keyword);
      }}
      onChange={(next: Option | undefined) => {
        if (next) setStoredLabel({ value: next.value, label: String(next.label) });
        onChange(next ? next.value : null);
      }}
    />
  );
}
