/**
 * Checks JSON Schema cannot express: that every field a list, query, form, detail, picker, index, tree,
 * linkage or widget setting names exists, that names and columns are unique, and that a field's parts fit
 * together (widget for its type, dictionary where a widget needs one, a default of the right type…).
 * Runs on documents that already conform to the meta-schema; reports SchemaErrors like the validator.
 */
import { ExpressionError, compileExpression } from '../expr';
import type { CustomRowAction, FieldType, ListColumn, PageDocument, PageField, PageGridColumn, QueryItem, RowAction } from '../generated/page';
import {
  DICT_WIDGETS,
  NUMERIC_TYPES,
  OPTION_WIDGETS,
  TEXT_TYPES,
  WIDGET_OPTION,
  WIDGETS_BY_TYPE,
  effectiveWidget,
  expressionDependencies,
  literalFitsType,
  rowExpressionFields,
} from './fieldSemantics';
import { SYSTEM_FIELD_NAMES, TENANT_FIELD_NAME, camelToUnderline } from './naming';
import { pointer, type SchemaError } from './schemaError';
import { checkPageConditions } from './rowConditions';
import { ENTITY_ENDPOINTS } from '../contract/entityEndpoints';
import { workflowErrors } from './workflowReferences';
import { checkRecordPage } from './recordPageChecks';
import { formChildKey } from './formChildren';
import { statisticsErrors } from './statistics';
import { resultErrors } from './results';

type FieldOptionKey = keyof typeof OPTION_WIDGETS;

const UPLOAD_COLUMN_OPTIONS = ['token', 'action', 'responseName', 'btnText', 'allowDownload', 'allowRemove'] as const satisfies readonly (keyof PageGridColumn)[];

const BUILT_IN_ROW_ACTIONS: ReadonlySet<string> = new Set<RowAction>(['edit', 'detail', 'delete']);

class Checker {
  readonly errors: SchemaError[] = [];
  /** Declared fields by name (first declaration wins; duplicates are reported). */
  readonly declared = new Map<string, PageField>();
  readonly systemNames: ReadonlySet<string>;

  constructor(
    private readonly source: string,
    private readonly doc: PageDocument,
  ) {
    this.systemNames = new Set<string>([
      ...SYSTEM_FIELD_NAMES,
      ...(doc.entity.tenantScoped ? [TENANT_FIELD_NAME] : []),
    ]);
  }

  report(at: string, message: string, expected?: string): void {
    this.errors.push({ source: this.source, pointer: at, message, ...(expected === undefined ? {} : { expected }) });
  }

  typeOf(name: string): FieldType | undefined {
    if (this.declared.has(name)) return this.declared.get(name)?.type;
    if (!this.systemNames.has(name)) return undefined;
    if (name === 'createTime' || name === 'updateTime') return 'datetime';
    return name === TENANT_FIELD_NAME ? 'integer' : 'string';
  }

  /** An expression must parse for the safe evaluator; bad syntax is found at load, not when a user types. */
  expression(source: string, at: string): void {
    try {
      compileExpression(source);
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      this.report(at, `表达式第 ${error.position + 1} 个字符有误：${error.reason}`);
    }
  }

  /** A field the entity has: declared or system (lists, queries, sort, detail, picker, indexes). */
  known(name: string, at: string, what: string): boolean {
    if (this.systemNames.has(name)) return true;
    if (this.declared.has(name)) return this.stored(name, at, what);
    this.report(at, `${what}引用了不存在的字段 ${name}`);
    return false;
  }

  /** Only the form may hold a form-only field (stored: false): it has no column to list, sort, query or fill. */
  stored(name: string, at: string, what: string): boolean {
    if (this.declared.get(name)?.stored !== false) return true;
    this.report(at, `${what}不能使用只存在于表单中的字段 ${name}（stored: false）`);
    return false;
  }

  /** A field the document declares (forms, linkage, tree, widget settings edit or fill it). */
  ownField(name: string, at: string, what: string): boolean {
    if (this.declared.has(name)) return true;
    this.report(
      at,
      this.systemNames.has(name) ? `${what}不能使用系统字段 ${name}` : `${what}引用了不存在的字段 ${name}`,
    );
    return false;
  }

  run(): SchemaError[] {
    this.fields();
    this.entity();
    this.list();
    this.header();
    this.form();
    this.formChildren();
    this.detail();
    this.grid();
    this.picker();
    this.endpoints();
    this.indexes();
    this.encrypted();
    this.monitor();
    this.errors.push(...workflowErrors(this.doc, this.source));
    checkPageConditions(this.doc, this);
    checkRecordPage(this.doc, this.systemNames, (at, message) => this.report(at, message));
    this.errors.push(...statisticsErrors(this.doc, this.source));
    this.errors.push(...resultErrors(this.doc, this.source));
    return this.errors;
  }

  /** A monitor's figures come from a named module's endpoint: the generic CRUD serves none. */
  private monitor(): void {
    const monitor = this.doc.monitor;
    if (!monitor) return;
    monitor.groups?.forEach((group, i) => {
      const at = `/monitor/groups/${i}`;
      if (group.kind === 'table' && (!group.rows || !group.columns?.length)) this.report(at, '表格（table）须声明 rows 和 columns');
      if (group.kind !== 'table' && !group.items?.length) this.report(at, `${group.kind} 须声明 items`);
    });
    if (monitor.groups?.length && !monitor.endpoint) this.report('/monitor/groups', '没有 endpoint 时无法显示 groups');
    if (monitor.endpoint && this.doc.entity.servedBy === undefined) this.report('/monitor/endpoint', '监控数据接口只能由服务模块提供，须同时声明 entity.servedBy');
  }

  /** A secret kept encrypted is never answered: nothing may show, search, index or look it up. */
  private encrypted(): void {
    const secret = new Set(this.doc.fields.filter((f) => f.encrypted).map((f) => f.name));
    if (secret.size === 0) return;
    this.doc.fields.forEach((field, i) => {
      if (!field.encrypted) return;
      const at = `${pointer('fields', i)}/encrypted`;
      if (field.type !== 'string' || (field.widget ?? 'password') !== 'password') this.report(at, '加密字段（encrypted）须为 string 类型并使用 password 控件');
      if (field.unique || field.dictCode || field.sensitive === false) this.report(at, '加密字段（encrypted）不能是唯一字段、字典字段或声明为非敏感');
      if (field.widget === undefined) this.report(at, '加密字段（encrypted）须声明 "widget": "password"');
    });
    const shown: [string, readonly (string | { field: string })[] | undefined][] = [
      ['/list/columns', this.doc.list.columns],
      ['/list/query', this.doc.list.query],
      ['/detail/fields', this.doc.detail?.fields],
      ['/picker/columns', this.doc.picker?.columns],
      ['/grid/columns', this.doc.grid?.columns],
    ];
    for (const [at, items] of shown) {
      items?.forEach((item, i) => {
        const name = typeof item === 'string' ? item : item.field;
        if (secret.has(name)) this.report(`${at}/${i}`, `加密字段 ${name} 从不返回给浏览器，不能出现在这里`);
      });
    }
    this.doc.indexes?.forEach((index, i) => {
      if (index.fields.some((name) => secret.has(name))) this.report(`/indexes/${i}`, '加密字段不能建索引');
    });
  }

  private fields(): void {
    const columns = new Map<string, number>();
    const systemColumns = new Set([...this.systemNames].map(camelToUnderline));
    this.doc.fields.forEach((field, i) => {
      const at = pointer('fields', i);
      const first = this.doc.fields.findIndex((f) => f.name === field.name);
      if (this.systemNames.has(field.name)) {
        this.report(`${at}/name`, `字段名 ${field.name} 是系统字段，会自动存在，不能声明`);
      } else if (first !== i) {
        this.report(`${at}/name`, `字段名 ${field.name} 重复（已在 ${pointer('fields', first)} 声明）`);
      } else {
        this.declared.set(field.name, field);
      }
      const column = field.column ?? camelToUnderline(field.name);
      const columnAt = field.column ? `${at}/column` : `${at}/name`;
      if (systemColumns.has(column)) {
        this.report(columnAt, `列名 ${column} 是系统列，不能使用`);
      } else if (columns.has(column) && first === i) {
        this.report(columnAt, `列名 ${column} 与 ${pointer('fields', columns.get(column) ?? 0)} 的列重复`);
      } else {
        columns.set(column, i);
      }
    });
    this.doc.fields.forEach((field, i) => this.field(field, pointer('fields', i)));
  }

  /** `siblings`: the fields a sameAs may repeat (the page's, or a row action form's). */
  private field(field: PageField, at: string, siblings: readonly PageField[] = this.doc.fields): void {
    const { type } = field;
    if (field.length !== undefined && type !== 'string') this.report(`${at}/length`, 'length 只适用于 string 类型');
    for (const key of ['precision', 'scale'] as const) {
      if (field[key] !== undefined && type !== 'number' && type !== 'money') {
        this.report(`${at}/${key}`, `${key} 只适用于 number 和 money 类型`);
      }
    }
    if (field.precision !== undefined && field.scale !== undefined && field.scale > field.precision) {
      this.report(`${at}/scale`, `scale ${field.scale} 不能大于 precision ${field.precision}`);
    }

    const widget = effectiveWidget(field);
    const allowed = WIDGETS_BY_TYPE[type];
    if (!allowed.includes(widget)) {
      this.report(`${at}/widget`, `控件 ${widget} 不能编辑 ${type} 类型的字段`, allowed.join('、'));
    }
    this.formOnly(field, widget, at, siblings);
    if (DICT_WIDGETS.has(widget) && !field.dictCode) {
      this.report(field.widget ? `${at}/widget` : at, `控件 ${widget} 需要 dictCode 指定字典`);
    }
    const neededOption = WIDGET_OPTION[widget];
    if (neededOption && !field.options?.[neededOption]) {
      this.report(field.options ? `${at}/options` : at, `控件 ${widget} 需要 options.${neededOption} 配置`);
    }
    for (const key of Object.keys(field.options ?? {}) as FieldOptionKey[]) {
      if (!OPTION_WIDGETS[key].includes(widget)) {
        this.report(`${at}/options/${key}`, `options.${key} 只适用于控件 ${OPTION_WIDGETS[key].join('、')}，当前控件是 ${widget}`);
      }
    }
    const popup = field.options?.popup;
    if (popup) {
      if (popup.orgFields.length !== popup.destFields.length) {
        this.report(`${at}/options/popup`, 'popup参数未正确配置：原始值和目标值数量不一致!');
      }
      popup.destFields.forEach((name, j) => {
        if (this.ownField(name, `${at}/options/popup/destFields/${j}`, 'popup 的 destFields ')) this.stored(name, `${at}/options/popup/destFields/${j}`, 'popup 的 destFields ');
      });
      // The popup's own field takes the values of `field`: outside destFields it would stay empty.
      const shown = popup.field ?? field.name;
      if (!popup.destFields.includes(shown)) {
        this.report(
          popup.field === undefined ? `${at}/options/popup/destFields` : `${at}/options/popup/field`,
          popup.field === undefined
            ? `popup 所在字段 ${field.name} 不在 destFields 中，选中后它会是空的：请把它加入 destFields，或用 field 指定它取哪个目标字段的值`
            : `popup 的 field ${popup.field} 必须是 destFields 之一`,
          popup.destFields.join('、'),
        );
      }
    }
    for (const name of Object.keys(field.options?.picker?.fill ?? {})) {
      const fillAt = `${at}/options/picker/fill/${name}`;
      if (!this.ownField(name, fillAt, '选择器的 fill ')) continue;
      if (name === field.name) this.report(fillAt, `选择器的 fill 不能填写字段自身 ${name}`);
      else this.stored(name, fillAt, '选择器的 fill ');
    }
    field.options?.linkDown?.linkFields.forEach((name, j) => {
      if (this.ownField(name, `${at}/options/linkDown/linkFields/${j}`, '联动下拉的 linkFields ')) this.stored(name, `${at}/options/linkDown/linkFields/${j}`, '联动下拉的 linkFields ');
    });

    if (field.compute !== undefined) {
      this.expression(field.compute, `${at}/compute`);
      for (const name of expressionDependencies(field.compute)) {
        if (name === field.name) this.report(`${at}/compute`, `计算字段 ${name} 不能引用自身`);
        else if (this.ownField(name, `${at}/compute`, '计算表达式')) this.stored(name, `${at}/compute`, '计算表达式');
      }
    }
    const value = field.default;
    if (value !== undefined && typeof value === 'object' && 'expr' in value) this.expression(value.expr, `${at}/default/expr`);
    if (value !== undefined && typeof value !== 'object' && !literalFitsType(value, type)) {
      this.report(`${at}/default`, `默认值 ${JSON.stringify(value)} 与字段类型 ${type} 不符`);
    }

    (field.rules ?? []).forEach((rule, j) => {
      const ruleAt = `${at}/rules/${j}`;
      if (rule.minLength !== undefined && rule.maxLength !== undefined && rule.minLength > rule.maxLength) {
        this.report(`${ruleAt}/minLength`, `minLength ${rule.minLength} 大于 maxLength ${rule.maxLength}`);
      }
      if (rule.min !== undefined && rule.max !== undefined && rule.min > rule.max) {
        this.report(`${ruleAt}/min`, `min ${rule.min} 大于 max ${rule.max}`);
      }
      if ((rule.minLength !== undefined || rule.maxLength !== undefined) && !TEXT_TYPES.has(type)) {
        this.report(ruleAt, `长度规则只适用于 string 和 text 类型`);
      }
      if (rule.maxLength !== undefined && type === 'string' && rule.maxLength > (field.length ?? 255)) {
        this.report(`${ruleAt}/maxLength`, `maxLength ${rule.maxLength} 超过字段长度 ${field.length ?? 255}`);
      }
    });
  }

  /**
   * The human check is the one form-only widget: it proves a person is saving, so it must be
   * required, holds a boolean while the form is open, and has nothing to store.
   */
  private formOnly(field: PageField, widget: string, at: string, siblings: readonly PageField[]): void {
    if (field.sameAs !== undefined) this.sameAs(field, widget, at, siblings);
    if (field.link !== undefined) this.link(field, at);
    if (widget === 'sliderCheck') {
      if (field.stored !== false) this.report(field.stored === undefined ? at : `${at}/stored`, '人机验证控件 sliderCheck 的字段不保存，需要 "stored": false');
      if (field.required !== true) this.report(field.required === undefined ? at : `${at}/required`, '人机验证控件 sliderCheck 需要 "required": true，否则拦不住保存');
    } else if (field.stored === false && field.sameAs === undefined) {
      this.report(`${at}/stored`, `只有人机验证控件 sliderCheck 和确认字段（sameAs）可以不保存（stored: false），当前控件是 ${widget}`);
    }
    if (field.stored !== false) return;
    for (const key of ['column', 'unique', 'default', 'dictCode', 'readOnly', 'hidden'] as const) {
      if (field[key] !== undefined) this.report(`${at}/${key}`, `不保存的字段（stored: false）不能设置 ${key}`);
    }
  }

  /**
   * A confirmation (确认密码): a password repeating a sibling field; among the page's fields it is
   * form-only (a row action form's fields have no column anyway).
   */
  private sameAs(field: PageField, widget: string, at: string, siblings: readonly PageField[]): void {
    if (siblings === this.doc.fields && field.stored !== false) this.report(`${at}/sameAs`, '确认字段（sameAs）不保存，需要 "stored": false');
    if (widget !== 'password') this.report(`${at}/sameAs`, `确认字段（sameAs）的控件应为 password，当前控件是 ${widget}`);
    const target = field.sameAs as string;
    if (target === field.name || !siblings.some((f) => f.name === target)) this.report(`${at}/sameAs`, `确认字段引用了不存在的字段 ${target}`);
  }

  /** A link field keeps its keys in the link table: no column, no uniqueness, text-typed keys. */
  private link(field: PageField, at: string): void {
    if (field.type !== 'string' && field.type !== 'text') this.report(`${at}/type`, '多对多关联字段（link）的类型应为 string 或 text（逗号分隔的主键）');
    for (const key of ['column', 'unique', 'default', 'compute'] as const) {
      if (field[key] !== undefined) this.report(`${at}/${key}`, `多对多关联字段（link）不能设置 ${key}`);
    }
    if (field.stored === false) this.report(`${at}/stored`, '多对多关联字段（link）不能是 stored: false');
  }

  /** Fields without a column of their own cannot be queried, sorted or indexed. */
  private columnless(name: string, at: string, what: string): void {
    if (this.declared.get(name)?.link !== undefined) this.report(at, `${what}不能使用多对多关联字段 ${name}（它没有自己的列）`);
  }

  private entity(): void {
    const tree = this.doc.entity.tree;
    if (!tree) return;
    if (this.ownField(tree.parentField, '/entity/tree/parentField', '树的 parentField ')) this.stored(tree.parentField, '/entity/tree/parentField', '树的 parentField ');
    if (tree.hasChildField && this.ownField(tree.hasChildField, '/entity/tree/hasChildField', '树的 hasChildField ')) {
      this.stored(tree.hasChildField, '/entity/tree/hasChildField', '树的 hasChildField ');
    }
    const cascade = tree.cascade;
    if (!cascade) return;
    const at = '/entity/tree/cascade';
    this.typedOwnField(cascade.levelField, `${at}/levelField`, '级联的 levelField ', ['integer'], '整数');
    this.typedOwnField(cascade.nameField, `${at}/nameField`, '级联的 nameField ', [...TEXT_TYPES], '文本');
    const levels = new Set<number>();
    cascade.levelEndpoints?.forEach((spec, i) => {
      if (spec.level > cascade.levels) this.report(`${at}/levelEndpoints/${i}/level`, `级别 ${spec.level} 超出级联的级数 ${cascade.levels}`);
      else if (levels.has(spec.level)) this.report(`${at}/levelEndpoints/${i}/level`, `级别 ${spec.level} 的端点重复声明`);
      levels.add(spec.level);
    });
  }

  /** A declared, stored field of one of `types` (server routes filter and order by its column). */
  private typedOwnField(name: string, at: string, what: string, types: readonly FieldType[], kind: string): void {
    if (!this.ownField(name, at, what) || !this.stored(name, at, what)) return;
    const type = this.typeOf(name);
    if (type && !types.includes(type)) this.report(at, `${what}${name} 必须是${kind}字段，当前类型是 ${type}`);
  }

  /**
   * The endpoints a page adds under its API path (picker list, tree picker, cascade) are registered by the server beside
   * the generic ones: a name used twice would drop or shadow a route, so it is refused here.
   */
  private endpoints(): void {
    const generic = new Set<string>(Object.values(ENTITY_ENDPOINTS));
    const seen = new Map<string, string>();
    const claim = (name: string | undefined, at: string, replacesGeneric = false): void => {
      if (name === undefined) return;
      if (generic.has(name) && !replacesGeneric) {
        this.report(at, `端点名 ${name} 与通用端点重名，请换一个名字`);
        return;
      }
      const first = seen.get(name);
      if (first !== undefined) this.report(at, `端点名 ${name} 已在 ${first} 使用`);
      else seen.set(name, at);
    };
    const picker = this.doc.picker;
    // A picker listing from `list` uses the generic endpoint itself; any other name is one more route.
    if (picker?.list !== ENTITY_ENDPOINTS.list) claim(picker?.list, '/picker/list');
    const tree = picker?.tree;
    claim(tree?.load, '/picker/tree/load');
    claim(tree?.search, '/picker/tree/search');
    const cascade = this.doc.entity.tree?.cascade;
    // The map endpoint answers childList's pid question too, so it may take childList's place.
    claim(cascade?.mapEndpoint ?? (cascade ? ENTITY_ENDPOINTS.childList : undefined), '/entity/tree/cascade/mapEndpoint', cascade?.mapEndpoint === undefined || cascade.mapEndpoint === ENTITY_ENDPOINTS.childList);
    cascade?.levelEndpoints?.forEach((spec, i) => claim(spec.endpoint, `/entity/tree/cascade/levelEndpoints/${i}/endpoint`));
    claim(this.doc.monitor?.endpoint, '/monitor/endpoint');
  }

  /** The header filters the list like query items do, so its fields must be stored and not also in the query bar. */
  private header(): void {
    const { header } = this.doc;
    if (!header) return;
    const queried = new Set((this.doc.list.query ?? []).map((item) => item.field));
    const filterField = (name: string, at: string, what: string): boolean => {
      if (!this.known(name, at, what)) return false;
      if (queried.has(name)) {
        this.report(at, `${what}的字段 ${name} 已是查询条件，两处同时过滤同一字段会互相覆盖`);
        return false;
      }
      return true;
    };
    const search = header.search;
    if (search && filterField(search.field, '/header/search/field', '页头搜索框')) {
      const type = this.typeOf(search.field);
      if (type && !TEXT_TYPES.has(type)) this.report('/header/search/field', `页头搜索框按 like 查询，只适用于 string 和 text 字段，${search.field} 是 ${type}`);
    }
    header.tabs?.forEach((tab, i) => {
      const at = `/header/tabs/${i}`;
      const first = header.tabs?.findIndex((t) => t.key === tab.key) ?? i;
      if (first !== i) this.report(`${at}/key`, `标签页 key ${tab.key} 重复（已在 /header/tabs/${first}）`);
      for (const name of Object.keys(tab.filter ?? {})) filterField(name, `${at}/filter/${name}`, '页头标签页');
    });
  }

  private columns(columns: readonly ListColumn[], at: string): void {
    columns.forEach((column, i) => {
      const columnAt = `${at}/${i}`;
      const first = columns.findIndex((c) => c.field === column.field);
      if (first !== i) this.report(`${columnAt}/field`, `列 ${column.field} 重复（已在 ${at}/${first}）`);
      if (!this.known(column.field, `${columnAt}/field`, '列表列')) return;
      const type = this.typeOf(column.field);
      if (column.format === 'dictText' && !this.declared.get(column.field)?.dictCode) {
        this.report(`${columnAt}/format`, `字段 ${column.field} 没有绑定字典，不能用 dictText 格式`);
      }
      if ((column.format === 'money' || column.format === 'percent' || column.format === 'bytes' || column.format === 'duration') && type && !NUMERIC_TYPES.has(type)) {
        this.report(`${columnAt}/format`, `格式 ${column.format} 只适用于数值字段，${column.field} 是 ${type}`);
      }
    });
  }

  private query(items: readonly QueryItem[], at: string): void {
    items.forEach((item, i) => {
      const itemAt = `${at}/${i}`;
      const first = items.findIndex((q) => q.field === item.field);
      if (first !== i) this.report(`${itemAt}/field`, `查询条件 ${item.field} 重复（已在 ${at}/${first}）`);
      if (!this.known(item.field, `${itemAt}/field`, '查询条件')) return;
      const type = this.typeOf(item.field);
      if (item.mode === 'like' && type && !TEXT_TYPES.has(type)) {
        this.report(`${itemAt}/mode`, `模糊查询 like 只适用于 string 和 text 字段，${item.field} 是 ${type}`);
      }
    });
  }

  private list(): void {
    const { list } = this.doc;
    this.columns(list.columns, '/list/columns');
    this.query(list.query ?? [], '/list/query');
    if (list.defaultSort) this.known(list.defaultSort.field, '/list/defaultSort/field', '默认排序');
    if (list.defaultSort) this.columnless(list.defaultSort.field, '/list/defaultSort/field', '默认排序');
    (list.query ?? []).forEach((item, i) => this.columnless(item.field, `/list/query/${i}/field`, '查询条件'));
    list.columns.forEach((column, i) => {
      if (column.sortable) this.columnless(column.field, `/list/columns/${i}/sortable`, '可排序的列');
    });
    (this.doc.indexes ?? []).forEach((index, i) => index.fields.forEach((name, j) => this.columnless(name, `/indexes/${i}/fields/${j}`, '索引')));
    if (list.rowSelection === false && list.toolbar.includes('batchDelete')) {
      this.report('/list/rowSelection', '工具栏有 batchDelete（批量删除）时不能关闭 rowSelection');
    }
    this.customRowActions();
    this.readOnly();
    this.card();
  }

  /** A card list (`list.display: cards`) names its card's fields; a card layout is only for a card list. */
  private card(): void {
    const { display, card, wholeTree } = this.doc.list;
    if (display === 'cards' && !card) this.report('/list/card', '卡片列表（display: cards）须声明 card（至少 title）');
    if (card && display !== 'cards') this.report('/list/card', '只有卡片列表（display: cards）才能声明 card');
    if (display === 'cards' && (wholeTree || this.doc.entity.tree)) this.report('/list/display', '树形列表不能显示为卡片（display: cards）');
    if (!card) return;
    this.known(card.title, '/list/card/title', '卡片标题');
    if (card.description) this.known(card.description, '/list/card/description', '卡片描述');
    card.extra?.forEach((name, i) => this.known(name, `/list/card/extra/${i}`, '卡片附加信息'));
    if (card.avatar && this.known(card.avatar, '/list/card/avatar', '卡片头像')) {
      const field = this.declared.get(card.avatar);
      if (!field || effectiveWidget(field) !== 'image') this.report('/list/card/avatar', `卡片头像须是图片（image）字段，${card.avatar} 不是`);
    }
  }

  /** A read-only page (rows the server writes) offers nothing that writes. */
  private readOnly(): void {
    if (!this.doc.entity.readOnly) return;
    this.doc.list.toolbar.forEach((name, i) => {
      if (name !== 'export') this.report(`/list/toolbar/${i}`, `只读页面（entity.readOnly）的工具栏只能有 export，不能有 ${name}`);
    });
    this.doc.list.rowActions.forEach((spec, i) => {
      if (spec === 'edit' || spec === 'delete') this.report(`/list/rowActions/${i}`, `只读页面（entity.readOnly）不能有行操作 ${spec}`);
    });
    if (this.doc.grid) this.report('/grid', '只读页面（entity.readOnly）不能有可编辑表格 grid');
  }

  /** Custom row actions: a key of their own, and a visibleWhen that parses and reads only row fields. */
  /** 添加下级 and the like: the preset fields are the page's own, the row fields it reads are known. */
  private rowAdd(add: NonNullable<CustomRowAction['add']>, at: string): void {
    for (const [target, from] of Object.entries(add.rowValues ?? {})) {
      this.ownField(target, `${at}/rowValues/${target}`, '带值新增');
      if (from !== undefined) this.known(from, `${at}/rowValues/${target}`, '带值新增');
    }
    for (const target of Object.keys(add.values ?? {})) this.ownField(target, `${at}/values/${target}`, '带值新增');
  }

  private customRowActions(): void {
    const keys = new Map<string, string>();
    this.doc.list.rowActions.forEach((spec, i) => {
      if (typeof spec === 'string') return;
      const at = `/list/rowActions/${i}`;
      if (BUILT_IN_ROW_ACTIONS.has(spec.key)) {
        this.report(`${at}/key`, `自定义行操作的 key 不能与内置行操作 ${spec.key} 同名`);
      }
      const earlier = keys.get(spec.key);
      if (earlier) this.report(`${at}/key`, `行操作 key ${spec.key} 重复（已在 ${earlier}）`);
      else keys.set(spec.key, at);
      this.rowActionDialogs(spec, at);
      if (spec.view !== undefined || spec.add !== undefined) {
        for (const key of ['method', 'confirm'] as const) {
          if (spec[key] !== undefined) this.report(`${at}/${key}`, `${spec.add ? '带值新增' : '打开视图'}的行操作不调用接口，不能有 ${key}`);
        }
      }
      if (spec.add) this.rowAdd(spec.add, `${at}/add`);
      Object.entries(spec.rowParams ?? {}).forEach(([param, name]) => {
        if (name !== undefined) this.known(name, `${at}/rowParams/${param}`, '行操作参数');
      });
      if (spec.visibleWhen === undefined) return;
      this.expression(spec.visibleWhen, `${at}/visibleWhen`);
      if (expressionDependencies(spec.visibleWhen).length > 0) {
        this.report(`${at}/visibleWhen`, '行操作的 visibleWhen 读取的是行数据，请写 $row.<字段>，不能用 $values');
      }
      for (const name of rowExpressionFields(spec.visibleWhen)) this.known(name, `${at}/visibleWhen`, '行操作表达式');
    });
  }

  /**
   * A row action's form sends its values in a body (post or put); its table reads an answer (get).
   * The form's fields are checked as declared fields are, but they have no column.
   */
  private rowActionDialogs(spec: CustomRowAction, at: string): void {
    if (spec.form && spec.table) this.report(at, '行操作不能同时声明 form 和 table，请二选一');
    if (spec.form && spec.method === 'get') this.report(`${at}/method`, '带表单（form）的行操作用 post 或 put 提交表单的值，不能用 get');
    if (spec.table && spec.method !== undefined && spec.method !== 'get') this.report(`${at}/method`, '显示表格（table）的行操作只读取数据，method 应为 get');
    const names = new Map<string, number>();
    spec.form?.fields.forEach((field, i) => {
      const fieldAt = `${at}/form/fields/${i}`;
      const earlier = names.get(field.name);
      if (earlier !== undefined) this.report(`${fieldAt}/name`, `字段名 ${field.name} 重复（已在 ${at}/form/fields/${earlier} 声明）`);
      else names.set(field.name, i);
      if (field.name === 'id') this.report(`${fieldAt}/name`, '行操作表单的字段不能叫 id：id 是所在行的主键');
      if (field.compute !== undefined || field.stored === false) this.report(fieldAt, '行操作表单的字段不能是计算字段或 stored: false 字段');
      this.field(field, fieldAt, spec.form?.fields);
    });
  }

  private form(): void {
    const { form } = this.doc;
    if (form.fields && form.groups) {
      this.report('/form', 'form 不能同时给出 fields 和 groups，请二选一');
      return;
    }
    if (form.steps && (form.fields || form.groups)) {
      this.report('/form/steps', '分步表单（form.steps）不能与 fields 或 groups 同时使用：字段写在各步骤中');
      return;
    }
    if (form.steps && form.children) this.report('/form/steps', '分步表单（form.steps）不能带附表（form.children）');
    if (form.steps && this.doc.grid) this.report('/form/steps', '表格页没有表单，不能使用分步表单（form.steps）');
    const placed = new Map<string, string>();
    const place = (name: string, at: string) => {
      if (!this.ownField(name, at, '表单')) return;
      const earlier = placed.get(name);
      if (earlier) this.report(at, `字段 ${name} 在表单中出现了两次（已在 ${earlier}）`);
      else placed.set(name, at);
    };
    form.fields?.forEach((name, i) => place(name, `/form/fields/${i}`));
    form.groups?.forEach((group, g) => group.fields.forEach((name, i) => place(name, `/form/groups/${g}/fields/${i}`)));
    form.steps?.items.forEach((step, g) => step.fields.forEach((name, i) => place(name, `/form/steps/items/${g}/fields/${i}`)));
    if (form.fields || form.groups || form.steps) {
      this.doc.fields.forEach((field, i) => {
        if (field.required && field.default === undefined && !placed.has(field.name)) {
          this.report(pointer('fields', i), `必填字段 ${field.name} 没有默认值，也不在表单中，用户无法填写`);
        }
      });
    }
    form.linkage?.forEach((rule, i) => {
      const at = `/form/linkage/${i}`;
      this.ownField(rule.target, `${at}/target`, '联动');
      const expressions: [string, string][] = [
        ['when', rule.when],
        ...Object.entries(rule.set).map(([key, value]): [string, string] => [`set/${key}`, value]),
      ];
      for (const [key, expression] of expressions) {
        this.expression(expression, `${at}/${key}`);
        for (const name of expressionDependencies(expression)) this.ownField(name, `${at}/${key}`, '联动表达式');
      }
    });
  }

  /** One-to-many children: a key each of its own, clashing with no field of this page (the record carries both). */
  private formChildren(): void {
    const keys = new Map<string, number>();
    this.doc.form.children?.forEach((child, i) => {
      const at = `/form/children/${i}`;
      const key = formChildKey(child);
      const earlier = keys.get(key);
      if (earlier !== undefined) this.report(`${at}/key`, `附表的 key ${key} 与第 ${earlier + 1} 个附表重复`);
      else keys.set(key, i);
      if (this.declared.has(key) || this.systemNames.has(key)) this.report(`${at}/key`, `附表的 key ${key} 与本页字段同名`);
      if (child.page === `${this.doc.entity.module}/${this.doc.entity.name}`) this.report(`${at}/page`, '附表不能是本页自己');
    });
    if (this.doc.form.children && (this.doc.grid || this.doc.entity.tree)) this.report('/form/children', '树表和表格页不能带附表');
  }

  private detail(): void {
    this.doc.detail?.fields?.forEach((name, i) => this.known(name, `/detail/fields/${i}`, '详情'));
  }

  /** Grid columns are saved by saveBatch: declared, stored fields only (pageGrid refuses system ones). */
  private grid(): void {
    const { grid } = this.doc;
    if (!grid) return;
    grid.columns.forEach((column, i) => {
      const at = `/grid/columns/${i}/field`;
      if (this.ownField(column.field, at, '表格列')) this.stored(column.field, at, '表格列');
      // No field type defaults to an upload cell, so these only ever work with an explicit type.
      if (column.type === 'upload') return;
      for (const key of UPLOAD_COLUMN_OPTIONS) {
        if (column[key] !== undefined) this.report(`/grid/columns/${i}/${key}`, `${key} 只适用于 upload 列，当前列类型是 ${column.type ?? '默认'}`);
      }
    });
    if (grid.orderField) this.known(grid.orderField, '/grid/orderField', '排序字段');
  }

  private picker(): void {
    const { picker } = this.doc;
    if (!picker) return;
    this.columns(picker.columns, '/picker/columns');
    this.query(picker.query ?? [], '/picker/query');
    this.known(picker.valueField, '/picker/valueField', '选择器的 valueField ');
    this.known(picker.textField, '/picker/textField', '选择器的 textField ');
    if (picker.tree && !this.doc.entity.tree) {
      this.report('/picker/tree', '树形选择器（picker.tree）只适用于树形实体，请先声明 entity.tree');
    }
    this.treeSearch();
  }

  /** The search endpoint matches keyWord with LIKE: only text columns can be searched. */
  private treeSearch(): void {
    const picker = this.doc.picker;
    const tree = picker?.tree;
    if (!picker || !tree) return;
    if (tree.searchFields && tree.search === undefined) {
      this.report('/picker/tree/searchFields', '没有声明 search 端点，searchFields 不会被使用');
      return;
    }
    if (tree.search === undefined) return;
    const searched = tree.searchFields ?? [picker.textField];
    searched.forEach((name, i) => {
      const at = tree.searchFields ? `/picker/tree/searchFields/${i}` : '/picker/tree/search';
      const what = tree.searchFields ? '树形选择器的 searchFields ' : '树形选择器按 textField 搜索，';
      if (!(tree.searchFields ? this.known(name, at, what) : true)) return;
      const type = this.typeOf(name);
      if (type && !TEXT_TYPES.has(type)) this.report(at, `${what}字段 ${name} 不是文本字段（类型 ${type}），不能按关键字搜索${tree.searchFields ? '' : '，请用 searchFields 指定文本字段'}`);
    });
  }

  private indexes(): void {
    this.doc.indexes?.forEach((index, i) =>
      index.fields.forEach((name, j) => this.known(name, `/indexes/${i}/fields/${j}`, '索引')),
    );
  }
}

/** Cross-reference errors of a document that conforms to the meta-schema; empty when it is consistent. */
export function checkCrossReferences(doc: PageDocument, source: string): SchemaError[] {
  return new Checker(source, doc).run();
}
