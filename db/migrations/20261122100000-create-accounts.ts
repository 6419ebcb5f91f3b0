import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.text('username').notNullable();
    t.text('email').notNullable();
    t.text('password_hash').notNullable();
    t.timestamp('email_verified_at', { useTz: true });
    t.text('role').notNullable().defaultTo('user');
    t.text('language').notNullable().defaultTo('fr');
    t.timestamps(true, true, false);
    t.check(`role in ('user', 'admin')`, [], 'users_role_check');
    t.check(`language in ('fr', 'de', 'it', 'en')`, [], 'users_language_check');
  });
  await knex.raw('create unique index users_username_unique on users (lower(username))');
  await knex.raw('create unique index users_email_unique on users (lower(email))');

  await knex.schema.createTable('email_tokens', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.text('token_hash').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'kind']);
    t.check(`kind in ('verify', 'reset')`, [], 'email_tokens_kind_check');
  });

  await knex.schema.createTable('sessions', (t) => {
    t.text('id').primary();
    t.jsonb('data').notNullable();
    t.integer('user_id').references('users.id').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamps(true, true, false);
    t.index(['user_id']);
    t.index(['expires_at']);
  });

  await knex.schema.createTable('rate_limits', (t) => {
    t.text('key').notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.primary(['key', 'window_start']);
    t.index(['window_start']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limits');
  await knex.schema.dropTable('sessions');
  await knex.schema.dropTable('email_tokens');
  await knex.schema.dropTable('users');
}
