import { describe, expect, it } from 'vitest';
import monitorDocument from '../../../../schemas/pages/examples/monitor.json';
import { closeRate, stateRows } from '../../../../runtime/examples/businessMonitor';
import { gaugePercent } from '../../../../runtime/monitor/format';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';

const SOURCE = 'schemas/pages/examples/monitor.json';

describe('示例 → 监控页: gauges, the close rate and the rows per state', () => {
  it('a gauge shows a percentage within 0–100 with one decimal, and nothing measurable as null (不可用)', () => {
    expect(gaugePercent(37.46)).toBe(37.5);
    expect(gaugePercent('12')).toBe(12);
    expect(gaugePercent(130)).toBe(100);
    expect(gaugePercent(-3)).toBe(0);
    expect(gaugePercent(null)).toBeNull();
    expect(gaugePercent('')).toBeNull();
    expect(gaugePercent('abc')).toBeNull();
  });

  it('rates closed of opened with one decimal, and no rate without opened cases', () => {
    expect(closeRate(1, 3)).toBe(33.3);
    expect(closeRate(5, 4)).toBe(125);
    expect(closeRate(0, 0)).toBeNull();
  });

  it('gives each state its share of the cases in progress', () => {
    expect(
      stateRows([
        { value: 'new', title: '新建', count: 1 },
        { value: 'handle', title: '处理中', count: 3 },
      ]),
    ).toEqual([
      { id: 'new', stateName: '新建', cases: 1, share: 25 },
      { id: 'handle', stateName: '处理中', cases: 3, share: 75 },
    ]);
    expect(stateRows([{ value: 'new', title: '新建', count: 0 }])[0].share).toBeNull();
  });

  it('the page loads with its gauge, and a gauge without items is refused by pointer', () => {
    const loaded = loadPageSchema(monitorDocument, SOURCE);
    expect(loaded.ok && loaded.page.document.monitor?.groups?.map((g) => g.kind)).toEqual(['figures', 'gauge', 'values']);
    const broken = structuredClone(monitorDocument) as unknown as { monitor: { groups: Record<string, unknown>[] } };
    delete broken.monitor.groups[1].items;
    const result = loadPageSchema(broken, SOURCE);
    expect(result.ok ? [] : result.errors.map((e) => `${e.pointer} ${e.message}`)).toContain('/monitor/groups/1 gauge 须声明 items');
  });
});
