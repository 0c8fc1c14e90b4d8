/**
 * 收件管理's 导入邮件: POST /receive/receiveMail/importEml with a real .eml file answers the new
 * record's values — 发件人, 日期 (Beijing time), 主题, 正文 as text, 附件 stored as uploads — for the
 * add form; GBK and encoded-word headers are decoded, HTML becomes text, a file of a refused type is
 * left out and named; a non-.eml, a broken or an oversized file is refused in Chinese; receiveMail:add.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMissingPageMenus } from '../../../server/crud/pageMenus';
import { EML_IMPORT_PATH } from '../../../server/receive/emlRoutes';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login } from '../support/app';
import { multipart, signedInCrudApp } from '../crud/support';

type Values = Record<string, string>;
const fixture = (name: string) => fs.readFileSync(path.resolve('tests/fixtures/eml', name));

describe.each(DATABASE_KINDS)('导入邮件 (.eml) on %s', (kind) => {
  const server = signedInCrudApp(kind);
  beforeAll(async () => {
    await addMissingPageMenus(server.database.db, server.pages);
  });

  const importEml = async (name: string, content: Buffer, token = server.admin) => {
    const upload = multipart([{ field: 'file', name, content }]);
    return body<Values>(
      await server.app.inject({ method: 'POST', url: `${API}${EML_IMPORT_PATH}`, payload: upload.payload, headers: { ...authHeaders(token), ...upload.headers } }),
    );
  };

  it('reads a plain mail: sender with its name, Beijing date, subject and body', async () => {
    const answer = await importEml('plain.eml', fixture('plain.eml'));
    expect(answer).toMatchObject({ success: true, message: '邮件已读取，请选择案件后保存' });
    expect(answer.result).toEqual({
      mailType: 'email',
      sender: '张三 <zhang.san@picc.example.cn>',
      mailDate: '2026-03-03 09:15:00',
      subject: 'Survey report for warehouse fire',
      body: '您好：\n请于本周内提交仓库火灾案的查勘报告。\n谢谢！',
      attachments: '',
    });
  });

  it('keeps the text part of a multipart mail, stores its PDF attachment and names the refused .exe; the record then saves', async () => {
    const answer = await importEml('multipart-attachment.eml', fixture('multipart-attachment.eml'));
    expect(answer.success, answer.message).toBe(true);
    expect(answer.message).toBe('邮件已读取，以下附件类型不允许或过大，未保存：setup.exe');
    expect(answer.result).toMatchObject({ sender: 'Li Si <lisi@pingan.example.cn>', subject: '定损单及发票', body: '附件为定损单，请查收。', mailDate: '2026-03-04 22:30:00' });
    expect(answer.result.attachments).toMatch(/^receiveMail\/\d{8}\/[0-9a-f]{16}_定损单\.pdf$/);

    const cases = await server.get<{ records: { id: string }[] }>('/receive/receive/list?pageSize=1');
    const saved = await server.send('POST', '/receive/receiveMail/add', { ...answer.result, receiveId: cases.result.records[0].id });
    expect(saved.success, saved.message).toBe(true);
  });

  it('decodes a GBK mail with encoded-word sender and subject', async () => {
    const answer = await importEml('gbk-subject.eml', fixture('gbk-subject.eml'));
    expect(answer.result).toMatchObject({ sender: '王五 <wangwu@cpic.example.cn>', subject: '关于货物水渍险的索赔函', body: '货物在运输途中遭受水渍，损失约十二万元。' });
  });

  it('turns an HTML-only mail into text: no tags, no script or style', async () => {
    const { result } = await importEml('html-only.eml', fixture('html-only.eml'));
    expect(result.body).toBe('第一段&说明\n第二段\n换行');
  });

  it('refuses a file that is not .eml, a broken mail, an oversized one, and users without receiveMail:add', async () => {
    expect(await importEml('report.txt', fixture('plain.eml'))).toMatchObject({ success: false, message: '只能导入 .eml 格式的邮件文件' });
    expect(await importEml('photo.eml', fixture('not-a-mail.eml'))).toMatchObject({ success: false, message: '邮件文件无法解析，请上传完整的 .eml 邮件文件' });
    const huge = Buffer.concat([fixture('plain.eml'), Buffer.alloc(10 * 1024 * 1024 + 1, 0x61)]);
    expect(await importEml('huge.eml', huge)).toMatchObject({ success: false, message: '邮件文件不能超过 10 MB' });
    const zhangsan = (await login(server.app, 'zhangsan')).token;
    expect(await importEml('plain.eml', fixture('plain.eml'), zhangsan)).toMatchObject({ success: false, code: 510 });
  });
});
