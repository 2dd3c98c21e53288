// Storage: the database behind `meeple serve` (design.md "Storage and
// scale"; log format and back ends in docs/api.md "Storage"). Two back
// ends implement this one interface: SQLite (server/storage_sqlite.h, a
// file; the default) and PostgreSQL (server/storage_postgres.h, a server);
// open_storage() picks one from the --db string.
//
// Schema (the same tables and columns in both; versioned migrations in
// server/schema_sqlite.h and server/schema_postgres.h):
//   tables(id, game, options, seed, seed_hash, status, created_at, updated_at,
//          client, expired_at, move_seconds, rematch_id)
//   seats(table_id, seat, kind 'human'|'computer', level, token_hash, claimed,
//         access 'creator'|'invite'|'open'|'' for computers, auto_answer,
//         name, away, resigned)
//   notes(table_id, idx, seat, kind, at)  -- timeout, away, back, resign;
//                                          in commit order
//   actions(table_id, idx, seat, action, supplied, hash)   -- append-only:
//          a trigger refuses UPDATE, and DELETE unless the table has expired
//   requests(table_id, seat, request_id, version)  -- a client's id for an
//          action, written with it: a retried request is answered, not
//          applied again (docs/api.md "Retrying an action")
// The actions rows are exactly the Match log entries (core/match.h): seat
// (-1 for chance), action id, supplied flag and state hash after the step,
// so a table is rebuilt with Match::replay and every hash is checked.
//
// Durable, then told: every write is a job run by one writer thread. The
// writer takes all jobs queued while the previous commit was in flight and
// commits them in one transaction (group commit, as leveldb's
// DBImpl::Write batches writers), each job inside its own SAVEPOINT so a
// failing job does not take the others down. Completion callbacks run on
// the writer thread, in queue order, after the COMMIT returned; callers
// broadcast only then. If a COMMIT fails the storage is marked failed and
// refuses every later write (kUnavailable): a server that cannot persist
// must not keep accepting moves.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/match.h"
#include "core/status.h"

namespace meeple::server {

// Whether `s` can be a table's id (what Lobby draws: 1-32 lower-case hex
// digits). Anything else names no table and never reaches a database.
bool is_table_id(const std::string& s);

struct StoredSeat {
  int seat = 0;
  std::string kind;  // "human" or "computer"
  int level = 0;     // computer seats
  std::string token_hash;
  bool claimed = false;
  // Human seats: who may sit there (docs/api.md "Seats"): "creator" (the
  // creator's, claimed at creation), "invite" (its secret link only) or
  // "open" (anyone, once, through the lobby's join).
  std::string access;
  // Human seats: whether the server answers for the seat where the game has
  // a default answer (State::auto_action: Risk's defence with the most
  // dice). On unless the player chose to decide (docs/api.md "Seats").
  bool auto_answer = true;
  // Human seats: the name the player chose ("" for none; player_name.h).
  std::string name;
  // Human seats: the computer plays for the seat (its move timer ran out,
  // or the player left it the seat) until the player says they are back.
  bool away = false;
  // Human seats: the player resigned (Table::resign); for good.
  bool resigned = false;
};

// Something that happened to a seat rather than in the game, shown in the
// log in words at its place: "timeout" (the move timer ran out and the
// computer took over), "away" (the player left the seat to the computer),
// "back" (the player took the seat back), "resign".
struct TableNote {
  size_t index = 0;  // the log's length when it happened
  int seat = 0;
  std::string kind;
  int64_t at = 0;  // wall clock, ms
};

// A client-chosen id of a seat's action request, stored in the transaction
// that appends the action: a retry with the same id (a lost answer, a
// reconnect to another server) gets the first answer instead of acting
// twice. `version` is the log's length that answer gave.
struct StoredRequest {
  int seat = 0;
  std::string id;
  size_t version = 0;
  bool operator==(const StoredRequest&) const = default;
};

struct StoredTable {
  std::string id;
  std::string game;
  json options;
  uint64_t seed = 0;
  std::string seed_hash;
  std::string status;  // "open", "running", "finished"
  int64_t created_at = 0;
  int64_t updated_at = 0;  // the last write: creation, action, join (ms)
  std::string client;      // the creating client's address ("" before quotas)
  // Seconds each human decision may take before the computer plays for the
  // seat (0: no timer).
  int64_t move_seconds = 0;
  // The table created as this one's rematch ("" for none; Lobby::rematch).
  std::string rematch_id;
  std::vector<StoredSeat> seats;
  std::vector<LogEntry> log;
  std::vector<TableNote> notes;         // in order
  std::vector<StoredRequest> requests;  // by seat, then id
  // When the table expired with its rows kept (Storage::expire_table);
  // load_all() never returns such a table, load(true) does (meeple migrate).
  std::optional<int64_t> expired_at;
};

// Field by field, for meeple migrate's check and the tests.
bool same_table(const StoredTable& a, const StoredTable& b, std::string* difference = nullptr);

// Several processes on one database (PostgreSQL; docs/scale.md): who may
// write a table. `ours`: this process owns it now (it took it, or had it);
// otherwise `owner_url` is the live owner's advertised URL.
struct TableClaim {
  bool ours = false;
  std::string owner_url{};
};

// A write refused because another process took the table over (the
// fencing check of docs/scale.md): 503, and the table leaves this
// process's memory; the client retries with its request_id.
Status not_owner(const std::string& table_id);
bool is_not_owner(const Status& st);

class Storage {
 public:
  using Done = std::function<void(const Status&)>;

  virtual ~Storage() = default;

  // Every table that has not expired, with its seats and log, oldest first.
  // Call before start().
  Result<std::vector<StoredTable>> load_all() { return load(false); }
  // load_all(), or with `with_expired` also the tables expired with their
  // rows kept (expired_at set).
  virtual Result<std::vector<StoredTable>> load(bool with_expired) = 0;
  // Writes whole tables (every field, notes, expired_at) in one
  // transaction, or nothing: refused (kFailedPrecondition) if any id is
  // already stored. For meeple migrate; call before start().
  virtual Status import_tables(const std::vector<StoredTable>& tables) = 0;

  // Starts / stops the writer thread. stop() finishes the queued jobs first.
  virtual void start() = 0;
  virtual void stop() = 0;

  // Asynchronous writes; `done` runs on the writer thread after the commit.
  // With `rematch_of`, that table's rematch_id becomes t.id in the same
  // transaction.
  virtual void create_table(const StoredTable& t, Done done,
                            const std::string* rematch_of = nullptr) = 0;
  // Appends log entries first_index.. (their positions in the match log)
  // and sets the table's status; with `request`, records the client's id
  // for them in the same transaction (refused if the seat used it before).
  virtual void append(const std::string& table_id, size_t first_index,
                      std::vector<LogEntry> entries, const std::string& status, Done done,
                      const StoredRequest* request = nullptr) = 0;
  // Writes the seat's row; with `note`, also appends it to the table's
  // notes, and with `status`, sets the table's, in the same transaction.
  virtual void update_seat(const std::string& table_id, const StoredSeat& seat, Done done,
                           const TableNote* note = nullptr,
                           const std::string* status = nullptr) = 0;
  // Expires a table: `keep` marks it expired (rows stay, never loaded
  // again); otherwise its rows are deleted (its log was exported).
  virtual void expire_table(const std::string& table_id, bool keep, int64_t at_ms, Done done) = 0;

  // Sharing the database with other processes (docs/scale.md). After
  // join_cluster() (PostgreSQL only; `meeple serve`), this process holds a
  // lease renewed every second under `advertise_url`, every write checks
  // that it still owns its table (else not_owner()), and tables are taken
  // one at a time with claim_table() and load_table() instead of
  // load_all(). `on_lost` runs (on another thread) if the lease could not
  // be renewed in time: the process must stop. SQLite: unsupported.
  virtual Status join_cluster(const std::string& advertise_url, std::function<void()> on_lost);
  virtual bool shared() const { return false; }
  // Takes table `id` if its owner is absent or dead; not_found if there is
  // no such live table.
  virtual Result<TableClaim> claim_table(const std::string& id);
  // One live table with its seats and log (as load_all() gives it).
  virtual Result<StoredTable> load_table(const std::string& id);
  // This process shows `ids` to WebSockets without owning them (mirrors):
  // their writes announce themselves for kMirrorMarkTime from now
  // (changes_postgres.h). A no-op alone on a database.
  virtual Status keep_mirrored(const std::vector<std::string>& /*ids*/) { return Status::ok(); }
  // Live tables, newest first, without logs (the lobby's list of every
  // process's tables); `status` empty for all. `versions` gets each
  // table's log length.
  virtual Result<std::vector<StoredTable>> list_tables(const std::string& status, size_t limit,
                                                       std::vector<size_t>* versions);

  virtual bool failed() const = 0;
  // Why the storage failed (empty while it works).
  virtual std::string failure() const = 0;
  // The clock of updated_at (default: the system's); call before start().
  void set_clock(std::function<int64_t()> now_ms) { now_ms_ = std::move(now_ms); }

 protected:
  // now_ms_ or the system clock, in ms.
  int64_t now() const;

 private:
  std::function<int64_t()> now_ms_;
};

// Opens the storage `db` names (docs/api.md "Storage"):
//   postgresql://... or postgres://...  a PostgreSQL database (libpq URL);
//   sqlite:FILE or FILE                 a SQLite file, created if missing.
// `durable_fsync` and `busy_timeout` are SQLite's (SqliteStorage::open);
// PostgreSQL commits durably by its own server's settings. Errors name
// the database (a URL without its password) and the cause.
Result<std::unique_ptr<Storage>> open_storage(
    const std::string& db, bool durable_fsync,
    std::chrono::milliseconds busy_timeout = std::chrono::seconds(5));

// Whether `db` names a PostgreSQL database (postgresql:// or postgres://).
bool is_postgres_url(const std::string& db);
// The SQLite file `db` names (FILE or sqlite:FILE); "" for PostgreSQL.
std::string sqlite_path(const std::string& db);

}  // namespace meeple::server

namespace meeple::server {

// `db` with any password replaced by *** (user:***@host, password=***),
// for messages and logs.
std::string redact_url(const std::string& db);

}  // namespace meeple::server
