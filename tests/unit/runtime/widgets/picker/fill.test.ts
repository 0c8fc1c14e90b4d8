import { describe, expect, it } from 'vitest';
import { filledValues, selectKeys, EMPTY_SELECTION } from '../../../../../runtime/widgets/picker/selection';

describe('options.picker.fill', () => {
  it('copies the picked rows fields in the order picked, comma-joined; none picked empties them', () => {
    const rows = [
      { id: 'R1', receiveNumber: 'GZ1', receiveName: '仓库火灾' },
      { id: 'R2', receiveNumber: 'GZ2', receiveName: null },
    ];
    const picked = selectKeys(EMPTY_SELECTION, ['R2', 'R1'], rows, { multiple: true, valueField: 'id' });
    expect(filledValues({ receiveNumber: 'receiveNumber', receiveName: 'receiveName' }, picked)).toEqual({
      receiveNumber: 'GZ2,GZ1',
      receiveName: ',仓库火灾',
    });
    expect(filledValues({ receiveNumber: 'receiveNumber' }, EMPTY_SELECTION)).toEqual({ receiveNumber: '' });
  });
});
