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
  {
    version: 2,
    name: 'projects, jobs, segments, durable tasks',
    sql: /* sql */ `
      -- SPEC §3 file/project row. Creation status WAITING -> READY (or FAILED with an SPEC §8 error code);
      -- analysis status NEW -> ANALYSING -> DONE or EMPTY, PRETRANSLATING while a pretranslation runs.
      create table projects (
        id integer generated always as identity primary key,
        password text not null,
        owner_id integer not null references users (id) on delete cascade,
        name text not null,
        format text not null,
        source_lang text not null,
        target_lang text not null,
        mt_system_id text,
        tm_pretranslate boolean not null default false,
        mt_pretranslate boolean not null default false,
        status text not null default 'WAITING',
        analysis_status text not null default 'NEW',
        error_code text,
        error_detail text,
        word_count integer not null default 0,
        segment_count integer not null default 0,
        segments_analyzed integer not null default 0,
        created_at timestamptz not null default now()
      );
      create index projects_owner_created_idx on projects (owner_id, created_at desc, id desc);

      -- The uploaded bytes live in the database so that any app instance can convert and download them.
      create table project_files (
        project_id integer primary key references projects (id) on delete cascade,
        bytes bytea not null,
        size integer not null,
        sha256 text not null
      );

      create table jobs (
        id integer generated always as identity primary key,
        project_id integer not null references projects (id) on delete cascade,
        password text not null,
        source_lang text not null,
        target_lang text not null,
        last_segment_id integer,
        editing_time integer not null default 0,
        created_at timestamptz not null default now()
      );
      create index jobs_project_idx on jobs (project_id);

      -- Translatable units of the file in document order; segments point back to them for the merge.
      create table units (
        id integer generated always as identity primary key,
        project_id integer not null references projects (id) on delete cascade,
        position integer not null,
        key text not null,
        context text
      );
      create unique index units_project_position_idx on units (project_id, position);

      -- Segment ids are allocated in one block per project (SPEC: the number shown is id - first id + 1).
      -- source/target are canonical tag strings (app/lib/tags); prefix/suffix keep the whitespace around
      -- the sentence so that the document is rebuilt exactly.
      create table segments (
        id integer generated always as identity primary key,
        project_id integer not null references projects (id) on delete cascade,
        unit_id integer not null references units (id) on delete cascade,
        position integer not null,
        source text not null,
        source_plain text not null,
        prefix text not null default '',
        suffix text not null default '',
        word_count integer not null default 0,
        repetition_of integer,
        target text,
        status text not null default 'NEW',
        save_type text,
        save_match integer,
        updated_at timestamptz
      );
      create unique index segments_project_position_idx on segments (project_id, position);
      create index segments_unit_idx on segments (unit_id);

      -- Durable background work (DESIGN "Data flow"): claimed with FOR UPDATE SKIP LOCKED under a lease,
      -- retried with back-off, picked up again after a crash when the lease runs out.
      create table tasks (
        id integer generated always as identity primary key,
        kind text not null,
        project_id integer references projects (id) on delete cascade,
        payload jsonb not null default '{}',
        status text not null default 'queued',
        attempts integer not null default 0,
        max_attempts integer not null default 5,
        run_after timestamptz not null default now(),
        locked_by text,
        locked_until timestamptz,
        last_error text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index tasks_ready_idx on tasks (run_after, id) where status in ('queued', 'running');
      create index tasks_project_idx on tasks (project_id);
    `,
  },
  {
    version: 3,
    name: 'comments, split segments',
    sql: /* sql */ `
      -- SPEC §3 comment: message type 1 is a comment, 2 the "resolved" marker; the author's name is copied so
      -- that a thread still reads right after the account is renamed or removed.
      create table comments (
        id integer generated always as identity primary key,
        project_id integer not null references projects (id) on delete cascade,
        segment_id integer not null references segments (id) on delete cascade,
        user_id integer references users (id) on delete set null,
        full_name text not null,
        message text not null,
        message_type smallint not null default 1,
        thread_id integer,
        created_at timestamptz not null default now()
      );
      create index comments_segment_idx on comments (segment_id, id);
      create index comments_project_idx on comments (project_id, segment_id);

      -- A segment made by splitting another keeps the id its number is shown with (SPEC: id - first id + 1);
      -- null for segments as the file was segmented.
      alter table segments add column origin_id integer;
      create index segments_origin_idx on segments (project_id, origin_id) where origin_id is not null;
    `,
  },
  {
    version: 4,
    name: 'per-project settings',
    sql: /* sql */ `
      -- SPEC §2 settings panel inside the translator apply to that project (SPEC §7 save-update-mt-for-file);
      -- null follows the user's profile.
      alter table projects add column update_mt boolean;
    `,
  },
  {
    version: 5,
    name: 'translated words kept on the project',
    sql: /* sql */ `
      -- SPEC §3 progress (translated percent) is read on every translator request; summing 50,000 segments each
      -- time costs tens of milliseconds. Statement-level triggers keep the two sums on the project instead, for
      -- every way segments change (saves, split and merge, pretranslation, bulk inserts at conversion).
      alter table projects add column words_total bigint not null default 0;
      alter table projects add column words_translated bigint not null default 0;

      update projects p set
        words_total = coalesce((select sum(word_count) from segments s where s.project_id = p.id), 0),
        words_translated = coalesce((select sum(word_count) from segments s where s.project_id = p.id and s.status = 'TRANSLATED'), 0);

      create function segments_words_changed() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          update projects p set
            words_total = p.words_total - d.total,
            words_translated = p.words_translated - d.translated
          from (select project_id, sum(word_count) as total,
                       coalesce(sum(word_count) filter (where status = 'TRANSLATED'), 0) as translated
                  from old_rows group by project_id) d
          where p.id = d.project_id;
        end if;
        if tg_op in ('UPDATE', 'INSERT') then
          update projects p set
            words_total = p.words_total + d.total,
            words_translated = p.words_translated + d.translated
          from (select project_id, sum(word_count) as total,
                       coalesce(sum(word_count) filter (where status = 'TRANSLATED'), 0) as translated
                  from new_rows group by project_id) d
          where p.id = d.project_id;
        end if;
        return null;
      end
      $$;

      create trigger segments_words_inserted after insert on segments
        referencing new table as new_rows for each statement execute function segments_words_changed();
      create trigger segments_words_updated after update on segments
        referencing old table as old_rows new table as new_rows for each statement execute function segments_words_changed();
      create trigger segments_words_deleted after delete on segments
        referencing old table as old_rows for each statement execute function segments_words_changed();
    `,
  },
  {
    version: 6,
    name: 'translation memories',
    sql: /* sql */ `
      -- SPEC §3 translation memory (name, readMemory, writeMemory, canUpdate). A memory belongs to its owner; read and
      -- write are the owner's defaults for every project, canUpdate is "not read_only" (a locked reference memory).
      -- Languages are two-letter codes, as projects have them.
      create table memories (
        id integer generated always as identity primary key,
        owner_id integer not null references users (id) on delete cascade,
        name text not null,
        source_lang text not null,
        target_lang text not null,
        read boolean not null default true,
        write boolean not null default true,
        read_only boolean not null default false,
        created_at timestamptz not null default now()
      );
      create index memories_owner_idx on memories (owner_id, source_lang, target_lang);

      -- SPEC §2 "inside the translator … settings apply to that project": a project's own read/write choice.
      create table project_memories (
        project_id integer not null references projects (id) on delete cascade,
        memory_id integer not null references memories (id) on delete cascade,
        read boolean not null,
        write boolean not null,
        primary key (project_id, memory_id)
      );
      create index project_memories_memory_idx on project_memories (memory_id);

      -- One unit per source in a memory (write-back updates it): source_hash is md5 of the whitespace-normalised
      -- canonical source. token_count is the unit's token count (app/lib/tm/tokens.ts), for the length window.
      create table tm_units (
        id bigint generated always as identity primary key,
        memory_id integer not null references memories (id) on delete cascade,
        source text not null,
        target text not null,
        source_hash text not null,
        token_count integer not null,
        created_by text not null,
        created_at timestamptz not null default now(),
        changed_at timestamptz not null default now()
      );
      create unique index tm_units_source_idx on tm_units (memory_id, source_hash);
      create index tm_units_length_idx on tm_units (memory_id, token_count);
    `,
  },
  {
    version: 7,
    name: 'TM analysis bands and pretranslation progress',
    sql: /* sql */ `
      -- The best TM match of each segment when the project was analysed (null: none of 50 or more), and the words
      -- per band (app/lib/tm/analysis-bands.ts) for the file list and the translator.
      alter table segments add column tm_match integer;
      alter table projects add column analysis_bands jsonb;
      -- Segments looked at by a running pretranslation (SPEC §2 pre-translation wait with a progress bar).
      alter table projects add column pretranslated integer not null default 0;
    `,
  },
  {
    version: 8,
    name: 'translation memory index',
    sql: /* sql */ `
      -- The fuzzy-match index (app/lib/tm/index-keys.ts, units.server.ts). keys: the unit's token keys as 32-bit
      -- hashes, sorted, repeats kept, for counting shared tokens without reading the source. Null until indexed:
      -- units written before this migration are indexed by the first lookup of their memory.
      alter table tm_units add column keys integer[];
      create index tm_units_unindexed_idx on tm_units (memory_id) where keys is null;

      -- Postings: one row per unit and distinct key. The primary key makes a lookup of a key within a length
      -- window an index-only range scan. No foreign keys: a check per row would slow a million-unit import, and
      -- units.server.ts removes postings with their unit and deleteMemory with the memory.
      create table tm_keys (
        memory_id integer not null,
        key integer not null,
        token_count integer not null,
        unit_id bigint not null,
        primary key (memory_id, key, token_count, unit_id)
      );

      -- Units per key (document frequency), so a lookup reads the rarest keys first.
      create table tm_key_counts (
        memory_id integer not null,
        key integer not null,
        units integer not null,
        primary key (memory_id, key)
      );
    `,
  },
  {
    version: 9,
    name: 'TMX imports',
    sql: /* sql */ `
      -- Issue 5 TMX import as a durable task: the upload is kept in the database in chunks (any instance's worker
      -- can read it, a crash can resume it, and it is read back one chunk at a time), progress and the final
      -- report live on the import row. status: uploading -> queued -> running -> done | failed.
      create table tmx_imports (
        id integer generated always as identity primary key,
        owner_id integer not null references users (id) on delete cascade,
        memory_id integer references memories (id) on delete cascade,
        file_name text not null,
        file_size bigint not null default 0,
        status text not null default 'uploading',
        bytes_read bigint not null default 0,
        units_read integer not null default 0,
        report jsonb,
        created_at timestamptz not null default now(),
        finished_at timestamptz
      );
      create index tmx_imports_owner_idx on tmx_imports (owner_id, id);

      create table tmx_import_chunks (
        import_id integer not null references tmx_imports (id) on delete cascade,
        position integer not null,
        bytes bytea not null,
        primary key (import_id, position)
      );
    `,
  },
  {
    version: 10,
    name: 'MT suggestions',
    sql: /* sql */ `
      -- Issue 6: a segment's machine translation per system, fetched once when the segment is first active (the
      -- suggestion list shows it first; the provider is asked again only for another system or a changed source).
      create table mt_suggestions (
        segment_id integer not null references segments (id) on delete cascade,
        system_id text not null,
        source text not null,
        translation text not null,
        created_at timestamptz not null default now(),
        primary key (segment_id, system_id)
      );
      -- Why the last pretranslation with MT stopped (an MtErrorCode); cleared when the next one starts.
      alter table projects add column pretranslate_error text;
    `,
  },
  {
    version: 11,
    name: 'concordance indexes',
    sql: /* sql */ `
      -- Issue 5 concordance: "every word searched, anywhere in the source or the target, any case" is ILIKE '%word%',
      -- which only a trigram index serves. pg_trgm ships with PostgreSQL (Debian's postgresql package; elsewhere
      -- postgresql-contrib) and with PGlite (loaded in database.server.ts). It goes into public, and its operator
      -- class is named with that schema, so that a database whose app uses another schema (search_path) still finds it.
      create extension if not exists pg_trgm with schema public;
      create index tm_units_source_trgm_idx on tm_units using gin (source public.gin_trgm_ops);
      create index tm_units_target_trgm_idx on tm_units using gin (target public.gin_trgm_ops);
      -- Newest first: a common word is found by walking the memory's units from the newest until enough match.
      create index tm_units_recent_idx on tm_units (memory_id, changed_at desc, id desc);
    `,
  },
  {
    version: 12,
    name: 'TM index versions',
    sql: /* sql */ `
      -- Issue 5, decision 0011: each app instance keeps a copy of a memory's index in process memory and brings it
      -- up to date from here before a lookup. Every write to a memory's units takes the memory's next version (the
      -- row stays locked until the transaction ends, so versions commit in order), stamps the units it writes with
      -- it, and records the units it removes.
      create table tm_index_versions (
        memory_id integer primary key references memories (id) on delete cascade,
        version bigint not null
      );
      alter table tm_units add column index_version bigint not null default 0;
      create index tm_units_version_idx on tm_units (memory_id, index_version, id);
      create table tm_removed (
        memory_id integer not null references memories (id) on delete cascade,
        version bigint not null,
        unit_id bigint not null
      );
      create index tm_removed_version_idx on tm_removed (memory_id, version);
    `,
  },
  {
    version: 13,
    name: 'files in chunks, projects deleted in the background',
    sql: /* sql */ `
      -- Issue 15: no statement may run long on the embedded database, whose one session every request shares. An
      -- uploaded file is stored in chunks of at most 256 KiB, each its own statement, before the short transaction
      -- that creates its project; conversion and download read it back a chunk at a time. A stored file that never
      -- became a project (the upload failed or the process died) is removed by the worker's housekeeping.
      create table stored_files (
        id integer generated always as identity primary key,
        size bigint not null,
        sha256 text not null,
        created_at timestamptz not null default now()
      );
      create table stored_file_chunks (
        file_id integer not null references stored_files (id) on delete cascade,
        position integer not null,
        bytes bytea not null,
        primary key (file_id, position)
      );
      alter table project_files add column file_id integer references stored_files (id);
      do $$
      declare
        existing record;
        stored integer;
      begin
        for existing in select project_id, bytes, size, sha256 from project_files loop
          insert into stored_files (size, sha256) values (existing.size, existing.sha256) returning id into stored;
          insert into stored_file_chunks (file_id, position, bytes) values (stored, 0, existing.bytes);
          update project_files set file_id = stored where project_id = existing.project_id;
        end loop;
      end
      $$;
      alter table project_files alter column file_id set not null;
      alter table project_files drop column bytes;
      create index project_files_file_idx on project_files (file_id);

      -- Deleting a project of 80,000 segments takes seconds: the request only marks it (it disappears at once for
      -- its owner) and a background task removes its rows in bounded batches.
      alter table projects add column deleted_at timestamptz;

      -- A block of consecutive ids from a table's identity, for rows written in several batches (conversion): the
      -- caller holds the segment-id advisory lock, as every writer of segment ids does.
      create function reserve_ids(table_name text, wanted integer) returns integer language plpgsql as $$
      declare
        sequence_name text := pg_get_serial_sequence(table_name, 'id');
        first integer;
      begin
        if wanted <= 0 then
          return null;
        end if;
        first := nextval(sequence_name);
        if wanted > 1 then
          perform setval(sequence_name, first + wanted - 1);
        end if;
        return first;
      end
      $$;
    `,
  },
  {
    version: 14,
    name: 'translation memory storage at scale',
    sql: /* sql */ `
      -- Issue 15, docs/decisions/0014. Lookups go through each instance's copy of the index (decision 0011), built
      -- from tm_units.keys; the posting tables the database path read (migration 8) go, and with them a third of an
      -- import's time and more than half of the space.
      drop table tm_keys;
      drop table tm_key_counts;
      drop index tm_units_length_idx;
      drop index tm_units_unindexed_idx;
      -- Concordance finds whole words (any case) through a GIN index of each unit's word hashes, source and target
      -- together (app/lib/tm/concordance-words.ts): a tenth of the size of the two trigram indexes (migration 11), and
      -- about as cheap to write as the unit itself.
      drop index tm_units_source_trgm_idx;
      drop index tm_units_target_trgm_idx;
      alter table tm_units add column words integer[];
      create index tm_units_words_idx on tm_units using gin (words);
      -- Deleting a memory of a million units takes a minute: the request only marks it (gone at once from every page
      -- and lookup) and a background task removes its units in bounded batches.
      alter table memories add column deleted_at timestamptz;
      -- The memories page shows each memory's size: counted on every page load it cost a scan of the memory.
      -- Statement-level triggers keep it, as segments keep a project's word sums (migration 5).
      alter table memories add column unit_count bigint not null default 0;
      update memories m set unit_count = (select count(*) from tm_units u where u.memory_id = m.id);
      create function tm_units_counted() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          update memories m set unit_count = m.unit_count - d.units
            from (select memory_id, count(*) as units from old_rows group by memory_id) d where m.id = d.memory_id;
        else
          update memories m set unit_count = m.unit_count + d.units
            from (select memory_id, count(*) as units from new_rows group by memory_id) d where m.id = d.memory_id;
        end if;
        return null;
      end
      $$;
      create trigger tm_units_inserted after insert on tm_units
        referencing new table as new_rows for each statement execute function tm_units_counted();
      create trigger tm_units_deleted after delete on tm_units
        referencing old table as old_rows for each statement execute function tm_units_counted();
      -- Units written before this migration get their words (and keys, if they have none) from a background task.
      insert into tasks (kind, payload)
      select 'index-memory', json_build_object('memoryId', m.id)::jsonb from memories m
       where exists (select 1 from tm_units u where u.memory_id = m.id);
    `,
  },
  {
    version: 15,
    name: 'personal access tokens',
    sql: /* sql */ `
      -- Issue 16: programs (a CMS, a script) call the API with "Authorization: Bearer <token>". A user makes, lists
      -- and revokes their tokens; as with sessions, only the token's SHA-256 is kept, and the first characters to
      -- tell tokens apart in the list. Revoking deletes the row, so the next request with it is refused.
      create table access_tokens (
        id integer generated always as identity primary key,
        user_id integer not null references users (id) on delete cascade,
        name text not null,
        token_hash text not null unique,
        hint text not null,
        created_at timestamptz not null default now(),
        last_used_at timestamptz
      );
      create index access_tokens_user_idx on access_tokens (user_id, id);
    `,
  },
  {
    version: 16,
    name: 'glossaries',
    sql: /* sql */ `
      -- Issue 17: glossaries (term bases) of a user, for one language pair, chosen per project like memories. A
      -- concept has source and target terms; each term keeps its stems (app/lib/terms/stemming.ts) and its first
      -- three stems as a lookup key, so a window's words, pairs and triples find its terms, inflected or not, in one
      -- index lookup that returns little besides the terms that are there (app/lib/terms/term-matcher.ts).
      create table glossaries (
        id integer generated always as identity primary key,
        owner_id integer not null references users (id) on delete cascade,
        name text not null,
        source_lang text not null,
        target_lang text not null,
        read boolean not null default true,
        write boolean not null default true,
        concept_count integer not null default 0,
        -- Bumped by every change of its terms: a process's copy of its lookup index (term-index.server.ts) is
        -- current while the versions agree (as the TM's copies, decision 0011).
        version bigint not null default 0,
        created_at timestamptz not null default now(),
        deleted_at timestamptz
      );
      create index glossaries_owner_idx on glossaries (owner_id) where deleted_at is null;
      create table glossary_concepts (
        id bigint generated always as identity primary key,
        glossary_id integer not null references glossaries (id) on delete cascade,
        subject text,
        definition text,
        note text,
        -- The import that wrote it: a retried import first removes what its cut-off run wrote.
        import_id integer,
        created_at timestamptz not null default now()
      );
      create index glossary_concepts_glossary_idx on glossary_concepts (glossary_id, id);
      create index glossary_concepts_import_idx on glossary_concepts (import_id) where import_id is not null;
      create table glossary_terms (
        id bigint generated always as identity primary key,
        concept_id bigint not null references glossary_concepts (id) on delete cascade,
        -- Its concept's glossary, for the lookup index; no foreign key of its own (the concept's cascades), as a
        -- check per row cost a third of a 100,000-concept import.
        glossary_id integer not null,
        side text not null check (side in ('source', 'target')),
        term text not null,
        status text not null default 'admitted' check (status in ('preferred', 'admitted', 'deprecated', 'obsolete')),
        part_of_speech text,
        context text,
        note text,
        stems text not null,
        lookup_key text not null
      );
      create index glossary_terms_lookup_idx on glossary_terms (glossary_id, side, lookup_key);
      create index glossary_terms_concept_idx on glossary_terms (concept_id);
      create table project_glossaries (
        project_id integer not null references projects (id) on delete cascade,
        glossary_id integer not null references glossaries (id) on delete cascade,
        read boolean not null,
        write boolean not null,
        primary key (project_id, glossary_id)
      );
      create index project_glossaries_glossary_idx on project_glossaries (glossary_id);
      -- A TBX, CSV or TSV upload into a glossary: stored (stored_files), mapped (CSV columns), then imported by a
      -- durable task that reads the whole file before writing anything, so a broken file imports nothing.
      create table glossary_imports (
        id integer generated always as identity primary key,
        glossary_id integer not null references glossaries (id) on delete cascade,
        file_id integer,
        file_name text not null,
        format text not null check (format in ('tbx', 'csv')),
        delimiter text,
        mapping jsonb,
        status text not null check (status in ('mapping', 'queued', 'running', 'done', 'failed')),
        report jsonb,
        created_at timestamptz not null default now()
      );
      create index glossary_imports_glossary_idx on glossary_imports (glossary_id, id);
    `,
  },
  {
    version: 17,
    name: 'quality checks',
    sql: /* sql */ `
      -- Issue 17: the QA warnings of a segment's translation as its last check found them (a JSON array of
      -- {code, detail}); null when the translation changed in bulk (pretranslation, split, merge) and a background
      -- task has yet to check it. Inconsistencies are found when asked, from the md5 indexes.
      alter table segments add column qa jsonb;
      create index segments_qa_idx on segments (project_id, position) where qa is not null and qa <> '[]'::jsonb;
      create index segments_unchecked_idx on segments (project_id) where qa is null and target is not null;
      create index segments_source_md5_idx on segments (project_id, md5(source));
      create index segments_target_md5_idx on segments (project_id, md5(target)) where target is not null;
      -- A warning the translator chose to ignore (its code and detail), per segment: it stays ignored while it recurs.
      create table qa_ignores (
        segment_id integer not null references segments (id) on delete cascade,
        warning text not null,
        primary key (segment_id, warning)
      );
      -- The checks a project turned off (the translator's settings); every check is on by default.
      alter table projects add column qa_off text[] not null default '{}';
    `,
  },
  {
    version: 18,
    name: 'glossary imports without per-row checks',
    sql: /* sql */ `
      -- Issue 17 (decision 0017): the foreign keys from a term to its concept and from a concept to its glossary
      -- were checked for every inserted row, three of a 100,000-concept import's thirteen seconds. Terms and concepts
      -- are only written by the code that has just written or read their parent, so the checks bought nothing;
      -- deleting a glossary or a concept still deletes what belongs to it, once per statement, as the cascades did.
      alter table glossary_terms drop constraint glossary_terms_concept_id_fkey;
      alter table glossary_concepts drop constraint glossary_concepts_glossary_id_fkey;
      create function glossary_concepts_deleted() returns trigger language plpgsql as $$
      begin
        delete from glossary_terms where concept_id in (select id from gone);
        return null;
      end $$;
      create trigger glossary_concepts_deleted after delete on glossary_concepts
        referencing old table as gone for each statement execute function glossary_concepts_deleted();
      create function glossaries_deleted() returns trigger language plpgsql as $$
      begin
        delete from glossary_concepts where glossary_id in (select id from gone);
        return null;
      end $$;
      create trigger glossaries_deleted after delete on glossaries
        referencing old table as gone for each statement execute function glossaries_deleted();
      -- Ids taken a thousand at a time per connection, not one sequence write per row; the lookup key compared
      -- byte-wise (only equality is asked of it), as PGlite's default collation already does.
      alter table glossary_concepts alter column id set cache 1000;
      alter table glossary_terms alter column id set cache 1000;
      alter table glossary_terms alter column lookup_key type text collate "C";
    `,
  },
  {
    version: 19,
    name: 'bilingual exchange imports',
    sql: /* sql */ `
      -- Issue 18: an XLIFF exported from Tulks and worked on in another CAT tool, uploaded back (stored_files) and
      -- applied by a durable task; the report counts what changed and lists the conflicts it kept Tulks' version of.
      create table exchange_imports (
        id integer generated always as identity primary key,
        owner_id integer not null references users (id) on delete cascade,
        file_id integer,
        file_name text not null,
        overwrite boolean not null default false,
        status text not null check (status in ('queued', 'running', 'done', 'failed')),
        report jsonb,
        created_at timestamptz not null default now()
      );
      create index exchange_imports_owner_idx on exchange_imports (owner_id, id);
    `,
  },
  {
    version: 20,
    name: 'the encoding a text file was read in',
    sql: /* sql */ `
      -- Issue 19: a plain text or subtitle file in Windows-1257, Windows-1251 or UTF-16 (null: UTF-8), shown on the list.
      alter table projects add column encoding text;
    `,
  },
  {
    version: 21,
    name: 'a new version of a file',
    sql: /* sql */ `
      -- Issue 19: the project this one is a new version of; its conversion carries the confirmed translations of
      -- unchanged segments over and then deletes the old version.
      alter table projects add column replaces_id integer;
    `,
  },
  {
    version: 22,
    name: 'files held across a language swap without JavaScript',
    sql: /* sql */ `
      -- Issue 19: files picked in the upload form when its swap or "show domains" button was pressed without
      -- JavaScript (a page reload, which empties a file input): stored, listed in the form again, taken by Analyze.
      -- The stored file is housekeeping's after an hour (removeOrphanedFiles), and this row goes with it.
      create table held_uploads (
        id integer generated always as identity primary key,
        owner_id integer not null references users (id) on delete cascade,
        file_id integer not null references stored_files (id) on delete cascade,
        name text not null,
        format text not null,
        created_at timestamptz not null default now()
      );
      create index held_uploads_owner_idx on held_uploads (owner_id, id);
    `,
  },
  {
    version: 23,
    name: 'concordance candidates from the in-process copies',
    sql: /* sql */ `
      -- Issue 15 (decision 0014, second addendum): the GIN index of tm_units.words made every unit written cost about
      -- a third more (a TMX import ran at 7,900 units/s on PGlite with it, 10,600–11,000 without). A concordance
      -- search now finds its candidates by scanning the words each instance's copy of the memory holds
      -- (memory-index.ts); the column stays, for loading those copies and for the newest units' check.
      drop index tm_units_words_idx;
    `,
  },
  {
    version: 24,
    name: 'TMX import in one pass, undone if the file breaks',
    sql: /* sql */ `
      -- Issue 15 (decision 0014, third addendum): a TMX import reads its file once, writing as it goes, instead of
      -- checking the whole file first. Each batch it writes leaves what it changed here (the units it added, and the
      -- units it updated as they were), so a file that breaks half-way is undone batch by batch, newest first. The
      -- entries go when the import ends. undo_from: the memory's index version when undoing began; a unit changed
      -- since the import wrote it (a translator's confirm) is left as it is.
      create table tm_import_undo (
        id bigint generated always as identity primary key,
        import_id integer not null references tmx_imports (id) on delete cascade,
        memory_id integer not null,
        version bigint not null,
        created bigint[] not null,
        previous jsonb not null
      );
      create index tm_import_undo_import_idx on tm_import_undo (import_id, id);
      alter table tmx_imports add column undo_from bigint;
    `,
  },
  {
    version: 25,
    name: 'TMX imports without per-unit checks',
    sql: /* sql */ `
      -- Issue 15 (decision 0014, fourth addendum): the foreign key from a unit to its memory was checked for every
      -- unit written, by a query locking the memory's row: an eighth of the database's time in a TMX import on
      -- PostgreSQL. Units are only inserted by one statement (units.server.ts upsertUnits) that first takes the
      -- memory's row in tm_index_versions, whose own foreign key and cascade keep a deleted memory from getting units.
      -- Deleting a memory still deletes its units, once per statement, as the cascade did.
      alter table tm_units drop constraint tm_units_memory_id_fkey;
      create function memories_deleted() returns trigger language plpgsql as $$
      begin
        delete from tm_units where memory_id in (select id from gone);
        return null;
      end $$;
      create trigger memories_deleted after delete on memories
        referencing old table as gone for each statement execute function memories_deleted();
      -- The planner never filters units by their text, keys or words (lookups go through the in-process copies and
      -- the (memory_id, source_hash) index), so the statistics a big import's analyze gathered on them went unused:
      -- sorting 30,000 sampled texts and counting array elements were most of its cost.
      alter table tm_units alter column source set statistics 0, alter column target set statistics 0,
        alter column keys set statistics 0, alter column words set statistics 0;
    `,
  },
  {
    version: 26,
    name: 'conversions without per-row checks',
    sql: /* sql */ `
      -- Issue 15 (decision 0013, addendum): a conversion's units and segments were checked against their project, and
      -- each segment against its unit, by a locking query per row: a 40,000-paragraph text took 5.6–5.9 s to convert
      -- into PGlite with them and 4.1 s without, the difference all on the database thread other requests wait for.
      -- Units and segments are only inserted by the conversion (each statement takes its project's row for key share
      -- first, and writes nothing if the project is gone) and by split (which locks the segment it splits). Deleting a
      -- project still deletes its units and segments, and deleting units their segments, once per statement.
      alter table segments drop constraint segments_project_id_fkey, drop constraint segments_unit_id_fkey;
      alter table units drop constraint units_project_id_fkey;
      create function units_deleted() returns trigger language plpgsql as $$
      begin
        delete from segments where unit_id in (select id from gone);
        return null;
      end $$;
      create trigger units_deleted after delete on units
        referencing old table as gone for each statement execute function units_deleted();
      create function projects_deleted() returns trigger language plpgsql as $$
      begin
        delete from segments where project_id in (select id from gone);
        delete from units where project_id in (select id from gone);
        return null;
      end $$;
      create trigger projects_deleted after delete on projects
        referencing old table as gone for each statement execute function projects_deleted();
    `,
  },
  {
    version: 27,
    name: 'a translation posted after the session ended is kept',
    sql: /* sql */ `
      -- A translator whose session ended (expired, or signed out in another tab) loses nothing: the translation a
      -- save or a move posted, or the comment being published, is kept here under the SHA-256 of a token in the
      -- browser's tulks_kept cookie, until they are signed in again and the translator shows it where it was typed
      -- (app/lib/translator/kept-text.server.ts). Rows live a day at most, twenty per project, and are written only
      -- for a segment of the project the posted address names (with its password).
      create table kept_texts (
        token_hash text primary key,
        project_id integer not null references projects (id) on delete cascade,
        segment_id integer not null,
        kind text not null check (kind in ('target', 'comment')),
        text text not null,
        kept_at timestamptz not null default now()
      );
      create index kept_texts_project_idx on kept_texts (project_id, kept_at);
    `,
  },
  {
    version: 28,
    name: 'a glossary term added after the session ended is kept too',
    sql: /* sql */ `
      -- The translator's "add a term" form, kept as JSON (source, target, glossary) the same way.
      alter table kept_texts drop constraint kept_texts_kind_check;
      alter table kept_texts add constraint kept_texts_kind_check check (kind in ('target', 'comment', 'term'));
    `,
  },
  {
    version: 29,
    name: 'the translator settings posted after the session ended are kept too',
    sql: /* sql */ `
      -- The translator's settings form (MT feedback, memories, glossaries, QA checks), kept as JSON the same way.
      alter table kept_texts drop constraint kept_texts_kind_check;
      alter table kept_texts add constraint kept_texts_kind_check check (kind in ('target', 'comment', 'term', 'settings'));
    `,
  },
  {
    version: 30,
    name: 'a unit\'s source hash as 16 bytes',
    sql: /* sql */ `
      -- Issue 15 (decision 0014, seventh addendum): the md5 of a unit's source as a uuid (16 bytes, compared as bytes)
      -- instead of 32 hex characters compared as text. Every unit written probes and grows (memory_id, source_hash);
      -- as a uuid that index is half the size, and a million units were written with a fifth less of the server's time.
      alter table tm_units alter column source_hash type uuid using source_hash::uuid;
    `,
  },
  {
    version: 31,
    name: 'large values compressed with lz4 where the server has it',
    sql: /* sql */ `
      -- Issue 15 (decision 0014, eighth addendum): a value too large to stay in its row is compressed, by default with
      -- pglz, slow at both ends. Storing a 412 MB TMX upload cost the server 9.1 s of CPU with pglz and 3.7 s with lz4
      -- (the request waited 11.4 s against 5.2 s); long units and the import's undo entries too. Values written before
      -- keep their compression. A server built without lz4 (PGlite), or older than PostgreSQL 14 (which does not know
      -- the clause), keeps pglz. The statements are executed as strings: PL/pgSQL checks the syntax of the ones it
      -- holds when it compiles the block, before the handler below could catch an older server's refusal.
      do $$
      begin
        execute 'alter table tmx_import_chunks alter column bytes set compression lz4';
        execute 'alter table stored_file_chunks alter column bytes set compression lz4';
        execute 'alter table tm_units alter column source set compression lz4, alter column target set compression lz4,
          alter column keys set compression lz4, alter column words set compression lz4';
        execute 'alter table tm_import_undo alter column previous set compression lz4';
      exception when feature_not_supported or syntax_error then
        null;
      end
      $$;
    `,
  },
  {
    version: 32,
    name: 'a form posted after the session ended is kept to be sent again',
    sql: /* sql */ `
      -- Decision 0022's addendum: a form outside the translator (a memory, glossary or token made, a file renamed, the
      -- profile's settings) posted without a session is kept, its fields as sent (urlencoded), for the page it was
      -- sent from; after signing in that page offers to send it again. Rows live a day, a thousand at most.
      create table kept_forms (
        token_hash text primary key,
        page text not null,
        action text not null,
        fields text not null,
        kept_at timestamptz not null default now()
      );
      create index kept_forms_kept_at_idx on kept_forms (kept_at);
    `,
  },
  {
    version: 33,
    name: 'each segment counts its versions and remembers the editor page and step that wrote it last',
    sql: /* sql */ `
      -- Issue 50: the translator's writes of a segment apply in the order they were made. The editor page of a browser
      -- (edit_writer, made anew at each page load) numbers its writes (edit_seq); a write older than the last one that
      -- page made of the segment is not applied, wherever it was delayed. Every change of a segment's target or status
      -- counts a version (a trigger: every writer, now and later, counts), which the editor compares with the version
      -- its text was based on to tell its own text coming back from someone else's change.
      alter table segments add column version integer not null default 0;
      alter table segments add column edit_writer text;
      alter table segments add column edit_seq integer;
      create function segments_count_version() returns trigger language plpgsql as $$
      begin
        new.version := old.version + 1;
        return new;
      end
      $$;
      create trigger segments_version before update of target, status on segments for each row
        when (old.target is distinct from new.target or old.status is distinct from new.status)
        execute function segments_count_version();
    `,
  },
  {
    version: 34,
    name: 'a kept form or text belongs to the user whose session had ended',
    sql: /* sql */ `
      -- Issue 50: a form posted with a forged or unknown session cookie was kept, a thousand anonymous posts evicted
      -- every user's kept form, and a kept form was shown to whoever signed in next in that browser. A form is now kept
      -- only for a session that existed (a signed-out session's row stays a day, ended), for its user, and is given
      -- back to that user alone, twenty a user at most. Forms kept before this version (a day's worth at most) go.
      delete from kept_forms;
      delete from kept_texts;
      alter table kept_forms add column user_id integer not null references users (id) on delete cascade;
      alter table kept_texts add column user_id integer not null references users (id) on delete cascade;
      create index kept_forms_user_id_idx on kept_forms (user_id, kept_at);
      create index kept_texts_user_id_idx on kept_texts (user_id);
    `,
  },
  {
    version: 35,
    name: 'an earlier version of a file is superseded, not deleted, and the new one says what came over',
    sql: /* sql */ `
      -- Issue 50: a new version of a file carries drafts and comments over too, and the earlier version stays, hidden
      -- from the lists, restorable from the new version's row until the user removes it.
      alter table projects add column superseded_by integer;
      alter table projects add column carried_over jsonb;
    `,
  },
  {
    version: 36,
    name: 'a file says which of its texts are kept as they are',
    sql: /* sql */ `
      -- Issue 57: comments, charts, SmartArt, hidden sheets and the like are kept as they are (docs/formats.md); the
      -- conversion counts them (FormatFilter.kept) and the file list and the translator say so. Null: nothing kept, or
      -- converted before this version.
      alter table projects add column kept_as_is jsonb;
    `,
  },
  {
    version: 37,
    name: 'a confirm fills its repetitions unless the project says not to',
    sql: /* sql */ `
      -- Issue 58: confirming a segment fills the segments of the file with the same source that are empty or drafts
      -- (memoQ's and Trados' auto-propagation, on by default); a project can turn it off in the translator's settings.
      alter table projects add column propagate boolean not null default true;
    `,
  },
  {
    version: 38,
    name: 'a replace-all or a copy of the source to every empty segment can be undone as one step',
    sql: /* sql */ `
      -- Issue 58: each replace in a file's translations, and each copy of the source to its empty segments, keeps what
      -- it changed (segment, text and status before, text after), so that it can be undone as one step; an undo
      -- restores the segments still holding its text.
      create table replace_batches (
        id serial primary key,
        kind text not null default 'replace' check (kind in ('replace', 'copy-source')),
        project_id integer not null references projects (id) on delete cascade,
        user_id integer not null references users (id) on delete cascade,
        find text not null,
        replacement text not null,
        changes jsonb not null,
        created_at timestamptz not null default now(),
        undone_at timestamptz
      );
      create index replace_batches_project_idx on replace_batches (project_id, id);
    `,
  },
  {
    version: 39,
    name: 'a memory unit knows the neighbours of the segment it came from',
    sql: /* sql */ `
      -- Issue 58 point 4: a unit written from a file (a confirm, a TMX with context props) keeps the hash of the sources
      -- before and after its segment (units.server.ts contextHash); a 100% match between the same neighbours is a
      -- context match (101%), ranked first and confirmed by pretranslation. Null: unknown (written before this version).
      alter table tm_units add column context uuid;
    `,
  },
  {
    version: 40,
    name: 'a text may have a length limit, from its file or the project',
    sql: /* sql */ `
      -- Issue 58 point 6: the characters a unit's translation may hold (XLIFF 1.2 maxwidth in characters, XLIFF 2
      -- slr:sizeRestriction in code points, Android maxLength) and a line of it (subtitles: 42), and the project's own
      -- limit for each segment (the translator's settings). Null: no limit. QA warns past them (app/lib/qa/length-limit.ts).
      alter table units add column max_length integer;
      alter table units add column line_length integer;
      alter table projects add column max_length integer;
    `,
  },
  {
    version: 41,
    name: 'a large replace-all and its undo run in the background, a batch at a time',
    sql: /* sql */ `
      -- Issue 58: a replace-all over a whole file took minutes in one transaction on the request. One that changes
      -- more than a few hundred segments is a task (replace.server.ts): it works through the file in order, a batch a
      -- transaction, each batch adding its changes to the row and moving resume_at on with them, so a task cut off resumes
      -- where its last batch ended and never replaces twice. An undo of such a batch works the same way, through the
      -- changes. status: running (replacing), done, undoing; done counts the segments looked at (or undone) so far.
      alter table replace_batches add column status text not null default 'done' check (status in ('running', 'done', 'undoing'));
      alter table replace_batches add column match_case boolean not null default false;
      alter table replace_batches add column whole_word boolean not null default false;
      alter table replace_batches add column total integer not null default 0;
      alter table replace_batches add column done integer not null default 0;
      alter table replace_batches add column resume_at integer not null default -1;
    `,
  },
  {
    version: 42,
    name: 'a file knows the copy of its source that can be undone',
    sql: /* sql */ `
      -- Issue 58: the Pretranslate menu offers to undo the last copy of the source to every empty segment. It was read
      -- from replace_batches on every translator page (a statement each, and the batch's changes read to count them);
      -- the project row, read anyway, now says which batch and how many segments. Set by the copy, cleared by its undo.
      alter table projects add column last_copy jsonb;
      update projects p set last_copy = jsonb_build_object('id', b.id, 'changed', jsonb_array_length(b.changes))
        from (select distinct on (project_id) project_id, id, changes from replace_batches
               where kind = 'copy-source' and undone_at is null order by project_id, id desc) as b
       where b.project_id = p.id;
    `,
  },
  {
    version: 43,
    name: 'a file shared with colleagues',
    sql: /* sql */ `
      -- Issue 52 point 1: the owner shares a file with another account as its translator or reviewer (sharing.server.ts).
      -- A member opens, translates and downloads the file (a reviewer revises it); only the owner deletes, renames,
      -- replaces or shares it. Removing the access, or the member's account, removes the row.
      create table project_members (
        project_id integer not null references projects (id) on delete cascade,
        user_id integer not null references users (id) on delete cascade,
        role text not null check (role in ('translator', 'reviewer')),
        added_by integer references users (id) on delete set null,
        added_at timestamptz not null default now(),
        primary key (project_id, user_id)
      );
      create index project_members_user_idx on project_members (user_id, project_id);
    `,
  },
  {
    version: 44,
    name: 'a save based on an older version is not applied over a colleague',
    sql: /* sql */ `
      -- Issue 52 point 2: a save names the version its text was based on; one based on a version someone else has
      -- changed since is a conflict, not applied (segments.server.ts saveSegment). An editor page's own writes in flight
      -- are not someone else's: edit_version is the version the page's last stamped write made (the version trigger sets
      -- it when the stamp changes), so a version above it was made by another writer. edited_by: the account whose save
      -- made the segment as it is (null after a pretranslation or a new version's carry-over), named in the conflict.
      alter table segments add column edit_version integer;
      alter table segments add column edited_by integer;
      create or replace function segments_count_version() returns trigger language plpgsql as $$
      begin
        new.version := old.version + 1;
        if new.edit_writer is distinct from old.edit_writer or new.edit_seq is distinct from old.edit_seq then
          new.edit_version := new.version;
        end if;
        return new;
      end
      $$;
    `,
  },
  {
    version: 45,
    name: 'where each member of a shared file is',
    sql: /* sql */ `
      -- Issue 52 point 2: who is on which segment of a shared file (presence.server.ts), read with the translator's
      -- window and refreshed with each page; no lock, only a note that ages out. It is also where each member opens the
      -- file again: the job's last segment is one for everyone, and a colleague's moves must not move the others.
      create table segment_presence (
        project_id integer not null references projects (id) on delete cascade,
        user_id integer not null references users (id) on delete cascade,
        segment_id integer not null,
        seen_at timestamptz not null default now(),
        primary key (project_id, user_id)
      );
    `,
  },
  {
    version: 46,
    name: 'every change of a segment is kept with who, when and how',
    sql: /* sql */ `
      -- Issue 52 point 3: a segment's history (history.server.ts). A trigger keeps every change of a segment's
      -- translation or status, whoever makes it (every writer, now and later): the version, the text, the status, who
      -- (edited_by) and how (edit_how, which each writer sets: draft, confirm, clear, propagated, replace, undo,
      -- copy-source, pretranslate-tm, pretranslate-mt, import, split, merge, restore, carried-over). A draft typed on
      -- by the same person within ten minutes replaces their last draft row instead of adding one: the editor saves a
      -- draft at every pause, and a history of pauses is no history.
      alter table segments add column edit_how text;
      create table segment_history (
        id bigint generated always as identity primary key,
        project_id integer not null references projects (id) on delete cascade,
        segment_id integer not null,
        version integer not null,
        target text,
        status text not null,
        save_type text,
        save_match integer,
        edited_by integer,
        how text not null,
        at timestamptz not null default now()
      );
      create index segment_history_segment_idx on segment_history (project_id, segment_id, id);
      create function segments_keep_history() returns trigger language plpgsql as $$
      declare
        last_id bigint;
      begin
        if new.edit_how = 'draft' then
          select h.id into last_id from segment_history h
           where h.project_id = new.project_id and h.segment_id = new.id
             and h.how = 'draft' and h.edited_by is not distinct from new.edited_by and h.at > now() - interval '10 minutes'
             and h.id = (select max(l.id) from segment_history l where l.project_id = new.project_id and l.segment_id = new.id);
          if last_id is not null then
            update segment_history set version = new.version, target = new.target, status = new.status, save_type = new.save_type,
                   save_match = new.save_match, at = now()
             where id = last_id;
            return null;
          end if;
        end if;
        insert into segment_history (project_id, segment_id, version, target, status, save_type, save_match, edited_by, how)
        values (new.project_id, new.id, new.version, new.target, new.status, new.save_type, new.save_match, new.edited_by,
                coalesce(new.edit_how, 'draft'));
        return null;
      end
      $$;
      create trigger segments_history after update of target, status on segments for each row
        when (old.target is distinct from new.target or old.status is distinct from new.status)
        execute function segments_keep_history();
    `,
  },
  {
    version: 47,
    name: 'a reviewer approves or rejects a segment and marks its issues',
    sql: /* sql */ `
      -- Issue 52 point 4: revision (revision.server.ts). A translated segment a reviewer approved is REVISED, one sent
      -- back REJECTED; null: not revised (yet, or again after the translator changed it). revision_base is the
      -- translator's text the reviewer's edits are shown against (tracked changes): the text as it stood when the
      -- reviewer first changed it or decided. The version trigger keeps both honest for every writer: a reviewer's edit
      -- (edit_how revise, approve or reject) keeps the first base; anyone else's change of the text is a new translation,
      -- to be revised again.
      alter table segments add column revision text check (revision in ('REVISED', 'REJECTED'));
      alter table segments add column revision_base text;
      alter table segments add column revised_by integer;
      alter table segments add column revised_at timestamptz;
      create or replace function segments_count_version() returns trigger language plpgsql as $$
      begin
        new.version := old.version + 1;
        if new.edit_writer is distinct from old.edit_writer or new.edit_seq is distinct from old.edit_seq then
          new.edit_version := new.version;
        end if;
        if new.target is distinct from old.target then
          if new.edit_how in ('revise', 'approve', 'reject') then
            new.revision_base := coalesce(old.revision_base, old.target);
          elsif old.revision is not null or old.revision_base is not null then
            new.revision := null;
            new.revision_base := null;
          end if;
        end if;
        return new;
      end
      $$;
      -- The history keeps a decision too, as the status it shows (REVISED, REJECTED); a decision right after the edit
      -- it was made with (the same version, the same person) is that edit's row.
      create or replace function segments_keep_history() returns trigger language plpgsql as $$
      declare
        last_id bigint;
        shown text := case when new.revision is not null and new.target is not null then new.revision else new.status end;
      begin
        if new.edit_how in ('draft', 'approve', 'reject') then
          select h.id into last_id from segment_history h
           where h.project_id = new.project_id and h.segment_id = new.id
             and h.id = (select max(l.id) from segment_history l where l.project_id = new.project_id and l.segment_id = new.id)
             and h.edited_by is not distinct from new.edited_by
             and ((new.edit_how = 'draft' and h.how = 'draft' and h.at > now() - interval '10 minutes')
               or (new.version = h.version and h.how = new.edit_how and h.at > now() - interval '1 minute'));
        end if;
        if last_id is not null then
          update segment_history set version = new.version, target = new.target, status = shown, save_type = new.save_type,
                 save_match = new.save_match, how = coalesce(new.edit_how, 'draft'), at = now()
           where id = last_id;
          return null;
        end if;
        insert into segment_history (project_id, segment_id, version, target, status, save_type, save_match, edited_by, how)
        values (new.project_id, new.id, new.version, new.target, shown, new.save_type, new.save_match, new.edited_by,
                coalesce(new.edit_how, 'draft'));
        return null;
      end
      $$;
      drop trigger segments_history on segments;
      create trigger segments_history after update of target, status, revision on segments for each row
        when (old.target is distinct from new.target or old.status is distinct from new.status or old.revision is distinct from new.revision)
        execute function segments_keep_history();
      -- The issues a reviewer marks on a segment (ISO 17100 revision, Matecat's and MQM's categories and severities),
      -- each with the translator's answer.
      create table revision_issues (
        id bigint generated always as identity primary key,
        project_id integer not null references projects (id) on delete cascade,
        segment_id integer not null,
        category text not null check (category in ('accuracy', 'fluency', 'terminology', 'style', 'locale', 'markup')),
        severity text not null check (severity in ('minor', 'major', 'critical')),
        comment text not null default '',
        created_by integer references users (id) on delete set null,
        created_at timestamptz not null default now(),
        answer text,
        answered_by integer references users (id) on delete set null,
        answered_at timestamptz
      );
      create index revision_issues_segment_idx on revision_issues (project_id, segment_id);
    `,
  },
  {
    version: 48,
    name: 'the revision report: revised words on the project, each decision its edit distance, a pass threshold',
    sql: /* sql */ `
      -- Issue 52 point 5 (revision-report.server.ts). The file list shows revision progress beside the translation's:
      -- the words approved are kept on the project by the same statement triggers as the words translated (migration 5).
      -- A decision keeps the characters the reviewer changed (Levenshtein, between the translator's text and the revised
      -- one); the project its pass threshold in penalty points per 1,000 words (null: the default), and whether revision
      -- has begun (a decision or an issue): until then the translator's pages read no issues.
      alter table projects add column words_revised bigint not null default 0;
      alter table projects add column revision_started boolean not null default false;
      update projects p set revision_started = true where exists (select 1 from revision_issues i where i.project_id = p.id)
         or exists (select 1 from segments s where s.project_id = p.id and s.revision is not null);
      alter table projects add column revision_threshold numeric;
      alter table segments add column revision_distance integer;
      create or replace function segments_words_changed() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          update projects p set
            words_total = p.words_total - d.total,
            words_translated = p.words_translated - d.translated,
            words_revised = p.words_revised - d.revised
          from (select project_id, sum(word_count) as total,
                       coalesce(sum(word_count) filter (where status = 'TRANSLATED'), 0) as translated,
                       coalesce(sum(word_count) filter (where revision = 'REVISED'), 0) as revised
                  from old_rows group by project_id) d
          where p.id = d.project_id;
        end if;
        if tg_op in ('UPDATE', 'INSERT') then
          update projects p set
            words_total = p.words_total + d.total,
            words_translated = p.words_translated + d.translated,
            words_revised = p.words_revised + d.revised
          from (select project_id, sum(word_count) as total,
                       coalesce(sum(word_count) filter (where status = 'TRANSLATED'), 0) as translated,
                       coalesce(sum(word_count) filter (where revision = 'REVISED'), 0) as revised
                  from new_rows group by project_id) d
          where p.id = d.project_id;
        end if;
        return null;
      end
      $$;
      update projects p set words_revised = coalesce((select sum(word_count) from segments s where s.project_id = p.id and s.revision = 'REVISED'), 0);
    `,
  },
  {
    version: 49,
    name: 'images of memory indexes',
    sql: /* sql */ `
      -- Issue 53, decision 0030: a memory's index as the worker built it at an index version (index-image.ts), in parts
      -- of a few megabytes, so that an instance starting reads it and then only what changed since, instead of every
      -- unit: the keys for its first lookup, the concordance words for its first concordance search. The head row
      -- names the image in use; a new image's parts are written before it is named, the old ones
      -- removed after. Parts are stored uncompressed: they do not compress, and reading them is the point.
      create table tm_index_images (
        memory_id integer primary key references memories (id) on delete cascade,
        version bigint not null,
        units integer not null,
        -- Parts 0 to key_parts - 1 hold the keys (key_bytes long), the rest the concordance words.
        key_parts integer not null,
        key_bytes bigint not null,
        parts integer not null,
        word_bytes bigint not null,
        made_at timestamptz not null default now()
      );
      create table tm_index_image_parts (
        memory_id integer not null references memories (id) on delete cascade,
        version bigint not null,
        part integer not null,
        bytes bytea not null,
        primary key (memory_id, version, part)
      );
      alter table tm_index_image_parts alter column bytes set storage external;
    `,
  },
]
