import { describe, expect, it } from 'vitest';
import { HttpActivity } from '../../../../server/monitor/httpActivity';
import { maskedQuery, RequestTrace, tracedPath } from '../../../../server/monitor/requestTrace';

describe('请求追踪: what is kept of a request', () => {
  it('masks the values of secret-like query keys and keeps the others', () => {
    expect(maskedQuery('pageNo=1&token=abc&X-Access-Token=t&password=p&oldpassword=o&checkKey=k&captcha=c&signature=s&expires=9&code=1234'))
      .toBe('pageNo=1&token=[已隐藏]&X-Access-Token=[已隐藏]&password=[已隐藏]&oldpassword=[已隐藏]&checkKey=[已隐藏]&captcha=[已隐藏]&signature=[已隐藏]&expires=9&code=[已隐藏]');
    // Encoded key names are read decoded.
    expect(maskedQuery('pass%77ord=p&x=1')).toBe('pass%77ord=[已隐藏]&x=1');
    expect(maskedQuery('')).toBeUndefined();
    expect(maskedQuery('flag&&a=1')).toBe('flag&a=1');
  });

  it('keeps the route pattern, never its parameters; the path as sent when no route or a wildcard matched', () => {
    expect(tracedPath('/insurance/sys/randomImage/secret123?_t=1', '/insurance/sys/randomImage/:key')).toBe('/insurance/sys/randomImage/:key?_t=1');
    expect(tracedPath('/insurance/nothing/here?token=x', undefined)).toBe('/insurance/nothing/here?token=[已隐藏]');
    // A wildcard route says nothing by its pattern: the path as sent, the signature masked.
    expect(tracedPath('/insurance/sys/common/static/temp/a.png?expires=1&signature=abc', '/insurance/sys/common/static/*')).toBe(
      '/insurance/sys/common/static/temp/a.png?expires=1&signature=[已隐藏]',
    );
    expect(tracedPath('/assets/index.js', '/*')).toBe('/assets/index.js');
    expect(tracedPath(`/a?q=${'x'.repeat(400)}`, '/a').length).toBe(301);
  });

  it('keeps the last N requests, newest first', () => {
    const trace = new RequestTrace(3);
    for (let i = 1; i <= 5; i += 1) trace.record({ time: i, method: 'GET', path: `/p${i}`, status: 200, durationMs: 1 });
    expect(trace.recent().map((e) => e.path)).toEqual(['/p5', '/p4', '/p3']);
    expect(trace.recent().map((e) => e.id)).toEqual([5, 4, 3]);
    expect(trace.total).toBe(5);
    expect(new RequestTrace(3).recent()).toEqual([]);
  });
});

describe('HTTP 服务: the request rate', () => {
  it('counts requests per second over the last 10 seconds and the last minute', () => {
    let now = 1_000_000;
    const activity = new HttpActivity(() => now);
    for (let i = 0; i < 20; i += 1) activity.requestStarted(undefined);
    now += 5000;
    for (let i = 0; i < 10; i += 1) activity.requestStarted(undefined);
    expect(activity.snapshot()).toMatchObject({ requestsPerSecond: 3, requestsLastMinute: 30, totalRequests: 30, inFlight: 30 });
    now += 30_000;
    activity.requestEnded();
    expect(activity.snapshot()).toMatchObject({ requestsPerSecond: 0, requestsLastMinute: 30, inFlight: 29 });
    now += 30_000;
    expect(activity.snapshot().requestsLastMinute).toBe(0);
  });
});
