/**
 * Checks JSON Schema cannot express: that every field a list, query, form, detail, picker, index, tree,
 * linkage or widget setting names exists, that names and columns are unique, and that a field's parts fit
 * together (widget for its type, dictionary where a widget needs one, a default of the right type…).
 * Runs on documents that already conform to the meta-schema; reports SchemaErrors like the validator.
 */
import { ExpressionError, compileExpression } from '../expr';
import type { FieldType, ListColumn, PageDocument, PageField, PageGridColumn, QueryItem, RowAction } from '../generated/page';
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
    this.detail();
    this.grid();
    this.picker();
    this.indexes();
    return this.errors;
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

  private field(field: PageField, at: string): void {
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
    this.formOnly(field, widget, at);
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
  private formOnly(field: PageField, widget: string, at: string): void {
    if (field.sameAs !== undefined) this.sameAs(field, widget, at);
    if (field.link !== undefined) this.link(field, at);
    if (widget === 'sliderCheck') {
      if (field.stored !== false) this.report(field.stored === undefined ? at : `${at}/stored`, '人机验证控件 sliderCheck 的字段不保存，需要 "stored": false');
      if (field.required !== true) this.report(field.required === undefined ? at : `${at}/required`, '人机验证控件 sliderCheck 需要 "required": true，否则拦不住保存');
    } else if (field.stored === false && field.sameAs === undefined && !this.rowActionFormFields().has(field.name)) {
      this.report(`${at}/stored`, `只有人机验证控件 sliderCheck、确认字段（sameAs）和行操作表单（rowActions 的 form）的字段可以不保存（stored: false），当前控件是 ${widget}`);
    }
    if (field.stored !== false) return;
    for (const key of ['column', 'unique', 'default', 'dictCode', 'readOnly', 'hidden'] as const) {
      if (field[key] !== undefined) this.report(`${at}/${key}`, `不保存的字段（stored: false）不能设置 ${key}`);
    }
  }

  /** Fields asked by custom row actions' small forms. */
  rowActionFormFields(): Set<string> {
    return new Set(this.doc.list.rowActions.flatMap((spec) => (typeof spec === 'string' ? [] : (spec.form ?? []))));
  }

  /** A confirmation (确认密码): form-only, a password, repeating a declared field. */
  private sameAs(field: PageField, widget: string, at: string): void {
    if (field.stored !== false) this.report(`${at}/sameAs`, '确认字段（sameAs）不保存，需要 "stored": false');
    if (widget !== 'password') this.report(`${at}/sameAs`, `确认字段（sameAs）的控件应为 password，当前控件是 ${widget}`);
    const target = field.sameAs as string;
    if (target === field.name || !this.doc.fields.some((f) => f.name === target)) this.report(`${at}/sameAs`, `确认字段引用了不存在的字段 ${target}`);
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
    if (this.doc.list.toolbar.includes('recycleBin') && !this.doc.entity.recycleBin) {
      this.report('/list/toolbar', '工具栏的 recycleBin（回收站）需要 entity.recycleBin 声明删除标记列');
    }
    const tree = this.doc.entity.tree;
    if (!tree) return;
    if (this.ownField(tree.parentField, '/entity/tree/parentField', '树的 parentField ')) this.stored(tree.parentField, '/entity/tree/parentField', '树的 parentField ');
    if (tree.hasChildField && this.ownField(tree.hasChildField, '/entity/tree/hasChildField', '树的 hasChildField ')) {
      this.stored(tree.hasChildField, '/entity/tree/hasChildField', '树的 hasChildField ');
    }
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
      if ((column.format === 'money' || column.format === 'percent') && type && !NUMERIC_TYPES.has(type)) {
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
  }

  /** Custom row actions: a key of their own, and a visibleWhen that parses and reads only row fields. */
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
      (spec.form ?? []).forEach((name, j) => {
        if (!this.ownField(name, `${at}/form/${j}`, '行操作表单')) return;
        if (this.declared.get(name)?.stored !== false) this.report(`${at}/form/${j}`, `行操作表单的字段 ${name} 应为只在表单中的字段（stored: false）`);
      });
      if (spec.form && (spec.method ?? 'get') === 'get') this.report(`${at}/method`, '带表单（form）的行操作需要 method 为 post 或 put');
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

  private form(): void {
    const { form } = this.doc;
    if (form.fields && form.groups) {
      this.report('/form', 'form 不能同时给出 fields 和 groups，请二选一');
      return;
    }
    const placed = new Map<string, string>();
    const place = (name: string, at: string) => {
      if (!this.ownField(name, at, '表单')) return;
      const earlier = placed.get(name);
      if (earlier) this.report(at, `字段 ${name} 在表单中出现了两次（已在 ${earlier}）`);
      else placed.set(name, at);
    };
    form.fields?.forEach((name, i) => place(name, `/form/fields/${i}`));
    form.groups?.forEach((group, g) => group.fields.forEach((name, i) => place(name, `/form/groups/${g}/fields/${i}`)));
    if (form.fields || form.groups) {
      const asked = this.rowActionFormFields();
      this.doc.fields.forEach((field, i) => {
        if (field.required && field.default === undefined && !placed.has(field.name) && !asked.has(field.name)) {
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
