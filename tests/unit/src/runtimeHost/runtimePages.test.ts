import { describe, expect, it, vi } from 'vitest';
import { createRuntimePages } from '../../../../src/runtimeHost';
import { expertDocument } from '../../runtime/schema/fixtures';

describe('host.pages over the shipped page documents', () => {
  it('compiles a referenced page once', async () => {
    const loader = vi.fn(async () => expertDocument());
    const pages = createRuntimePages({ '/schemas/pages/maintenance/expert.json': loader });
    const page = await pages.load('maintenance/expert');
    expect(page.picker?.textField.name).toBe('expertName');
    expect(await pages.load('maintenance/expert')).toBe(page);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('rejects in Chinese for a missing, an unloadable and a broken page, and tries again later', async () => {
    const broken = { ...expertDocument(), fields: [] };
    let attempts = 0;
    const pages = createRuntimePages({
      '/schemas/pages/maintenance/broken.json': async () => broken,
      '/schemas/pages/maintenance/flaky.json': async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('network');
        return expertDocument();
      },
    });
    await expect(pages.load('maintenance/nowhere')).rejects.toThrow('页面定义不存在：schemas/pages/maintenance/nowhere.json');
    await expect(pages.load('../../etc/passwd')).rejects.toThrow('页面定义不存在');
    await expect(pages.load('maintenance/broken')).rejects.toThrow(
      '页面定义有误：schemas/pages/maintenance/broken.json#/fields 至少需要 1 项',
    );
    await expect(pages.load('maintenance/flaky')).rejects.toThrow('页面定义加载失败：schemas/pages/maintenance/flaky.json（network）');
    await expect(pages.load('maintenance/flaky')).resolves.toMatchObject({ entity: { name: 'expert' } });
  });
});
