/**
 * Versioned schema migrations, applied in order at start (see migrate.server.ts).
 * Never edit a migration that has landed: add the next one. SQL is plain PostgreSQL,
 * the same for embedded PGlite and a PostgreSQL server.
 */
export interface Migration {
  version: number
  name: string
  sql: string
}

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'accounts, sessions, settings, sign-in limits',
    sql: /* sql */ `
      create table users (
        id integer generated always as identity primary key,
        email text not null,
        name text not null,
        password_hash text not null,
        created_at timestamptz not null default now()
      );
      create unique index users_email_key on users (lower(email));

      -- id is the SHA-256 of the cookie token: a leaked table does not leak live sessions.
      create table sessions (
        id text primary key,
        user_id integer not null references users (id) on delete cascade,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null
      );
      create index sessions_user_id_idx on sessions (user_id);
      create index sessions_expires_at_idx on sessions (expires_at);

      -- SPEC §3 profile settings.
      create table user_settings (
        user_id integer primary key references users (id) on delete cascade,
        tm_pretranslate boolean not null default false,
        mt_pretranslate boolean not null default false,
        update_mt boolean not null default false,
        updated_at timestamptz not null default now()
      );

      -- Failed sign-ins per account ("account:<email>") and per address ("address:<ip>").
      create table sign_in_failures (
        key text primary key,
        failures integer not null,
        first_failure_at timestamptz not null,
        locked_until timestamptz
      );
    `,
  },
]
