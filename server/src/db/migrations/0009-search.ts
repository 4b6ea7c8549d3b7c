import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/** Latin letters with diacritics, and the same letters without. */
export const PG_ACCENTS_FROM =
  'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹ';
export const PG_ACCENTS_TO =
  'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzOoUuAaIiOoUuUuUuUuUuAaAaGgKkOoOojGgNnAaAaAaEeEeIiIiOoOoRrRrUuUuSsTtHhAaEeOoOoOoOoYyAaBbBbBbCcDdDdDdDdDdEeEeEeEeEeFfGgHhHhHhHhHhIiIiKkKkKkLlLlLlLlMmMmMmNnNnNnNnOoOoOoOoPpPpRrRrRrRrSsSsSsSsSsTtTtTtTtUuUuUuUuUuVvVvWwWwWwWwWwXxXxYyZzZzZzhtwyAaAaAaAaAaAaAaAaAaAaAaAaEeEeEeEeEeEeEeEeIiIiOoOoOoOoOoOoOoOoOoOoOoOoUuUuUuUuUuUuUuYyYyYyYy';

/**
 * PostgreSQL's folding of message text before it is split into words: Latin letters lose their
 * diacritics (the 'simple' configuration keeps them, and unaccent() is an extension and not
 * immutable), and . / @ : _ separate words as in SQLite's unicode61 tokenizer (else a URL, an
 * e-mail or a host name is one word). translate() is immutable, so it may feed a stored column.
 */
const SEPARATORS = './@:_';

/**
 * Full-text search over messages (docs/search.md). SQLite: an FTS5 index whose content is the
 * messages table itself, kept in step by triggers, with secure-delete so erased words leave the
 * file. PostgreSQL: a stored tsvector column computed from the text, with a GIN index.
 * Frozen: add a new file instead.
 */
export function search(dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      // A user's messages newest first (from: without words).
      await db.schema.createIndex('messages_user_id_idx').on('messages').columns(['user_id', 'id']).execute();
      if (dialect === 'postgres') {
        await sql`alter table messages add column search_tsv tsvector generated always as
          (to_tsvector('simple'::regconfig, translate(content, ${sql.lit(PG_ACCENTS_FROM + SEPARATORS)}, ${sql.lit(PG_ACCENTS_TO + ' '.repeat(SEPARATORS.length))}))) stored`.execute(
          db,
        );
        await sql`create index messages_search_idx on messages using gin (search_tsv)`.execute(db);
        return;
      }
      await sql`create virtual table messages_fts using fts5(content, content='messages', content_rowid='id',
          tokenize='unicode61 remove_diacritics 2')`.execute(db);
      await sql`insert into messages_fts(messages_fts, rank) values ('secure-delete', 1)`.execute(db);
      await sql`create trigger messages_fts_insert after insert on messages begin
          insert into messages_fts(rowid, content) values (new.id, new.content);
        end`.execute(db);
      await sql`create trigger messages_fts_delete after delete on messages begin
          insert into messages_fts(messages_fts, rowid, content) values ('delete', old.id, old.content);
        end`.execute(db);
      await sql`create trigger messages_fts_update after update of content on messages begin
          insert into messages_fts(messages_fts, rowid, content) values ('delete', old.id, old.content);
          insert into messages_fts(rowid, content) values (new.id, new.content);
        end`.execute(db);
      await sql`insert into messages_fts(messages_fts) values ('rebuild')`.execute(db);
    },
  };
}
