import { describe, expect, it } from 'vitest';
import {
  addUploading,
  adoptValue,
  applyAnswer,
  applyFailure,
  entriesFromValue,
  isFull,
  isImageFile,
  keptEntries,
  moveEntry,
  removeEntry,
  setProgress,
  valueOf,
} from '../../../../../runtime/widgets/upload/uploadList';
import { fileNameOfPath, isImagePath, shortName, splitPaths, staticUrlOf } from '../../../../../runtime/files/paths';

const A = 'temp/20261122/0123456789abcdef_查勘报告.pdf';
const B = 'temp/20261122/fedcba9876543210_现场.png';

function answer(success: boolean | undefined, message: string) {
  return { ...(success === undefined ? {} : { success }), message, code: 200, result: null, timestamp: 0 };
}

describe('stored values', () => {
  it('reads comma-joined paths and file lists, naming each file after its path', () => {
    expect(entriesFromValue(`${A}, ${B},`).map((e) => [e.name, e.status, e.path])).toEqual([
      ['查勘报告.pdf', 'done', A],
      ['现场.png', 'done', B],
    ]);
    expect(entriesFromValue([{ fileName: '报告.pdf', filePath: A, fileSize: 12 }]).map((e) => [e.name, e.size])).toEqual([['报告.pdf', 12]]);
    expect(entriesFromValue(null)).toEqual([]);
    expect(entriesFromValue('')).toEqual([]);
  });

  it('emits only done entries, as a path string or a file list', () => {
    let entries = entriesFromValue(A);
    entries = addUploading(entries, { uid: 'u1', name: '新.png', size: 3 }, 0);
    entries = addUploading(entries, { uid: 'u2', name: '坏.png', size: 4 }, 0);
    entries = applyFailure(entries, 'u2');
    expect(valueOf(entries, 'paths')).toBe(A);
    entries = applyAnswer(entries, 'u1', answer(true, B));
    expect(valueOf(entries, 'paths')).toBe(`${A},${B}`);
    expect(valueOf(entries, 'files')).toEqual([
      { fileName: '查勘报告.pdf', filePath: A },
      { fileName: '新.png', filePath: B, fileSize: 3 },
    ]);
  });

  it('names legacy JeecgBoot files without their millisecond suffix and builds encoded static URLs', () => {
    expect(fileNameOfPath('temp/合同_1700000000000.pdf')).toBe('合同.pdf');
    expect(fileNameOfPath('x/y.txt')).toBe('y.txt');
    expect(staticUrlOf('temp/20261122/ab_合 同#1.pdf')).toBe(`/sys/common/static/temp/20261122/${encodeURIComponent('ab_合 同#1.pdf')}`);
    expect(splitPaths(' a , ,b ')).toEqual(['a', 'b']);
    expect(isImagePath('a/b.JPG')).toBe(true);
    expect(isImagePath('a/b.pdf')).toBe(false);
    expect(shortName('现场查勘报告.pdf', 5)).toBe('现场查勘报…');
    expect(shortName('报告.pdf', 6)).toBe('报告.pdf');
  });
});

describe('upload states', () => {
  it('done when the answer has success true or no success flag; error with the server message when false', () => {
    const start = addUploading([], { uid: 'u', name: 'a.pdf' }, 0);
    expect(applyAnswer(start, 'u', answer(undefined, A))[0]).toMatchObject({ status: 'done', path: A, percent: 100 });
    expect(applyAnswer(start, 'u', answer(false, '文件大小超出10MB限制'))[0]).toMatchObject({ status: 'error', message: '文件大小超出10MB限制' });
    expect(applyAnswer(start, 'u', answer(false, ''))[0]).toMatchObject({ status: 'error', message: '未知错误' });
    // Nothing to keep without a stored path.
    expect(applyAnswer(start, 'u', answer(true, ''))[0]).toMatchObject({ status: 'error', message: '未知错误' });
    expect(applyFailure(start, 'u')[0]).toMatchObject({ status: 'error', message: '未知错误' });
    expect(applyFailure(start, 'u', 'Network Error')[0]).toMatchObject({ message: 'Network Error' });
  });

  it('reads the stored path from the field a column names (responseName)', () => {
    const start = addUploading([], { uid: 'u', name: 'a.pdf' }, 0);
    const withFilePath = { success: true, message: '上传成功', code: 200, result: null, timestamp: 0, filePath: A };
    expect(applyAnswer(start, 'u', withFilePath, 'filePath')[0]).toMatchObject({ status: 'done', path: A });
    // The named field is missing: nothing to keep.
    expect(applyAnswer(start, 'u', answer(true, A), 'filePath')[0]).toMatchObject({ status: 'error', message: '未知错误' });
  });

  it('tracks progress while uploading only', () => {
    let entries = addUploading([], { uid: 'u', name: 'a.pdf' }, 0);
    entries = setProgress(entries, 'u', 42.4);
    expect(entries[0].percent).toBe(42);
    entries = applyAnswer(entries, 'u', answer(true, A));
    expect(setProgress(entries, 'u', 10)[0].percent).toBe(100);
  });

  it('keeps the latest files within the count limit (0 = unlimited), failures aside', () => {
    let entries = entriesFromValue(`${A},${B}`);
    expect(isFull(entries, 2)).toBe(true);
    expect(isFull(entries, 0)).toBe(false);
    entries = addUploading(entries, { uid: 'u', name: 'c.png' }, 2);
    expect(entries.map((e) => e.name)).toEqual(['现场.png', 'c.png']);
    entries = applyFailure(entries, 'u');
    expect(isFull(entries, 2)).toBe(false);
    expect(addUploading(entriesFromValue(A), { uid: 'r', name: 'r.pdf' }, 1).map((e) => e.uid)).toEqual(['r']);
    expect(addUploading(entriesFromValue(`${A},${B}`), { uid: 'n', name: 'n.pdf' }, 0)).toHaveLength(3);
  });

  it('removes entries and adopts an outside value, keeping uploads in flight and failures', () => {
    let entries = addUploading(entriesFromValue(A), { uid: 'u', name: 'up.png' }, 0);
    entries = addUploading(entries, { uid: 'f', name: 'bad.png' }, 0);
    entries = applyFailure(entries, 'f');
    expect(removeEntry(entries, entries[0].uid).map((e) => e.uid)).toEqual(['u', 'f']);
    expect(adoptValue(entries, B).map((e) => e.name)).toEqual(['现场.png', 'up.png', 'bad.png']);
    expect(keptEntries(adoptValue(entries, '')).length).toBe(0);
  });
});

describe('reordering pictures', () => {
  const entries = entriesFromValue(`${A},${B}`);

  it('moves one place before or after', () => {
    const moved = moveEntry(entries, entries[0].uid, 'after');
    expect(moved.entries && valueOf(moved.entries, 'paths')).toBe(`${B},${A}`);
    const back = moveEntry(entries, entries[1].uid, 'before');
    expect(back.entries && valueOf(back.entries, 'paths')).toBe(`${B},${A}`);
  });

  it("refuses a move before the first with '未知的操作' and after the last with '已到最后~'", () => {
    expect(moveEntry(entries, entries[0].uid, 'before')).toEqual({ refusal: '未知的操作' });
    expect(moveEntry(entries, entries[1].uid, 'after')).toEqual({ refusal: '已到最后~' });
    expect(moveEntry(entries, 'missing', 'after')).toEqual({ refusal: '未知的操作' });
  });

  it("accepts only files whose type contains 'image' in picture mode", () => {
    expect(isImageFile({ type: 'image/png' })).toBe(true);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
    expect(isImageFile({})).toBe(false);
  });
});
