/**
 * The channels a message goes out on (sys_sms.es_type / sys_sms_template.template_type):
 * '4' 系统 — the receiver's notice bell, '2' 邮件 — SMTP with the 邮箱配置 master data,
 * '1' 短信 — an SmsSender. Each resolves the receiver (an address, or a username whose address
 * it takes) and throws a DeliveryError with a reason a person can act on.
 */
export const CHANNELS = { sms: '1', email: '2', system: '4' } as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

export function isChannel(value: string): value is Channel {
  return value === '1' || value === '2' || value === '4';
}

export class DeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** What a channel delivers: a rendered message to one receiver. */
export interface OutgoingMessage {
  receiver: string;
  title: string;
  content: string;
  /** Who sends it (the signed-in user), for the bell's 发布人. */
  sender: { username: string; realname: string };
}

/**
 * Sends a text message to a mobile number. lossdesk ships no provider: the default writes the
 * message to the server log. A provider is plugged in by passing another implementation to
 * buildApp({ smsSender }) (server/app.ts); a rejected promise is recorded as 失败 with its message.
 */
export interface SmsSender {
  send(phone: string, content: string): Promise<void>;
}

export function logSmsSender(log: { info(obj: object, msg: string): void }): SmsSender {
  return {
    async send(phone, content) {
      log.info({ phone, content }, '短信（未接入短信服务商，仅写入日志）');
    },
  };
}
