import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { BusinessError } from '../../http/envelope';
import { verifyAgainstNobody, verifyPassword } from '../password';
import { SIGN_IN_ACCOUNT_COLUMNS, type SignInAccount } from '../signInAnswer';
import { clearCounter, lockedFor, lockedMessage, recordFailure, takeAccountTurn, TOO_FREQUENT_MESSAGE } from '../throttle';
import { WRONG_CREDENTIALS_MESSAGE } from '../loginRoutes';

/**
 * The password check of binding a provider account to an existing one. It counts against the very
 * same sign-in limits as the login form (sys_auth_throttle scopes login, login-ip, login-acct), so a
 * bind ticket is no way around them, and answers an unknown user and a wrong password alike, after
 * the same hashing work.
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
