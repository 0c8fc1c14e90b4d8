import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAvatarUrl } from '../../../../src/layouts/BasicLayout/useAvatarUrl';

const requests = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../../src/api/request', () => ({ get: requests.get }));

beforeEach(() => {
  requests.get.mockReset();
  requests.get.mockResolvedValue({ success: true, result: { url: '/sys/common/static/avatar/20261122/ab_me.png?expires=1&signature=f' } });
});

describe('the header avatar', () => {
  it('shows a stored avatar through a signed link (an <img> cannot send the session)', async () => {
    const { result } = renderHook(() => useAvatarUrl('avatar/20261122/ab_me.png'));
    await waitFor(() => expect(result.current).toBe('/insurance/sys/common/static/avatar/20261122/ab_me.png?expires=1&signature=f'));
    expect(requests.get).toHaveBeenCalledWith('/sys/common/signStaticUrl', { path: 'avatar/20261122/ab_me.png' }, { silent: true });
  });

  it('uses an http(s) avatar as it is and asks nothing for an unsafe path or no avatar', async () => {
    expect(renderHook(() => useAvatarUrl('https://cdn.example.com/me.png')).result.current).toBe('https://cdn.example.com/me.png');
    expect(renderHook(() => useAvatarUrl('../../sys/user/list')).result.current).toBeUndefined();
    expect(renderHook(() => useAvatarUrl(null)).result.current).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requests.get).not.toHaveBeenCalled();
  });
});
