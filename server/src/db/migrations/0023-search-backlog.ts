import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * SQLite's search index takes new messages in batches behind the writes instead of one by one
 * in each send's transaction (docs/search.md): a message's own insert into FTS5 cost more than
 * the rest of its storing. `search_progress.indexed_upto` is the highest message id the index
 * holds; every message above it is still to be indexed. Editing or deleting a message changes
 * the index only for a message it holds (FTS5 must never be told to delete what it lacks); one
 * it does not hold yet is indexed as it is when its turn comes. PostgreSQL's tsvector column is
 * computed with the row, and stays. Frozen: add a new file instead.
 */
export function searchBacklog(dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') return;
      await sql`create table search_progress (
          id integer primary key check (id = 1),
          indexed_upto integer not null)`.execute(db);
      // Every message so far was indexed by the trigger this replaces.
      await sql`insert into search_progress (id, indexed_upto)
          select 1, coalesce(max(id), 0) from messages`.execute(db);
      await sql`drop trigger messages_fts_insert`.execute(db);
      await sql`drop trigger messages_fts_delete`.execute(db);
      await sql`drop trigger messages_fts_update`.execute(db);
      await sql`create trigger messages_fts_delete after delete on messages
          when old.id <= (select indexed_upto from search_progress where id = 1) begin
          insert into messages_fts(messages_fts, rowid, content) values ('delete', old.id, old.content);
        end`.execute(db);
      await sql`create trigger messages_fts_update after update of content on messages
          when old.id <= (select indexed_upto from search_progress where id = 1) begin
          insert into messages_fts(messages_fts, rowid, content) values ('delete', old.id, old.content);
          insert into messages_fts(rowid, content) values (new.id, new.content);
        end`.execute(db);
    },
  };
}
