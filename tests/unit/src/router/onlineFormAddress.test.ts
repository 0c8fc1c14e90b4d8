/** Which online form an address opens: the hidden route's :code, or a generated menu entry's own path. */
import { describe, expect, it } from 'vitest';
import { onlineFormCode, onlineFormDocumentUrl } from '../../../../src/pages/onlineFormAddress';

describe('online form address', () => {
  it('reads the code of /online/cgformList/:code (功能测试)', () => {
    expect(onlineFormCode({ code: 'a1b2' }, '/online/cgformList/a1b2')).toBe('a1b2');
  });

  it('reads the code from a generated menu entry whose address is literal', () => {
    expect(onlineFormCode({}, '/online/cgformList/4f3e2d?pageNo=2')).toBe('4f3e2d');
    expect(onlineFormCode({}, '/online/cgformList/4f3e2d/')).toBe('4f3e2d');
  });

  it('finds no code on the bare menu pattern', () => {
    expect(onlineFormCode({ code: ':code' }, '/online/cgformList/:code')).toBeUndefined();
    expect(onlineFormCode({}, '/online/cgformList')).toBeUndefined();
  });

  it('asks the server for the document of that code', () => {
    expect(onlineFormDocumentUrl('a/b')).toBe('/online/cgform/api/document/a%2Fb');
  });
});
