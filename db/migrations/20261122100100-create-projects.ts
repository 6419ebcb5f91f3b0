import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('raw_publications', (t) => {
    t.text('publication_id').primary();
    t.text('source').notNullable().defaultTo('simap');
    t.text('project_id').notNullable();
    t.text('pub_type');
    t.date('publication_date');
    t.jsonb('search_entry').notNullable();
    t.jsonb('details');
    t.bigIncrements('seq', { primaryKey: false });
    t.timestamp('fetched_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['source', 'project_id']);
    t.unique(['seq']);
  });

  await knex.schema.createTable('scrape_cursors', (t) => {
    t.text('source').primary();
    t.date('newest_publication_date').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // Survives a projects reset so that re-normalizing gives every simap project its old id back.
  await knex.schema.createTable('project_keys', (t) => {
    t.increments('id');
    t.text('source').notNullable().defaultTo('simap');
    t.text('project_id').notNullable();
    t.unique(['source', 'project_id']);
  });

  await knex.raw('create sequence project_content_seq');

  await knex.schema.createTable('projects', (t) => {
    t.integer('id').primary().references('project_keys.id');
    t.text('source').notNullable().defaultTo('simap');
    t.text('project_id').notNullable();
    t.text('title').notNullable();
    t.text('title_fr');
    t.text('title_de');
    t.text('title_it');
    t.text('title_en');
    t.text('description').notNullable().defaultTo('');
    t.text('content').notNullable().defaultTo('');
    t.text('organization');
    t.text('location');
    t.text('canton');
    t.text('postal_code');
    t.text('city');
    t.text('category');
    t.specificType('cpv_codes', 'text[]').notNullable().defaultTo('{}');
    t.text('status').notNullable().defaultTo('open');
    t.text('pub_type');
    t.text('process_type');
    t.text('project_number');
    t.text('publication_number');
    t.text('creation_language');
    t.boolean('corrected').notNullable().defaultTo(false);
    t.jsonb('award_vendors');
    t.timestamp('published_at', { useTz: true });
    t.timestamp('last_publication_at', { useTz: true });
    t.timestamp('deadline', { useTz: true });
    t.decimal('budget', 16, 2);
    t.text('budget_currency');
    t.text('url');
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.bigInteger('content_seq').notNullable().defaultTo(knex.raw("nextval('project_content_seq')"));
    t.timestamps(true, true, false);
    t.unique(['source', 'project_id']);
    t.index(['content_seq']);
    t.index(['category']);
    t.index(['status']);
    t.check(`status in ('open', 'awarded', 'revoked', 'abandoned', 'closed')`, [], 'projects_status_check');
  });
  await knex.raw('create index projects_published_at_idx on projects (published_at desc nulls last, id desc)');
  await knex.raw('create index projects_title_idx on projects (lower(title), id)');
  await knex.raw('create index projects_organization_idx on projects (lower(organization), id)');

  await knex.schema.createTable('project_publications', (t) => {
    t.increments('id');
    t.integer('project_id').notNullable().references('projects.id').onDelete('CASCADE');
    t.text('publication_id').notNullable().unique().references('raw_publications.publication_id');
    t.text('pub_type');
    t.date('publication_date');
    t.boolean('corrected').notNullable().defaultTo(false);
    t.text('lot_number');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['project_id']);
  });

  await knex.schema.createTable('quarantine', (t) => {
    t.increments('id');
    t.text('stage').notNullable();
    t.text('source').notNullable().defaultTo('simap');
    t.text('publication_id').notNullable();
    t.text('reason').notNullable();
    t.jsonb('raw');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['stage', 'publication_id']);
  });

  await knex.schema.createTable('pipeline_runs', (t) => {
    t.increments('id');
    t.text('stage').notNullable();
    t.text('status').notNullable().defaultTo('running');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.jsonb('counts').notNullable().defaultTo('{}');
    t.integer('tokens_in').notNullable().defaultTo(0);
    t.integer('tokens_out').notNullable().defaultTo(0);
    t.text('error');
    t.index(['stage', 'started_at']);
    t.check(`status in ('running', 'succeeded', 'failed')`, [], 'pipeline_runs_status_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('pipeline_runs');
  await knex.schema.dropTable('quarantine');
  await knex.schema.dropTable('project_publications');
  await knex.schema.dropTable('projects');
  await knex.raw('drop sequence project_content_seq');
  await knex.schema.dropTable('project_keys');
  await knex.schema.dropTable('scrape_cursors');
  await knex.schema.dropTable('raw_publications');
}
