import type { FastifyPluginAsync } from 'fastify';
import { BusinessError, okMessage } from '../../http/envelope';
import { SecretOpenError } from '../../secrets/secretBox';
import { ConnectionSettingsError, connectionOf, type DataSourceSettings } from './connection';
import { storedSettings, tryConnection, type DataSources } from './dataSources';

export const DATA_SOURCE_PERMISSIONS = { testConnection: 'dataSource:testConnection' } as const;
export const CONNECTED = '数据库连接成功';
export const NOT_FOUND = '未找到对应数据';

interface TestBody {
  id?: string;
  dbType?: string;
  dbDriver?: string;
  dbUrl?: string;
  dbName?: string;
  dbUsername?: string;
  dbPassword?: string;
}

const text = (max: number) => ({ type: ['string', 'null'], maxLength: max });
const testSchema = {
  body: {
    type: 'object',
    properties: {
      id: { type: 'string', maxLength: 36 },
      code: text(100),
      name: text(100),
      remark: text(200),
      dbType: text(10),
      dbDriver: text(100),
      dbUrl: text(500),
      dbName: text(100),
      dbUsername: text(100),
      dbPassword: text(100),
    },
  },
} as const;

const given = (value: string | null | undefined): string | undefined => (value === null || value === undefined || value.trim() === '' ? undefined : value);

/**
 * 测试连接 at JeecgBoot's path (`POST /online/cgreport/api/testConnection`, the data source's fields) and
 * as the 数据源 page's row action (`POST /sys/dataSource/testConnection {id}`). With an id, the stored
 * data source is tried with any fields the body gives in place of its own — a form being edited
 * sends its values and leaves the password blank to keep the stored one. The answer says
 * 数据库连接成功 or 数据库连接失败：<why>; the password is never in it.
 */
export const dataSourceRoutes: FastifyPluginAsync<{ dataSources: DataSources }> = async (app, opts) => {
  const test = async (body: TestBody) => {
    let settings: DataSourceSettings = { dbType: null, dbUrl: null, dbName: null, dbUsername: null, password: '' };
    if (body.id) {
      const row = await app.db.selectFrom('sys_data_source').selectAll().where('id', '=', body.id).executeTakeFirst();
      if (!row) throw new BusinessError(NOT_FOUND);
      // A password typed in the form is tried instead of the stored one, which is then not opened.
      const stored = given(body.dbPassword) === undefined ? row : { ...row, db_password: null };
      try {
        settings = storedSettings(stored, app.secrets);
      } catch (err) {
        if (err instanceof SecretOpenError) throw new BusinessError(`数据库连接失败：${err.message}`);
        throw err;
      }
    }
    settings = {
      dbType: given(body.dbType) ?? settings.dbType,
      dbUrl: given(body.dbUrl) ?? settings.dbUrl,
      dbName: given(body.dbName) ?? settings.dbName,
      dbUsername: given(body.dbUsername) ?? settings.dbUsername,
      password: given(body.dbPassword) ?? settings.password,
    };
    let failure: string | undefined;
    try {
      failure = await tryConnection(connectionOf(settings));
    } catch (err) {
      if (err instanceof ConnectionSettingsError) failure = err.message;
      else throw err;
    }
    if (failure) throw new BusinessError(`数据库连接失败：${failure}`);
    return okMessage(CONNECTED);
  };

  const route = { config: { permission: DATA_SOURCE_PERMISSIONS.testConnection }, schema: testSchema };
  app.post<{ Body: TestBody }>('/sys/dataSource/testConnection', route, async (request) => test(request.body ?? {}));
  app.post<{ Body: TestBody }>('/online/cgreport/api/testConnection', route, async (request) => test(request.body ?? {}));
  app.addHook('onClose', async () => opts.dataSources.closeAll());
};
