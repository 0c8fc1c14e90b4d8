/**
 * The recycle bin of a page whose table keeps deleted rows (del_flag, toolbar action recycleBin):
 * the calls behind the 回收站 dialog, headless. It speaks either of JeecgBoot's two contracts
 * (entity.recycleBin.endpoints): perRow, SysDict's — GET <api>/deleteList, PUT <api>/back/{id},
 * DELETE <api>/deletePhysic/{id} — or batch, SysUser's — GET <api>/recycleBin, PUT
 * <api>/putRecycleBin {<idsParam>: 'a,b'}, DELETE <api>/deleteRecycleBin?<idsParam>=a,b.
 */
import { entityEndpoint } from '../contract/entityEndpoints';
import type { Host } from '../host/types';
import type { CompiledEntity } from '../schema/compiledPageTypes';

export type RecycledRow = Record<string, unknown>;

export const RECYCLE_MESSAGES = {
  title: '回收站',
  restore: '还原',
  purge: '彻底删除',
  restoreChosen: '批量还原',
  purgeChosen: '批量彻底删除',
  purgeConfirm: '彻底删除后不可恢复，确定要彻底删除吗？',
  confirmTitle: '确认提示',
  loadFailed: '回收站加载失败',
  empty: '回收站中没有数据',
} as const;

export interface RecycleBin {
  list(): Promise<RecycledRow[] | undefined>;
  /** Resolves true when the server restored the rows; tells the user the outcome. */
  restore(ids: readonly string[]): Promise<boolean>;
  /** Asks first; resolves true when the rows are gone for good. */
  purge(ids: readonly string[]): Promise<boolean>;
}

interface Answer {
  success: boolean;
  message: string;
}

export function recycleBinOf(host: Pick<Host, 'request' | 'notify' | 'confirm'>, entity: Pick<CompiledEntity, 'apiPath' | 'recycleBin'>): RecycleBin {
  const { apiPath } = entity;
  const { endpoints, idsParam } = entity.recycleBin;
  const tell = (answer: Answer, fallback: string): boolean => {
    if (answer.success) host.notify.success(answer.message || fallback);
    else host.notify.warning(answer.message || fallback);
    return answer.success;
  };
  const idPath = (endpoint: 'back' | 'deletePhysic', id: string) => `${entityEndpoint(apiPath, endpoint)}/${encodeURIComponent(id)}`;
  /** perRow: one call per row, stopping at the first refusal, which is what the user is told. */
  const eachRow = async (ids: readonly string[], call: (id: string) => Promise<Answer>): Promise<Answer> => {
    let last: Answer = { success: false, message: '' };
    for (const id of ids) {
      last = await call(id);
      if (!last.success) return last;
    }
    return last;
  };
  const change = async (ids: readonly string[], purge: boolean): Promise<Answer> => {
    if (endpoints === 'batch') {
      const params = { [idsParam]: ids.join(',') };
      return purge
        ? host.request.delete<unknown>(entityEndpoint(apiPath, 'deleteRecycleBin'), params)
        : host.request.put<unknown>(entityEndpoint(apiPath, 'putRecycleBin'), params);
    }
    return eachRow(ids, (id) => (purge ? host.request.delete<unknown>(idPath('deletePhysic', id)) : host.request.put<unknown>(idPath('back', id))));
  };
  return {
    async list() {
      try {
        const answer = await host.request.get<RecycledRow[]>(entityEndpoint(apiPath, endpoints === 'batch' ? 'recycleBin' : 'deleteList'));
        if (answer.success && Array.isArray(answer.result)) return answer.result;
        host.notify.warning(answer.message || RECYCLE_MESSAGES.loadFailed);
      } catch {
        // The request layer has told the user.
      }
      return undefined;
    },
    async restore(ids) {
      if (ids.length === 0) return false;
      try {
        return tell(await change(ids, false), '还原成功');
      } catch {
        return false;
      }
    },
    async purge(ids) {
      if (ids.length === 0) return false;
      const confirmed = await host.confirm({ title: RECYCLE_MESSAGES.confirmTitle, content: RECYCLE_MESSAGES.purgeConfirm, danger: true });
      if (!confirmed) return false;
      try {
        return tell(await change(ids, true), '删除成功');
      } catch {
        return false;
      }
    },
  };
}
