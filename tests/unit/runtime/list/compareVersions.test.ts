import { describe, expect, it } from 'vitest';
import { compareVersions } from '../../../../runtime/list/compareVersions';

const v = (version: number, content: Record<string, unknown>, fieldLabels: Record<string, string> = {}) => ({
  dataVersion: version,
  dataContent: JSON.stringify(content),
  fieldLabels,
});

describe('compareVersions (数据比较)', () => {
  it('puts the older version first and marks exactly the changed fields, labelled from the page', () => {
    const labels = { id: '主键', expertName: '专家姓名', contactMobile: '联系电话' };
    const result = compareVersions(
      [v(2, { id: 'a', expertName: '王', contactMobile: '139', extra: null }, labels), v(1, { id: 'a', expertName: '王', contactMobile: '138' }, labels)],
      'dataContent',
      'dataVersion',
    );
    expect(result?.titles).toEqual(['版本 1', '版本 2']);
    expect(result?.rows).toEqual([
      { name: 'id', label: '主键', values: ['a', 'a'], changed: false },
      { name: 'expertName', label: '专家姓名', values: ['王', '王'], changed: false },
      { name: 'contactMobile', label: '联系电话', values: ['138', '139'], changed: true },
      { name: 'extra', label: 'extra', values: ['', ''], changed: false },
    ]);
    expect(result?.changedCount).toBe(1);
  });

  it('shows a dictionary value by the text the endpoint gives for it', () => {
    const result = compareVersions(
      [
        { dataVersion: 1, dataContent: JSON.stringify({ sex: '1' }), dictTexts: { sex: '男' } },
        { dataVersion: 2, dataContent: JSON.stringify({ sex: '2' }), dictTexts: { sex: '女' } },
      ],
      'dataContent',
      'dataVersion',
    );
    expect(result?.rows).toEqual([{ name: 'sex', label: 'sex', values: ['男', '女'], changed: true }]);
  });

  it('refuses anything but two records with JSON object contents', () => {
    expect(compareVersions([v(1, {})], 'dataContent', 'dataVersion')).toBeUndefined();
    expect(compareVersions([v(1, {}), { dataVersion: 2, dataContent: 'not json' }], 'dataContent', 'dataVersion')).toBeUndefined();
  });
});
