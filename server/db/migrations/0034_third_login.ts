import { sql, type Kysely } from 'kysely';

// 第三方登录 (OpenID Connect) and CAS (server/auth/third). sys_third_account is JeecgBoot's link
// between a provider's account (third_type + third_user_uuid = the OIDC subject) and a sys_user:
// written when a first sign-in matched a verified e-mail or the user bound an account with its
// password; never a new sys_user. sys_third_login_flow keeps an authorization request between the
// redirect to the provider and its callback (state, nonce, PKCE verifier, the browser it was started
// in); sys_third_login_ticket the short-lived, single-use tickets the callback hands the web app
// (sign in, or bind an account). Only hashes of state, browser binding and tickets are stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sys_third_account (
      id varchar(32) PRIMARY KEY,
      sys_user_id varchar(32) NOT NULL REFERENCES sys_user (id) ON DELETE CASCADE,
      third_type varchar(32) NOT NULL,
      third_user_uuid varchar(255) NOT NULL,
      realname varchar(100),
      email varchar(255),
      create_time timestamp NOT NULL DEFAULT now(),
      UNIQUE (third_type, third_user_uuid)
    )`.execute(db);
  await sql`CREATE INDEX sys_third_account_user ON sys_third_account (sys_user_id)`.execute(db);
  await sql`
    CREATE TABLE sys_third_login_flow (
      state_hash char(64) PRIMARY KEY,
      browser_hash char(64) NOT NULL,
      code_verifier varchar(128) NOT NULL,
      nonce varchar(128) NOT NULL,
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX sys_third_login_flow_expiry ON sys_third_login_flow (expires_at)`.execute(db);
  await sql`
    CREATE TABLE sys_third_login_ticket (
      ticket_hash char(64) PRIMARY KEY,
      kind varchar(8) NOT NULL CHECK (kind IN ('login', 'bind')),
      third_type varchar(32) NOT NULL,
      sys_user_id varchar(32) REFERENCES sys_user (id) ON DELETE CASCADE,
      third_user_uuid varchar(255),
      realname varchar(100),
      email varchar(255),
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX sys_third_login_ticket_expiry ON sys_third_login_ticket (expires_at)`.execute(db);
}
