import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { BusinessError } from '../http/envelope';
import { verifyAgainstNobody, verifyPassword } from './password';
import { SIGN_IN_ACCOUNT_COLUMNS, type SignInAccount } from './signInAnswer';
import { clearCounter, lockedFor, lockedMessage, recordFailure, takeAccountTurn, TOO_FREQUENT_MESSAGE } from './throttle';

export const WRONG_CREDENTIALS_MESSAGE = '用户名或密码错误';

/**
 * The account a username and password name — the login form's check, and binding a provider
 * account to an existing one (第三方登录), so a bind ticket is no way around the sign-in limits
 * (sys_auth_throttle scopes login, login-ip, login-acct). Throttling comes first and never depends
 * on whether the username exists; an unknown user costs a password check too and gets the
 * wrong-password answer (its answers and timing would otherwise tell which accounts exist).
 */
export async function accountByPassword(db: Kysely<DB>, username: string, password: string, address: string): Promise<SignInAccount> {
  if ((await lockedFor(db, { scope: 'login-ip', subject: '*', address })) > 0) throw new BusinessError(TOO_FREQUENT_MESSAGE);
  const pairLock = await lockedFor(db, { scope: 'login', subject: username, address });
  if (pairLock > 0) throw new BusinessError(lockedMessage(pairLock));
  if (!(await takeAccountTurn(db, username))) throw new BusinessError(TOO_FREQUENT_MESSAGE);
  const user = await db.selectFrom('sys_user').select([...SIGN_IN_ACCOUNT_COLUMNS, 'password']).where('username', '=', username).executeTakeFirst();
  const right = user ? await verifyPassword(user.password, password) : await verifyAgainstNobody(password);
  if (!user || !right) {
    const locked = await recordFailure(db, { scope: 'login', subject: username, address });
    await recordFailure(db, { scope: 'login-ip', subject: '*', address });
    await recordFailure(db, { scope: 'login-acct', subject: username });
    throw new BusinessError(locked > 0 ? lockedMessage(locked) : WRONG_CREDENTIALS_MESSAGE);
  }
  await clearCounter(db, { scope: 'login', subject: username, address });
  await clearCounter(db, { scope: 'login-acct', subject: username });
  const { password: _hash, ...account } = user;
  return account;
}
