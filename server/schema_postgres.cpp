#include "server/schema_postgres.h"

#include <fmt/format.h>

#include <array>
#include <pqxx/pqxx>
#include <string>

#include "server/schema_levels.h"

namespace meeple::server {

namespace {

constexpr std::array kPostgresMigrations = {
    // SQLite's schema version 6 at once. notes.seq keeps commit order (what
    // SQLite's rowid gives). The trigger keeps the action log append-only:
    // no UPDATE, and DELETE only of a table marked expired
    // (Storage::expire_table marks it first), as SQLite's triggers do.
    Migration{"tables, seats, notes and the append-only action log", R"SQL(
CREATE TABLE tables(
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  options TEXT NOT NULL,
  seed TEXT NOT NULL,
  seed_hash TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  client TEXT NOT NULL DEFAULT '',
  expired_at BIGINT,
  move_seconds BIGINT NOT NULL DEFAULT 0,
  rematch_id TEXT NOT NULL DEFAULT '');
CREATE TABLE seats(
  table_id TEXT NOT NULL REFERENCES tables(id),
  seat INTEGER NOT NULL,
  kind TEXT NOT NULL,
  level INTEGER NOT NULL,
  token_hash TEXT NOT NULL,
  claimed BOOLEAN NOT NULL,
  access TEXT NOT NULL DEFAULT '',
  auto_answer BOOLEAN NOT NULL DEFAULT TRUE,
  name TEXT NOT NULL DEFAULT '',
  away BOOLEAN NOT NULL DEFAULT FALSE,
  resigned BOOLEAN NOT NULL DEFAULT FALSE,
  PRIMARY KEY(table_id, seat));
CREATE TABLE actions(
  table_id TEXT NOT NULL REFERENCES tables(id),
  idx BIGINT NOT NULL,
  seat INTEGER NOT NULL,
  action BIGINT NOT NULL,
  supplied BOOLEAN NOT NULL,
  hash TEXT NOT NULL,
  PRIMARY KEY(table_id, idx));
CREATE TABLE notes(
  seq BIGSERIAL PRIMARY KEY,
  table_id TEXT NOT NULL REFERENCES tables(id),
  idx BIGINT NOT NULL,
  seat INTEGER NOT NULL,
  kind TEXT NOT NULL,
  at BIGINT NOT NULL);
CREATE INDEX notes_by_table ON notes(table_id);
CREATE FUNCTION actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'actions are append-only: UPDATE refused';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM tables WHERE id = OLD.table_id AND expired_at IS NOT NULL) THEN
    RAISE EXCEPTION 'actions are append-only: DELETE only of an expired table';
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER actions_append_only BEFORE UPDATE OR DELETE ON actions
  FOR EACH ROW EXECUTE FUNCTION actions_append_only();
)SQL"},
    // SQLite's migration 7: clients' ids for their action requests.
    Migration{"action request ids", R"SQL(
CREATE TABLE requests(
  table_id TEXT NOT NULL REFERENCES tables(id),
  seat INTEGER NOT NULL,
  request_id TEXT NOT NULL,
  version BIGINT NOT NULL,
  PRIMARY KEY(table_id, seat, request_id));
)SQL"},
    // Several `meeple serve` on one database (docs/scale.md "Ownership"):
    // a lease row per process, renewed every second, and the process that
    // may write each table. A new epoch per process start fences a process
    // that lost its lease from ever writing again. PostgreSQL only: SQLite
    // stays one process per file.
    Migration{"server leases and table owners", R"SQL(
CREATE SEQUENCE server_ids;
CREATE SEQUENCE server_epochs;
CREATE TABLE servers(
  id BIGINT PRIMARY KEY,
  url TEXT NOT NULL,
  epoch BIGINT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL);
ALTER TABLE tables ADD COLUMN owner_id BIGINT, ADD COLUMN owner_epoch BIGINT;
CREATE INDEX tables_live_by_created ON tables(created_at) WHERE expired_at IS NULL;
)SQL"},
    // Until when another process shows the table to WebSockets (a mirror,
    // docs/scale.md "Fan-out"): only then do its writes NOTIFY, so the
    // common case (every watcher on the owner) pays nothing.
    Migration{"tables watched from other processes", R"SQL(
ALTER TABLE tables ADD COLUMN mirrored_until TIMESTAMPTZ;
)SQL"},
    Migration{"computer levels renumbered (Risk, Risk 2008, Goa)", kRenumberComputerLevels},
    Migration{"computer levels renumbered (The King is Dead)", kRenumberKingIsDeadLevels},
    Migration{"computer levels renumbered (The King is Dead's search)", kRenumberKingIsDeadSearch},
    Migration{"computer levels renumbered (Risk's team game)", kRenumberRiskTeamLevels},
    Migration{"computer levels renumbered (Reversi)", kRenumberReversiLevels},
};

// Any number, the same in every meeple: the key of the advisory lock.
constexpr long kMigrationLock = 0x6d6565706c65;  // "meeple"

}  // namespace

int postgres_schema_version() {
  return static_cast<int>(kPostgresMigrations.size());
}

Status migrate_postgres(pqxx::connection& c) {
  for (;;) {
    int version = 0;
    try {
      pqxx::work w(c);
      w.exec_params("SELECT pg_advisory_xact_lock($1)", kMigrationLock);
      w.exec("CREATE TABLE IF NOT EXISTS schema_version(version INTEGER NOT NULL)");
      const pqxx::result r = w.exec("SELECT version FROM schema_version");
      if (!r.empty()) version = r[0][0].as<int>();
      if (version > postgres_schema_version())
        return failed_precondition(
            fmt::format("the database has schema version {}, newer than this meeple's {}; "
                        "use a newer meeple or another --db",
                        version, postgres_schema_version()));
      if (version == postgres_schema_version()) return Status::ok();
      w.exec(kPostgresMigrations[static_cast<size_t>(version)].sql);
      if (r.empty())
        w.exec_params("INSERT INTO schema_version(version) VALUES($1)", version + 1);
      else
        w.exec_params("UPDATE schema_version SET version = $1", version + 1);
      w.commit();
    } catch (const std::exception& e) {
      return unavailable(fmt::format("schema migration {} ({}) failed: {}", version + 1,
                                     version < postgres_schema_version()
                                         ? kPostgresMigrations[static_cast<size_t>(version)].what
                                         : "?",
                                     e.what()));
    }
  }
}

}  // namespace meeple::server
