import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001_foundation';
import * as m0002 from './migrations/0002_fill_rule';
import * as m0003 from './migrations/0003_category';
import * as m0004 from './migrations/0004_quartz_job';
import * as m0005 from './migrations/0005_super_query';
import * as m0006 from './migrations/0006_quartz_job_actions';
import * as m0007 from './migrations/0007_auth_throttle';
import * as m0008 from './migrations/0008_receive_number_prefix';
import * as m0009 from './migrations/0009_file_access';
import * as m0011 from './migrations/0011_role_permission_pages';
import * as m0012 from './migrations/0012_dict_rule_admin';
import * as m0013 from './migrations/0013_sys_log';
import * as m0014 from './migrations/0014_depart_online';
import * as m0015 from './migrations/0015_messages';
import * as m0016 from './migrations/0016_sys_user_admin';
import * as m0017 from './migrations/0017_permission_data_rule';
import * as m0018 from './migrations/0018_data_source_service_node';
import * as m0019 from './migrations/0019_tenant';
import * as m0020 from './migrations/0020_depart_roles';
import * as m0022 from './migrations/0022_rule_scope';
import * as m0024 from './migrations/0024_receive_number_ga';
import * as m0025 from './migrations/0025_pg_trgm';
import * as m0026 from './migrations/0026_online_report';
import * as m0027 from './migrations/0027_online_form';
import * as m0029 from './migrations/0029_monitor_pages';
import * as m0031 from './migrations/0031_statistics_reports';
import * as m0032 from './migrations/0032_examples_menu';
import * as m0033 from './migrations/0033_sms_codes';
import * as m0034 from './migrations/0034_third_login';
import * as m0035 from './migrations/0035_settings_third_accounts';
import * as m0036 from './migrations/0036_examples_steps_results';
import * as m0037 from './migrations/0037_examples_detail_monitor';
import * as m0038 from './migrations/0038_case_summary';
import * as m0039 from './migrations/0039_dashboard_owner_departs';
import * as m0043 from './migrations/0043_examples_menu_order';
import * as m0044 from './migrations/0044_dashboard_case_names';
import * as m0045 from './migrations/0045_btree_gin';

/** Every migration, in order. A new one is a new file here; recorded ones never change. */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_fill_rule': m0002,
  '0003_category': m0003,
  '0004_quartz_job': m0004,
  '0005_super_query': m0005,
  '0006_quartz_job_actions': m0006,
  '0007_auth_throttle': m0007,
  '0008_receive_number_prefix': m0008,
  '0009_file_access': m0009,
  '0011_role_permission_pages': m0011,
  '0012_dict_rule_admin': m0012,
  '0013_sys_log': m0013,
  '0014_depart_online': m0014,
  '0015_messages': m0015,
  '0016_sys_user_admin': m0016,
  '0017_permission_data_rule': m0017,
  '0018_data_source_service_node': m0018,
  '0019_tenant': m0019,
  '0020_depart_roles': m0020,
  '0022_rule_scope': m0022,
  '0024_receive_number_ga': m0024,
  '0025_pg_trgm': m0025,
  '0026_online_report': m0026,
  '0027_online_form': m0027,
  '0029_monitor_pages': m0029,
  '0031_statistics_reports': m0031,
  '0032_examples_menu': m0032,
  '0033_sms_codes': m0033,
  '0034_third_login': m0034,
  '0035_settings_third_accounts': m0035,
  '0036_examples_steps_results': m0036,
  '0037_examples_detail_monitor': m0037,
  '0038_case_summary': m0038,
  '0039_dashboard_owner_departs': m0039,
  '0043_examples_menu_order': m0043,
  '0044_dashboard_case_names': m0044,
  '0045_btree_gin': m0045,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider, migrationTableName: 'lossdesk_migration' });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
