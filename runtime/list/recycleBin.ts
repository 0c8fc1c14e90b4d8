/**
 * The recycle bin of a page whose table keeps deleted rows (del_flag, toolbar action recycleBin):
 * the calls behind the 回收站 dialog, headless. JeecgBoot's SysDict paths serve every such page:
 * GET <api>/deleteList, PUT <api>/back/{id} (还原), DELETE <api>/deletePhysic/{id} (彻底删除).
 */
import { entityEndpoint } from '../contract/entityEndpoints';
import type { Host } from '../host/types';

export type RecycledRow = Record<string, unknown>;

export const RECYCLE_MESSAGES = {
  title: '回收站',
  restore: '还原',
  purge: '彻底删除',
  purgeConfirm: '彻底删除后不可恢复，确定要彻底删除吗？',
  confirmTitle: '确认提示',
  loadFailed: '回收站加载失败',
} as const;

export interface RecycleBin {
  list(): Promise<RecycledRow[] | undefined>;
  /** Resolves true when the server restored the row; tells the user the outcome. */
  restore(id: string): Promise<boolean>;
  /** Asks first; resolves true when the row is gone for good. */
  purge(id: string): Promise<boolean>;
}

export function recycleBinOf(host: Pick<Host, 'request' | 'notify' | 'confirm'>, apiPath: string): RecycleBin {
  const tell = (success: boolean, message: string, fallback: string): boolean => {
    if (success) host.notify.success(message || fallback);
    else host.notify.warning(message || fallback);
    return success;
  };
  const idPath = (endpoint: 'back' | 'deletePhysic', id: string) => `${entityEndpoint(apiPath, endpoint)}/${encodeURIComponent(id)}`;
  return {
    async list() {
      try {
        const answer = await host.request.get<RecycledRow[]>(entityEndpoint(apiPath, 'deleteList'));
        if (answer.success && Array.isArray(answer.result)) return answer.result;
        host.notify.warning(answer.message || RECYCLE_MESSAGES.loadFailed);
      } catch {
        // The request layer has told the user.
      }
      return undefined;
    },
    async restore(id) {
      try {
        const answer = await host.request.put<unknown>(idPath('back', id));
        return tell(answer.success, answer.message, '还原成功');
      } catch {
        return false;
      }
    },
    async purge(id) {
      const confirmed = await host.confirm({ title: RECYCLE_MESSAGES.confirmTitle, content: RECYCLE_MESSAGES.purgeConfirm, danger: true });
      if (!confirmed) return false;
      try {
        const answer = await host.request.delete<unknown>(idPath('deletePhysic', id));
        return tell(answer.success, answer.message, '删除成功');
      } catch {
        return false;
      }
    },
  };
}
