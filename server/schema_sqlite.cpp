#include "server/schema_sqlite.h"

#include <fmt/format.h>

#include <array>
#include <string>

#include "server/schema_levels.h"

namespace meeple::server {

namespace {

constexpr std::array kSqliteMigrations = {
    Migration{"tables, seats and the append-only action log", R"SQL(
CREATE TABLE IF NOT EXISTS tables(
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  options TEXT NOT NULL,
  seed TEXT NOT NULL,
  seed_hash TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS seats(
  table_id TEXT NOT NULL REFERENCES tables(id),
  seat INTEGER NOT NULL,
  kind TEXT NOT NULL,
  level INTEGER NOT NULL,
  token_hash TEXT NOT NULL,
  claimed INTEGER NOT NULL,
  PRIMARY KEY(table_id, seat)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS actions(
  table_id TEXT NOT NULL REFERENCES tables(id),
  idx INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  action INTEGER NOT NULL,
  supplied INTEGER NOT NULL,
  hash TEXT NOT NULL,
  PRIMARY KEY(table_id, idx)) WITHOUT ROWID;
)SQL"},
    // Seat access (creator | invite | open), the creating client's address
    // (per-address quotas) and expiry. Tables written before this had no
    // open seats: the first human seat was the creator's by intent, the
    // others were handed out as invite links, so they become exactly that
    // (tokens unchanged; the creator's seat counts as claimed, as it now is
    // from creation on).
    Migration{"seat access, creating client, expiry", R"SQL(
ALTER TABLE seats ADD COLUMN access TEXT NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN client TEXT NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN expired_at INTEGER;
UPDATE seats SET access = 'invite' WHERE kind = 'human';
UPDATE seats SET access = 'creator', claimed = 1
  WHERE kind = 'human' AND seat = (SELECT MIN(s.seat) FROM seats s
                                   WHERE s.table_id = seats.table_id AND s.kind = 'human');
)SQL"},
    // A human seat may choose its answers where the game offers a default
    // (Risk's defence with the most dice). Before, every seat had it made
    // for them, so that is what existing seats keep. And players' names:
    // none before.
    Migration{"seat's automatic answers, player names", R"SQL(
ALTER TABLE seats ADD COLUMN auto_answer INTEGER NOT NULL DEFAULT 1;
ALTER TABLE seats ADD COLUMN name TEXT NOT NULL DEFAULT '';
)SQL"},
    // Move timers: the seconds a seat has for each decision (0: no timer,
    // as every table before), whether the computer plays for a seat now,
    // resignations, and the table's notes (a seat ran out of time, left its
    // seat to the computer, came back, resigned), each at its place in the
    // log.
    Migration{"move timers, seats the computer plays for, resignations, table notes", R"SQL(
ALTER TABLE tables ADD COLUMN move_seconds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN away INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN resigned INTEGER NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS notes(
  table_id TEXT NOT NULL REFERENCES tables(id),
  idx INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  kind TEXT NOT NULL,
  at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS notes_by_table ON notes(table_id);
)SQL"},
    // Rematches: a finished table links the table created as its rematch
    // (none before).
    Migration{"rematch links", R"SQL(
ALTER TABLE tables ADD COLUMN rematch_id TEXT NOT NULL DEFAULT '';
)SQL"},
    // The action log is append-only in the database too, as in PostgreSQL
    // (schema_postgres.cpp): no UPDATE ever, DELETE only of a table marked
    // expired (Storage::expire_table marks it first).
    Migration{"append-only action log", R"SQL(
CREATE TRIGGER IF NOT EXISTS actions_no_update BEFORE UPDATE ON actions
BEGIN SELECT RAISE(ABORT, 'actions are append-only: UPDATE refused'); END;
CREATE TRIGGER IF NOT EXISTS actions_no_delete BEFORE DELETE ON actions
WHEN (SELECT expired_at FROM tables WHERE id = OLD.table_id) IS NULL
BEGIN SELECT RAISE(ABORT, 'actions are append-only: DELETE only of an expired table'); END;
)SQL"},
    // Clients' ids for their action requests, so a retry is answered rather
    // than applied twice (none before: older tables simply have no ids).
    Migration{"action request ids", R"SQL(
CREATE TABLE IF NOT EXISTS requests(
  table_id TEXT NOT NULL REFERENCES tables(id),
  seat INTEGER NOT NULL,
  request_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  PRIMARY KEY(table_id, seat, request_id)) WITHOUT ROWID;
)SQL"},
    Migration{"computer levels renumbered (Risk, Risk 2008, Goa)", kRenumberComputerLevels},
    Migration{"computer levels renumbered (The King is Dead)", kRenumberKingIsDeadLevels},
    Migration{"computer levels renumbered (The King is Dead's search)", kRenumberKingIsDeadSearch},
    Migration{"computer levels renumbered (Risk's team game)", kRenumberRiskTeamLevels},
    Migration{"computer levels renumbered (Reversi)", kRenumberReversiLevels},
};

Status exec(sqlite3* db, const std::string& sql) {
  char* err = nullptr;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    return unavailable(fmt::format("sqlite: {}", msg));
  }
  return Status::ok();
}

Result<int> user_version(sqlite3* db) {
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db, "PRAGMA user_version;", -1, &st, nullptr) != SQLITE_OK)
    return unavailable(fmt::format("sqlite: {}", sqlite3_errmsg(db)));
  int v = 0;
  if (sqlite3_step(st) == SQLITE_ROW) v = sqlite3_column_int(st, 0);
  sqlite3_finalize(st);
  return v;
}

}  // namespace

int schema_version() {
  return static_cast<int>(kSqliteMigrations.size());
}

Status migrate(sqlite3* db) {
  auto v = user_version(db);
  if (!v) return v.status();
  if (*v > schema_version())
    return failed_precondition(
        fmt::format("the database has schema version {}, newer than this meeple's {}; "
                    "use a newer meeple or another --db",
                    *v, schema_version()));
  for (int next = *v + 1; next <= schema_version(); ++next) {
    const Migration& m = kSqliteMigrations[static_cast<size_t>(next - 1)];
    const std::string sql =
        fmt::format("BEGIN IMMEDIATE;\n{}\nPRAGMA user_version = {};\nCOMMIT;", m.sql, next);
    if (auto st = exec(db, sql); !st) {
      (void)exec(db, "ROLLBACK;");
      return unavailable(
          fmt::format("schema migration {} ({}) failed: {}", next, m.what, st.message()));
    }
  }
  return Status::ok();
}

}  // namespace meeple::server
