import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerFormilyCompiler } from '../../../../../runtime/expr/formilyCompiler';
import { FormModal, type FormModalProps } from '../../../../../runtime/views/form/FormModal';
import { createFakeHost, fail, ok, type Answer, type RecordedCall } from '../../list/fakeHost';
import { compile, expertLikeDocument } from './fixtures';

const page = compile(expertLikeDocument());

const LOSS_TYPES = [
  { value: 'car', text: '车损' },
  { value: 'house', text: '房屋' },
];

const STORED = {
  id: 'w1',
  witnessName: '王五',
  contactMobile: '13800138000',
  lossType: 'house',
  lossType_dictText: '房屋',
  vehicleNo: '',
  fee: '1234.5',
  handler: 'admin',
  createTime: '2024-03-05 08:09:10',
};

function setup(props: Partial<FormModalProps> = {}, respond?: (call: RecordedCall) => Answer | undefined) {
  const fake = createFakeHost();
  fake.respond((call) => {
    const custom = respond?.(call);
    if (custom) return custom;
    if (call.url.startsWith('/sys/dict/getDictItems/loss_type')) return ok(LOSS_TYPES);
    if (call.url === '/test/witness/queryById') return ok({ ...STORED });
    if (call.url === '/test/witness/add') return ok(null, '添加成功！');
    if (call.url === '/test/witness/edit') return ok(null, '编辑成功！');
    return ok(null);
  });
  const onClose = vi.fn();
  const onSaved = vi.fn();
  render(<FormModal page={page} host={fake.host} mode="add" open onClose={onClose} onSaved={onSaved} {...props} />);
  return { fake, onClose, onSaved };
}

const dialog = () => screen.getByRole('dialog');

describe('FormModal', () => {
  beforeAll(() => {
    registerFormilyCompiler();
  });

  it('adding: an empty submit shows every required message and sends nothing', async () => {
    const user = userEvent.setup();
    const { fake, onSaved } = setup();
    expect(await within(dialog()).findByText('新增证人')).toBeInTheDocument();
    await user.click(await within(dialog()).findByRole('button', { name: /确/ }));
    expect(await screen.findByText('请输入姓名')).toBeInTheDocument();
    expect(screen.getByText('请输入联系电话')).toBeInTheDocument();
    expect(fake.callsTo('post')).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('adding: a bad mobile number shows the pattern message', async () => {
    const user = userEvent.setup();
    setup();
    await user.type(await screen.findByPlaceholderText('请输入联系电话'), '12345');
    await user.click(within(dialog()).getByRole('button', { name: /确/ }));
    expect(await screen.findByText('请输入正确的手机号码')).toBeInTheDocument();
  });

  it('adding: a valid form posts the record, shows the server message and reports it saved', async () => {
    const user = userEvent.setup();
    const { fake, onSaved, onClose } = setup();
    await user.type(await screen.findByPlaceholderText('请输入姓名'), '张三');
    await user.type(screen.getByPlaceholderText('请输入联系电话'), '13912345678');
    await user.click(within(dialog()).getByRole('button', { name: /确/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalled();
    const [post] = fake.callsTo('post', '/test/witness/add');
    expect(post.body).toEqual({
      witnessName: '张三',
      contactMobile: '13912345678',
      lossType: null,
      vehicleNo: null,
      fee: null,
      handler: null,
    });
    expect(fake.notices).toContainEqual({ kind: 'success', text: '添加成功！' });
  });

  it('editing: loads the record fresh with queryById, then PUTs it with its id', async () => {
    const user = userEvent.setup();
    const { fake, onSaved } = setup({ mode: 'edit', record: { id: 'w1', witnessName: '旧名字' } });
    const name = await screen.findByDisplayValue('王五');
    expect(fake.callsTo('get', '/test/witness/queryById')[0].params).toEqual({ id: 'w1' });
    expect(within(dialog()).getByText('编辑证人')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, '王五五');
    await user.click(within(dialog()).getByRole('button', { name: /确/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [put] = fake.callsTo('put', '/test/witness/edit');
    expect(put.body).toMatchObject({ id: 'w1', witnessName: '王五五', contactMobile: '13800138000', lossType: 'house', fee: 1234.5 });
    expect(fake.notices).toContainEqual({ kind: 'success', text: '编辑成功！' });
  });

  it('a refusal from the server is a warning; the form stays open with the input kept', async () => {
    const user = userEvent.setup();
    const { fake, onSaved, onClose } = setup({}, (call) => (call.url === '/test/witness/add' ? fail('联系电话已存在') : undefined));
    await user.type(await screen.findByPlaceholderText('请输入姓名'), '张三');
    await user.type(screen.getByPlaceholderText('请输入联系电话'), '13912345678');
    await user.click(within(dialog()).getByRole('button', { name: /确/ }));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'warning', text: '联系电话已存在' }));
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByDisplayValue('张三')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: /确/ })).toBeEnabled();
  });

  it('a failed load shows the server message instead of a stale form', async () => {
    setup({ mode: 'edit', record: { id: 'gone' } }, (call) => (call.url === '/test/witness/queryById' ? fail('未找到对应数据') : undefined));
    expect(await within(dialog()).findByText('未找到对应数据')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: /确/ })).toBeDisabled();
  });

  it('linkage: the hidden plate number shows once 车损 is chosen', async () => {
    const user = userEvent.setup();
    setup();
    const car = await within(dialog()).findByLabelText('车损');
    expect(screen.queryByPlaceholderText('请输入车牌号')).toBeNull();
    await user.click(car);
    expect(await screen.findByPlaceholderText('请输入车牌号')).toBeInTheDocument();
    await user.click(within(dialog()).getByLabelText('房屋'));
    await waitFor(() => expect(screen.queryByPlaceholderText('请输入车牌号')).toBeNull());
  });

  it('refuses a second click within 300 ms', async () => {
    const { fake } = setup();
    const button = await within(dialog()).findByRole('button', { name: /确/ });
    await waitFor(() => expect(button).toBeEnabled());
    await act(async () => {
      button.click();
      button.click();
    });
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'warning', text: '你点击的太快了，请慢点点击!' }));
  });

  it('detail: read-only texts (dictionary text, money), a close button and a fullscreen switch', async () => {
    const user = userEvent.setup();
    const { onClose } = setup({ mode: 'detail', record: { id: 'w1' } });
    expect(await within(dialog()).findByText('房屋')).toBeInTheDocument();
    expect(within(dialog()).getByText('详细信息')).toBeInTheDocument();
    expect(within(dialog()).getByText('1,234.50')).toBeInTheDocument();
    expect(within(dialog()).getByText('13800138000')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('textbox')).toBeNull();
    expect(within(dialog()).queryByRole('button', { name: /确/ })).toBeNull();
    const content = document.querySelector('.ant-modal') as HTMLElement;
    expect(content.style.width).toBe('1200px');
    await user.click(within(dialog()).getByRole('button', { name: '全屏' }));
    expect(content.style.width).toBe('100%');
    await user.click(within(dialog()).getByRole('button', { name: /关/ }));
    expect(onClose).toHaveBeenCalled();
  });

  it('uses the page form width (default 800)', async () => {
    setup();
    await within(dialog()).findByText('新增证人');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('800px');
  });
});

describe('FormModal: closing a changed form asks 放弃修改? first', () => {
  beforeAll(() => {
    registerFormilyCompiler();
  });

  const closeButton = () => document.querySelector('.ant-modal-close') as HTMLElement;
  /** Esc where the user is: in the dialog (its wrapper listens for the key). */
  const pressEscape = (target: Element = dialog()) => fireEvent.keyDown(target, { key: 'Escape', code: 'Escape', keyCode: 27 });
  const cancelButton = () => within(dialog()).getByRole('button', { name: /取\s*消/ });

  it('an unchanged form closes at once on Esc, × and 取消', async () => {
    const user = userEvent.setup();
    const { fake, onClose } = setup({ mode: 'edit', record: { id: 'w1' } });
    await screen.findByDisplayValue('王五');
    pressEscape();
    await user.click(closeButton());
    await user.click(cancelButton());
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(fake.confirms).toEqual([]);
  });

  it('typing and deleting again is no change', async () => {
    const user = userEvent.setup();
    const { fake, onClose } = setup();
    const name = await screen.findByPlaceholderText('请输入姓名');
    await user.type(name, '张');
    await user.clear(name);
    await user.click(cancelButton());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(fake.confirms).toEqual([]);
  });

  it('Esc on a changed form asks; 继续编辑 keeps the form and the typed text', async () => {
    const user = userEvent.setup();
    const { fake, onClose } = setup();
    fake.answerConfirm(false);
    const name = await screen.findByPlaceholderText('请输入姓名');
    await user.type(name, '张三');
    pressEscape(name);
    await waitFor(() => expect(fake.confirms).toHaveLength(1));
    expect(fake.confirms[0]).toEqual({ title: '放弃修改?', content: '填写的内容尚未保存，放弃后将丢失。', okText: '放弃', cancelText: '继续编辑' });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByDisplayValue('张三')).toBeInTheDocument();
  });

  it('× and 取消 on a changed edit form ask too; 放弃 closes it', async () => {
    const user = userEvent.setup();
    const { fake, onClose } = setup({ mode: 'edit', record: { id: 'w1' } });
    const name = await screen.findByDisplayValue('王五');
    await user.type(name, '五');
    fake.answerConfirm(false);
    await user.click(closeButton());
    await waitFor(() => expect(fake.confirms).toHaveLength(1));
    expect(onClose).not.toHaveBeenCalled();
    fake.answerConfirm(true);
    await user.click(cancelButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(fake.confirms.map((c) => c.title)).toEqual(['放弃修改?', '放弃修改?']);
  });

  it('a choice (radio) counts as a change', async () => {
    const user = userEvent.setup();
    const { fake } = setup();
    fake.answerConfirm(false);
    await user.click(await within(dialog()).findByLabelText('车损'));
    await user.click(cancelButton());
    await waitFor(() => expect(fake.confirms).toHaveLength(1));
  });

  it('the detail modal closes without asking', async () => {
    const { fake, onClose } = setup({ mode: 'detail', record: { id: 'w1' } });
    await within(dialog()).findByText('房屋');
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(fake.confirms).toEqual([]);
  });
});

describe('FormModal with a field numbered by a fill rule', () => {
  const numberedDoc = expertLikeDocument();
  numberedDoc.fields = [
    { name: 'witnessNo', label: '证人编号', type: 'string', length: 20, required: true, unique: true, default: { fillRule: 'witness_no' } },
    ...numberedDoc.fields,
  ];
  if (numberedDoc.form && 'fields' in numberedDoc.form && numberedDoc.form.fields) numberedDoc.form.fields = ['witnessNo', ...numberedDoc.form.fields];
  const numbered = compile(numberedDoc);

  function open(mode: 'add' | 'edit') {
    const fake = createFakeHost();
    fake.respond((call) => {
      if (call.url === '/test/witness/queryById') return ok({ ...STORED, witnessNo: 'ZR202401010001' });
      if (call.url === '/test/witness/add') return ok(null, '添加成功！');
      if (call.url === '/test/witness/edit') return ok(null, '编辑成功！');
      return ok(null);
    });
    const onSaved = vi.fn();
    render(<FormModal page={numbered} host={fake.host} mode={mode} record={mode === 'edit' ? { id: 'w1' } : undefined} open onClose={vi.fn()} onSaved={onSaved} />);
    return { fake, onSaved };
  }

  it('adding: the field says it is numbered on save, is not required, and goes to the server empty', async () => {
    const user = userEvent.setup();
    const { fake, onSaved } = open('add');
    expect(await screen.findByPlaceholderText('保存后自动生成')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('请输入姓名'), '张三');
    await user.type(screen.getByPlaceholderText('请输入联系电话'), '13912345678');
    await user.click(within(dialog()).getByRole('button', { name: /确/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(screen.queryByText('请输入证人编号')).toBeNull();
    expect(fake.callsTo('post', '/test/witness/add')[0].body).toMatchObject({ witnessNo: null, witnessName: '张三' });
  });

  it('adding: a number typed by the user is sent as typed', async () => {
    const user = userEvent.setup();
    const { fake, onSaved } = open('add');
    await user.type(await screen.findByPlaceholderText('保存后自动生成'), 'ZR0001');
    await user.type(screen.getByPlaceholderText('请输入姓名'), '张三');
    await user.type(screen.getByPlaceholderText('请输入联系电话'), '13912345678');
    await user.click(within(dialog()).getByRole('button', { name: /确/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(fake.callsTo('post', '/test/witness/add')[0].body).toMatchObject({ witnessNo: 'ZR0001' });
  });

  it('editing: the number is an ordinary required field', async () => {
    const user = userEvent.setup();
    const { fake } = open('edit');
    const number = await screen.findByDisplayValue('ZR202401010001');
    expect(screen.queryByPlaceholderText('保存后自动生成')).toBeNull();
    await user.clear(number);
    await user.click(within(dialog()).getByRole('button', { name: /确/ }));
    expect(await screen.findByText('请输入证人编号')).toBeInTheDocument();
    expect(fake.callsTo('put')).toHaveLength(0);
  });
});
