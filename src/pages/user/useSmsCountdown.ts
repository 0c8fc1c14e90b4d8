import { useCallback, useEffect, useState } from 'react';
import { sendSmsCode } from '../../api/sys';
import { RequestError } from '../../api/request';
import { SMS_RESEND_SECONDS, type SmsMode } from '../../../runtime/validation/signInForms';

export interface SmsCountdown {
  /** Seconds until another code may be asked for; 0 when the button is free. */
  seconds: number;
  sending: boolean;
  /** Asks for a code; resolves with the server's refusal text, or undefined once it is sent. */
  send(mobile: string): Promise<string | undefined>;
}

/**
 * 获取验证码: sends the code for `mode` (POST /sys/sms) and counts the wait down — 60 s after a send,
 * or what the server says is left when it refuses for the minute not being over.
 */
export function useSmsCountdown(mode: SmsMode): SmsCountdown {
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = window.setTimeout(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds]);

  const send = useCallback(
    async (mobile: string) => {
      setSending(true);
      try {
        const res = await sendSmsCode(mobile, mode);
        const wait = res.result?.wait;
        if (typeof wait === 'number' && wait > 0) setSeconds(Math.min(wait, SMS_RESEND_SECONDS));
        return res.success ? undefined : res.message || '验证码发送失败';
      } catch (e) {
        return e instanceof RequestError ? e.message : '验证码发送失败，请稍后重试';
      } finally {
        setSending(false);
      }
    },
    [mode],
  );

  return { seconds, sending, send };
}
