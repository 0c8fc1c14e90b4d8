import { describe, expect, it } from 'vitest';
import { noticeSocketUrl } from '../../../../src/realtime/noticeSocketUrl';

describe('noticeSocketUrl', () => {
  const http = { protocol: 'http:', host: 'lossdesk.example:8080' };
  const https = { protocol: 'https:', host: 'lossdesk.example' };

  it('puts a relative API base on the page host, the scheme following the page', () => {
    expect(noticeSocketUrl('u1', '/insurance', http)).toBe('ws://lossdesk.example:8080/insurance/websocket/u1');
    expect(noticeSocketUrl('u1', '/insurance/', https)).toBe('wss://lossdesk.example/insurance/websocket/u1');
    expect(noticeSocketUrl('u1', 'insurance', https)).toBe('wss://lossdesk.example/insurance/websocket/u1');
  });

  it('uses the host and scheme of an absolute API URL', () => {
    expect(noticeSocketUrl('u1', 'https://api.example/insurance', http)).toBe('wss://api.example/insurance/websocket/u1');
    expect(noticeSocketUrl('u1', 'http://10.0.0.5:8080/insurance', https)).toBe('ws://10.0.0.5:8080/insurance/websocket/u1');
  });

  it('defaults to the runtime configuration and the current page', () => {
    expect(noticeSocketUrl('u 1')).toBe(`ws://${window.location.host}/insurance/websocket/u%201`);
  });
});
