import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../../auth/guard';
import { BusinessError, okMessage } from '../../http/envelope';
import { SWITCH_OFF, SWITCH_ON } from './settings';

export const SETTING_PERMISSIONS = { edit: 'setting:edit' } as const;
export const SETTING_NOT_FOUND_MESSAGE = '未找到对应设置';

/**
 * 系统设置's 开启 / 关闭 (row actions of schemas/pages/sys/setting.json): PUT /sys/setting/switch
 * {id, value: '1' | '0'}. The page itself is read-only (its rows are made by the server), so this is
 * the one write, behind setting:edit. The value is read again by each request that depends on it.
 */
export const settingRoutes: FastifyPluginAsync = async (app) => {
  app.put<{ Body: { id: string; value: string } }>(
    '/sys/setting/switch',
    {
      config: { permission: SETTING_PERMISSIONS.edit },
      schema: {
        body: {
          type: 'object',
          required: ['id', 'value'],
          properties: { id: { type: 'string', minLength: 1, maxLength: 32 }, value: { type: 'string', enum: [SWITCH_ON, SWITCH_OFF] } },
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { id, value } = request.body;
      const changed = await app.db
        .updateTable('sys_setting')
        .set({ setting_value: value, update_by: me.username, update_time: sql<string>`now()` })
        .where('id', '=', id)
        .returning('setting_name')
        .executeTakeFirst();
      if (!changed) throw new BusinessError(SETTING_NOT_FOUND_MESSAGE);
      request.log.info({ setting: id, value, by: me.username }, '管理员修改了系统设置');
      return okMessage(`${changed.setting_name}已${value === SWITCH_ON ? '开启' : '关闭'}`);
    },
  );
};
