import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { SmsSender } from '../messages/channels';
import { BusinessError, ok, type Envelope } from '../http/envelope';
import { logSignIn } from '../sys/log/loginLog';
import { mobileError, SMS_MODE, SMS_RESEND_SECONDS, smsCodeError, type SmsMode } from '../../runtime/validation/signInForms';
import { finishSignIn, SIGN_IN_ACCOUNT_COLUMNS } from './signInAnswer';
import { registrationOpen } from '../sys/setting/settings';
import { claimSend, newSmsCode, takeCode, voidCode, type SmsPurpose } from './smsCodes';

export interface SmsRoutesOptions {
  smsSender: SmsSender;
}

/** JeecgBoot's answers (LoginController.sms / phoneLogin). */
export const UNKNOWN_PHONE_MESSAGE = '该用户不存在或未绑定手机号';
export const PHONE_TAKEN_MESSAGE = '手机号已经注册，请直接登录！';
export const WRONG_SMS_CODE_MESSAGE = '手机验证码错误';
export const SMS_FAILED_MESSAGE = '短信验证码发送失败,请稍后重试';
export const SMS_SENT_MESSAGE = '验证码已发送，请注意查收';
export const REGISTRATION_CLOSED_MESSAGE = '系统未开放注册，请联系管理员开通账号';

const PURPOSES: Readonly<Record<SmsMode, SmsPurpose>> = { [SMS_MODE.login]: 'login', [SMS_MODE.register]: 'register', [SMS_MODE.reset]: 'reset' };
const PURPOSE_WORDS: Readonly<Record<SmsPurpose, string>> = { login: '登录', register: '注册', reset: '找回密码' };

function smsText(purpose: SmsPurpose, code: string): string {
  return `【公估业务管理系统】您的${PURPOSE_WORDS[purpose]}验证码为${code}，5分钟内有效，请勿泄露给他人。`;
}

/** A refusal with data: JeecgBoot's envelope of success false, here carrying the seconds to wait. */
function refusal(message: string, waitSeconds?: number): Envelope<{ wait: number } | null> {
  return { success: false, message, code: 500, result: waitSeconds === undefined ? null : { wait: waitSeconds }, timestamp: Date.now() };
}

/** The phone of a form, checked as spec §5 says; refuses with the rule's message. */
export function checkedMobile(value: string | undefined): string {
  const error = mobileError(value);
  if (error) throw new BusinessError(error);
  return (value ?? '').trim();
}

export function checkedSmsCode(value: string | undefined): string {
  const error = smsCodeError(value);
  if (error) throw new BusinessError(error);
  return (value ?? '').trim();
}

/**
 * 获取验证码 (POST /sys/sms, smsmode 0 登录 / 1 注册 / 2 忘记密码) and 手机号登录 (POST /sys/phoneLogin).
 * A code goes only to a phone of an account (登录, 忘记密码) or to a phone of none (注册); otherwise
 * the contract's message, after the attempt counted against the limits like any other.
 */
export const smsRoutes: FastifyPluginAsync<SmsRoutesOptions> = async (app, opts) => {
  async function accountByPhone(phone: string) {
    return app.db.selectFrom('sys_user').select(SIGN_IN_ACCOUNT_COLUMNS).where('phone', '=', phone).where('del_flag', '=', 0).executeTakeFirst();
  }

  async function phoneTaken(phone: string): Promise<boolean> {
    // The column is unique over deleted users too: a phone in the recycle bin cannot register again.
    return (await app.db.selectFrom('sys_user').select('id').where('phone', '=', phone).executeTakeFirst()) !== undefined;
  }

  app.post<{ Body: { mobile?: string; smsmode?: string } }>(
    '/sys/sms',
    {
      config: { anonymous: true },
      schema: {
        body: {
          type: 'object',
          properties: { mobile: { type: 'string', maxLength: 32 }, smsmode: { type: 'string', enum: Object.values(SMS_MODE) } },
        },
      },
    },
    async (request: FastifyRequest<{ Body: { mobile?: string; smsmode?: string } }>) => {
      const phone = checkedMobile(request.body.mobile);
      const purpose = PURPOSES[(request.body.smsmode ?? SMS_MODE.login) as SmsMode];
      if (purpose === 'register' && !(await registrationOpen(app.db))) throw new BusinessError(REGISTRATION_CLOSED_MESSAGE);
      const eligible = purpose === 'register' ? !(await phoneTaken(phone)) : (await accountByPhone(phone)) !== undefined;
      const code = eligible ? newSmsCode() : null;
      const now = app.now();
      const claim = await claimSend(app.db, { phone, purpose, address: request.ip, now, code });
      if ('refused' in claim) return refusal(claim.refused.message, claim.refused.waitSeconds);
      if (code === null) throw new BusinessError(purpose === 'register' ? PHONE_TAKEN_MESSAGE : UNKNOWN_PHONE_MESSAGE);
      try {
        await opts.smsSender.send(phone, smsText(purpose, code));
      } catch (err) {
        await voidCode(app.db, claim.id, now);
        request.log.warn({ err }, '验证码短信发送失败');
        throw new BusinessError(SMS_FAILED_MESSAGE);
      }
      return ok({ wait: SMS_RESEND_SECONDS }, SMS_SENT_MESSAGE);
    },
  );

  app.post<{ Body: { mobile?: string; captcha?: string; remember_me?: boolean } }>(
    '/sys/phoneLogin',
    {
      config: { anonymous: true },
      onSend: logSignIn,
      schema: {
        body: {
          type: 'object',
          properties: {
            mobile: { type: 'string', maxLength: 32 },
            captcha: { type: 'string', maxLength: 16 },
            remember_me: { type: 'boolean' },
          },
        },
      },
    },
    async (request) => {
      const phone = checkedMobile(request.body.mobile);
      const code = checkedSmsCode(request.body.captcha);
      // Whether the phone is known or not, a code that was never sent is simply wrong.
      if (!(await takeCode(app.db, { phone, purpose: 'login', code, now: app.now() }))) throw new BusinessError(WRONG_SMS_CODE_MESSAGE);
      const user = await accountByPhone(phone);
      if (!user) throw new BusinessError(UNKNOWN_PHONE_MESSAGE);
      return finishSignIn(app, request, user, { remember: request.body.remember_me });
    },
  );
};
