import type { Knex } from 'knex';

const SEARCH_TEXT = `lower(
  coalesce(title, '') || ' ' || coalesce(title_fr, '') || ' ' || coalesce(title_de, '') || ' ' ||
  coalesce(title_it, '') || ' ' || coalesce(title_en, '') || ' ' || coalesce(description, '') || ' ' ||
  coalesce(organization, '') || ' ' || coalesce(location, '')
)`;

async function hasTrigramExtension(knex: Knex): Promise<boolean> {
  const { rows } = await knex.raw(`select 1 from pg_available_extensions where name = 'pg_trgm'`);
  return rows.length > 0;
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table projects add column search_text text generated always as (${SEARCH_TEXT}) stored`);
  if (await hasTrigramExtension(knex)) {
    await knex.raw('create extension if not exists pg_trgm');
    await knex.raw('create index projects_search_text_trgm on projects using gin (search_text gin_trgm_ops)');
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists projects_search_text_trgm');
  await knex.raw('alter table projects drop column search_text');
}
