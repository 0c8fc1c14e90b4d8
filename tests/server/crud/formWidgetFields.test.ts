/**
 * The fields the form widgets edit, on the server (both databases): 邮箱配置's checkbox group and
 * time, and its slider human check that is never stored; 知识文章's category tree, multi-select tags,
 * switch, datetime, linked province/city selects, and the filters its page header sends.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { signedInCrudApp } from './support';

type Rec = Record<string, unknown>;

describe.each(DATABASE_KINDS)('form widget fields (%s)', (kind) => {
  const server = signedInCrudApp(kind);

  const call = server.send;
  const first = async (url: string): Promise<Rec> => {
    const listed = await call<{ records: Rec[] }>('GET', url);
    expect(listed.success, listed.message).toBe(true);
    return listed.result.records[0];
  };

  it('邮箱配置 keeps notify types and the digest time; the human check has no column and is not stored', async () => {
    const added = await call('POST', '/maintenance/emailConfig/add', {
      configName: '理赔通知邮箱',
      smtpHost: 'smtp.exmail.qq.com',
      sslEnabled: 'Y',
      smtpPort: 465,
      account: 'claims@example.com',
      password: 'secret-code',
      enabled: 'Y',
      notifyTypes: 'trust,cost',
      digestTime: '08:30:00',
      humanCheck: true,
    });
    expect(added.success, added.message).toBe(true);
    const row = await first(`/maintenance/emailConfig/list?configName=${encodeURIComponent('理赔通知邮箱')}`);
    expect(row).toMatchObject({ notifyTypes: 'trust,cost', notifyTypes_dictText: '新委托登记,费用审批', digestTime: '08:30:00' });
    expect(row).not.toHaveProperty('humanCheck');
    const columns = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'mnt_email_config'`.execute(server.database.db);
    const names = columns.rows.map((c) => c.column_name);
    expect(names).toEqual(expect.arrayContaining(['notify_types', 'digest_time']));
    expect(names).not.toContain('human_check');
  });

  it('邮箱配置 refuses a time that is no time', async () => {
    const refused = await call('POST', '/maintenance/emailConfig/add', {
      configName: '坏时间',
      smtpHost: 'smtp.example.com',
      sslEnabled: 'N',
      smtpPort: 25,
      account: 'x@example.com',
      password: 'p',
      enabled: 'Y',
      digestTime: '25:61',
    });
    expect(refused.success).toBe(false);
    expect(refused.message).toContain('每日汇总时间');
  });

  it('知识文章 stores category, tags, 置顶, 发布时间 and the area pair, shown by name; the header filters work', async () => {
    const article = {
      title: '浙江省台风季理赔指引',
      category: 'cat_kb_law_regulation',
      tags: 'law,property',
      status: '1',
      isTop: 'Y',
      publishTime: '2026-03-01 09:30:00',
      regionProvince: '330000',
      regionCity: '330100',
      content: '<p>台风季要点</p>',
    };
    const added = await call('POST', '/knowledge/article/add', article);
    expect(added.success, added.message).toBe(true);
    await call('POST', '/knowledge/article/add', { title: '台风季草稿', status: '0', content: '<p>草稿</p>' });

    const row = await first(`/knowledge/article/list?title=${encodeURIComponent('*台风季*')}&status=1`);
    expect(row).toMatchObject({
      ...article,
      category_dictText: '监管规定',
      tags_dictText: '法规,财产险',
      isTop_dictText: '是',
      status_dictText: '已发布',
      regionProvince_dictText: '浙江省',
      regionCity_dictText: '杭州市',
    });
    const drafts = await call<{ records: Rec[] }>('GET', `/knowledge/article/list?title=${encodeURIComponent('*台风季*')}&status=0`);
    expect(drafts.result.records.map((r) => r.title)).toEqual(['台风季草稿']);
    // The tags query of the list (like) finds an article by one of its tags.
    const tagged = await call<{ records: Rec[] }>('GET', `/knowledge/article/list?tags=${encodeURIComponent('*property*')}`);
    expect(tagged.result.records.map((r) => r.title)).toEqual(['浙江省台风季理赔指引']);
  });

  it('知识文章 refuses a category outside the tree and a tag outside the dictionary', async () => {
    const badCategory = await call('POST', '/knowledge/article/add', { title: 'x', status: '0', content: '<p>x</p>', category: 'nope' });
    expect(badCategory.success).toBe(false);
    expect(badCategory.message).toContain('分类');
    const badTag = await call('POST', '/knowledge/article/add', { title: 'y', status: '0', content: '<p>y</p>', tags: 'law,nonsense' });
    expect(badTag.success).toBe(false);
    expect(badTag.message).toContain('标签');
  });
});
