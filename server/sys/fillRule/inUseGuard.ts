/**
 * The pages number their records with the rules they name (`"default": {"fillRule": code}`), and the
 * server refuses to start when such a rule is missing or writes numbers longer than the field
 * (server/crud/entity/fillRules.ts). So the 填值规则 page may not delete a rule a page uses, rename
 * it, or make its numbers outgrow a field that holds them: the generic edit and delete of
 * sys/fillRule are refused first, naming the page and field.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CompiledField, CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import { entityEndpoint } from '../../../runtime/contract/entityEndpoints';
import { idList } from '../../crud/entity/context';
import { BusinessError } from '../../http/envelope';
import { maxNumberLength } from './format';

interface Use {
  page: CompiledPage;
  field: CompiledField;
}

const FILL_RULE_PAGE = '/sys/fillRule';

function usesOf(pages: readonly CompiledPage[]): Map<string, Use[]> {
  const uses = new Map<string, Use[]>();
  for (const page of pages) {
    for (const field of page.fields) {
      const declared = field.default;
      if (typeof declared !== 'object' || !('fillRule' in declared)) continue;
      uses.set(declared.fillRule, [...(uses.get(declared.fillRule) ?? []), { page, field }]);
    }
  }
  return uses;
}

const named = (uses: readonly Use[]) => uses.map((u) => `${u.page.entity.title}的${u.field.label}`).join('、');
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function guardFillRulesInUse(app: FastifyInstance, apiBase: string, pages: readonly CompiledPage[]): void {
  const uses = usesOf(pages);
  const deleting = new Set([entityEndpoint(FILL_RULE_PAGE, 'delete'), entityEndpoint(FILL_RULE_PAGE, 'deleteBatch')].map((p) => `${apiBase}${p}`));
  const editing = `${apiBase}${entityEndpoint(FILL_RULE_PAGE, 'edit')}`;

  const refuseDelete = async (request: FastifyRequest) => {
    const query = request.query as { id?: string; ids?: string };
    const ids = idList(query.ids ?? query.id ?? '');
    if (ids.length === 0) return;
    const rows = await app.db.selectFrom('sys_fill_rule').select('rule_code').where('id', 'in', ids).execute();
    for (const { rule_code: code } of rows) {
      const used = uses.get(code);
      if (used) throw new BusinessError(`编号规则「${code}」正用于${named(used)}，不能删除`);
    }
  };

  const refuseEdit = async (request: FastifyRequest) => {
    const input = (request.body ?? {}) as Record<string, unknown>;
    const id = text(input.id);
    if (!id) return;
    const stored = await app.db.selectFrom('sys_fill_rule').selectAll().where('id', '=', id).executeTakeFirst();
    const used = stored ? uses.get(stored.rule_code) : undefined;
    if (!stored || !used) return;
    if (Object.hasOwn(input, 'ruleCode') && text(input.ruleCode) !== stored.rule_code) {
      throw new BusinessError(`编号规则「${stored.rule_code}」正用于${named(used)}，不能修改规则编码`);
    }
    const pick = (key: string, fallback: string | number | null) => (Object.hasOwn(input, key) ? input[key] : fallback);
    const longest = maxNumberLength({
      prefix: text(pick('prefix', stored.prefix)),
      dateFormat: text(pick('dateFormat', stored.date_format)) as Parameters<typeof maxNumberLength>[0]['dateFormat'],
      seqLength: Number(pick('seqLength', stored.seq_length)) || 0,
    });
    for (const { page, field } of used) {
      if (field.type === 'string' && field.length !== undefined && longest > field.length) {
        throw new BusinessError(`编号最长 ${longest} 位，超出${page.entity.title}的${field.label}的长度 ${field.length}，请缩短前缀、日期或流水号位数`);
      }
    }
  };

  app.addHook('preHandler', async (request) => {
    const url = request.routeOptions.url ?? '';
    if (request.method === 'DELETE' && deleting.has(url)) await refuseDelete(request);
    else if ((request.method === 'PUT' || request.method === 'POST') && url === editing) await refuseEdit(request);
  });
}
