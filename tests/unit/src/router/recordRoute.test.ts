import { describe, expect, it } from 'vitest';
import { STATIC_RECORDS, matchRouteRecord } from '../../../../src/router/menuRoutes';
import { hasView } from '../../../../src/router/viewRegistry';
import { usePageTitles } from '../../../../src/store/pageTitles';

describe('the one record route', () => {
  it('serves every page’s record at /record/<module>/<entity>/<id> with the record view', () => {
    const match = matchRouteRecord(STATIC_RECORDS, '/record/receive/receive/1a2b3c');
    expect(match?.record).toMatchObject({ component: 'record/RecordPage', title: '详情' });
    expect(match?.params).toEqual({ module: 'receive', entity: 'receive', id: '1a2b3c' });
    expect(hasView('record/RecordPage')).toBe(true);
    expect(matchRouteRecord(STATIC_RECORDS, '/record/receive/receive')).toBeUndefined();
  });

  it('keeps the title a page gives itself, by tab key', () => {
    usePageTitles.getState().set('/record/receive/receive/1', '案件：GA2026000012');
    const before = usePageTitles.getState().titles;
    usePageTitles.getState().set('/record/receive/receive/1', '案件：GA2026000012');
    expect(usePageTitles.getState().titles).toBe(before);
    expect(usePageTitles.getState().titles['/record/receive/receive/1']).toBe('案件：GA2026000012');
  });
});
