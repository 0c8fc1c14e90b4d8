/**
 * 消息模板's 发送测试 and 消息's 重发 beside the generic CRUD of schemas/pages/sys/sysMessageTemplate.json
 * and sysMessage.json (JeecgBoot's paths under /sys/message):
 *   POST {base}/sys/message/sysMessageTemplate/sendMsg  {id | templateCode, receiver, testData?}
 *        (messageTemplate:sendMsg): fills the template and sends it on its channel
 *   POST {base}/sys/message/sysMessage/resend  {id}  (message:resend): sends a recorded message again
 * Every attempt is recorded in sys_sms with its outcome; a failed delivery answers success: false with
 * the reason (also kept as the row's 失败原因).
 */
import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../auth/guard';
import { BusinessError, fail, okMessage } from '../http/envelope';
import { isChannel, logSmsSender, type SmsSender } from './channels';
import { sendAndRecord, resend, type MessageSenders, type SendOutcome } from './messageService';
import { parseTemplateValues, renderTemplate, TemplateError } from './render';

export const MESSAGE_PERMISSIONS = { sendMsg: 'messageTemplate:sendMsg', resend: 'message:resend' } as const;
export const TEMPLATE_PATH = '/sys/message/sysMessageTemplate';
export const MESSAGE_PATH = '/sys/message/sysMessage';

export interface MessageRoutesOptions {
  /** Where 短信 go; default the server log (see SmsSender). */
  smsSender?: SmsSender;
}

interface SendMsgBody {
  id?: string;
  templateCode?: string;
  receiver: string;
  testData?: string | null;
}

function answer(outcome: SendOutcome, success: string, failure: string) {
  return outcome.ok ? okMessage(success) : fail(`${failure}：${outcome.reason}`);
}

export const messageRoutes: FastifyPluginAsync<MessageRoutesOptions> = async (app, opts) => {
  const senders: MessageSenders = { db: app.db, hub: app.noticeHub, sms: opts.smsSender ?? logSmsSender(app.log), log: app.log };

  app.post<{ Body: SendMsgBody }>(
    `${TEMPLATE_PATH}/sendMsg`,
    {
      config: { permission: MESSAGE_PERMISSIONS.sendMsg },
      schema: {
        body: {
          type: 'object',
          required: ['receiver'],
          properties: {
            id: { type: 'string', minLength: 1, maxLength: 32 },
            templateCode: { type: 'string', minLength: 1, maxLength: 32 },
            receiver: { type: 'string', minLength: 1, maxLength: 100 },
            testData: { type: ['string', 'null'], maxLength: 10_000 },
            msgType: { type: 'string', maxLength: 10 },
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id, templateCode, testData } = request.body;
      const receiver = request.body.receiver.trim();
      if (!id && !templateCode) throw new BusinessError('请指定消息模板');
      let query = app.db.selectFrom('sys_sms_template').selectAll();
      query = id ? query.where('id', '=', id) : query.where('template_code', '=', templateCode ?? '');
      const template = await query.executeTakeFirst();
      if (!template) throw new BusinessError('消息模板不存在');
      if (!isChannel(template.template_type)) throw new BusinessError('不支持的模板类型');
      if (receiver === '') throw new BusinessError('请输入接收人');
      let content: string;
      let params: string;
      try {
        const values = parseTemplateValues(testData?.trim() ? testData : template.template_test_json);
        content = renderTemplate(template.template_content, values);
        params = JSON.stringify(values);
      } catch (err) {
        if (err instanceof TemplateError) throw new BusinessError(err.message);
        throw err;
      }
      const outcome = await sendAndRecord(senders, {
        channel: template.template_type,
        templateCode: template.template_code,
        params,
        receiver,
        title: template.template_name,
        content,
        sender: { username: user.username, realname: user.realname },
      });
      return answer(outcome, '消息发送成功！', '消息发送失败');
    },
  );

  app.post<{ Body: { id: string } }>(
    `${MESSAGE_PATH}/resend`,
    {
      config: { permission: MESSAGE_PERMISSIONS.resend },
      schema: { body: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 32 } } } },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await app.db
        .selectFrom('sys_sms')
        .select(['id', 'es_type', 'es_receiver', 'es_title', 'es_content'])
        .where('id', '=', request.body.id)
        .executeTakeFirst();
      if (!row) throw new BusinessError('消息不存在');
      const outcome = await resend(senders, row, { username: user.username, realname: user.realname });
      return answer(outcome, '重发成功！', '重发失败');
    },
  );
};
