// Storage: the SQLite database behind `meeple serve` (design.md "Storage
// and scale"; log format in docs/api.md "Storage").
//
// Schema (one file, WAL mode; versioned migrations in server/schema.h):
//   tables(id, game, options, seed, seed_hash, status, created_at, updated_at,
//          client, expired_at, move_seconds, rematch_id)
//   seats(table_id, seat, kind 'human'|'computer', level, token_hash, claimed,
//         access 'creator'|'invite'|'open'|'' for computers, auto_answer,
//         name, away, resigned)
//   notes(table_id, idx, seat, kind, at)  -- timeout, away, back, resign;
//                                          in rowid (commit) order
//   actions(table_id, idx, seat, action, supplied, hash)   -- append-only
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

#include <sqlite3.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/match.h"
#include "core/status.h"

namespace meeple::server {

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
  std::vector<TableNote> notes;  // in order
};

class Storage {
 public:
  using Done = std::function<void(const Status&)>;

  // Opens (creating if needed) the database. `durable_fsync`: synchronous=FULL
  // (every commit reaches the disk) rather than NORMAL (survives a killed
  // process, not a power cut). `busy_timeout`: how long a write waits for
  // another process holding the database before it fails. A database that
  // cannot be used for writing (missing directory, read-only, not SQLite,
  // a directory) is an error that names the path and the cause.
  static Result<std::unique_ptr<Storage>> open(
      const std::string& path, bool durable_fsync,
      std::chrono::milliseconds busy_timeout = std::chrono::seconds(5));
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  // Every table that has not expired, with its seats and log, oldest first.
  // Call before start().
  Result<std::vector<StoredTable>> load_all();

  // Starts / stops the writer thread. stop() finishes the queued jobs first.
  void start();
  void stop();

  // Asynchronous writes; `done` runs on the writer thread after the commit.
  // With `rematch_of`, that table's rematch_id becomes t.id in the same
  // transaction.
  void create_table(const StoredTable& t, Done done, const std::string* rematch_of = nullptr);
  // Appends log entries first_index.. (their positions in the match log)
  // and sets the table's status.
  void append(const std::string& table_id, size_t first_index, std::vector<LogEntry> entries,
              const std::string& status, Done done);
  // Writes the seat's row; with `note`, also appends it to the table's
  // notes, and with `status`, sets the table's, in the same transaction.
  void update_seat(const std::string& table_id, const StoredSeat& seat, Done done,
                   const TableNote* note = nullptr, const std::string* status = nullptr);
  // Expires a table: `keep` marks it expired (rows stay, never loaded
  // again); otherwise its rows are deleted (its log was exported).
  void expire_table(const std::string& table_id, bool keep, int64_t at_ms, Done done);

  bool failed() const;
  // The clock of updated_at (default: the system's); call before start().
  void set_clock(std::function<int64_t()> now_ms) { now_ms_ = std::move(now_ms); }
  // Why the storage failed (empty while it works).
  std::string failure() const;

 private:
  explicit Storage(sqlite3* db) : db_(db) {}
  using Job = std::function<Status(sqlite3*)>;
  void submit(Job job, Done done);
  void writer_loop();
  Status exec(const char* sql);

  sqlite3* db_ = nullptr;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::pair<Job, Done>> queue_;
  bool stopping_ = false;
  bool failed_ = false;
  std::string failure_;
  std::thread writer_;
  std::function<int64_t()> now_ms_;
};

}  // namespace meeple::server
