// Lobby: every table of the server, by id — creating, restoring, listing.
//
// Creating a table (POST /api/tables):
//   1. validate the game, its options (Registry) and the seats (one per
//      game seat: human, or computer at a level 0..10);
//   2. draw a secret seed and publish its SHA-256 (commit-reveal);
//      draw a token per human seat, keep only its SHA-256;
//   3. roll any opening chance, store table, seats and log (one commit);
//   4. only then list the table and return the tokens (the one time they
//      are ever sent).
// Creating is refused (429) when the client already has `live_tables`
// unfinished tables (quotas per client address, docs/api.md "Limits").
//
// Expiring (expire_due, on the server's timer): a finished table
// `rule.finished_ms` after its last move, a table still on after
// `rule.idle_ms` without an action or a join, leaves memory and the lobby.
// Its log stays in the database, marked expired (never loaded again), or,
// with an export directory, is written there as {id}.json (the log with the
// revealed seed, which `meeple verify` reads) and its rows are deleted.
//
// Restoring (server start): each stored table is rebuilt with
// Match::replay of its log, which checks every state hash and every sampled
// chance outcome against the seed; a table whose log does not replay is
// left out and reported, the others still serve.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include "server/table.h"

namespace meeple::server {

struct LobbyLimits {
  int live_tables_per_client = 0;  // unfinished tables one address may hold; 0: no limit
  ExpiryRule expiry;
  std::string export_dir;  // empty: expired tables stay in the database
};

class Lobby {
 public:
  Lobby(TableEnv env, LobbyLimits limits) : env_(std::move(env)), limits_(std::move(limits)) {
    env_.lost_table = [this](const std::string& id) { forget(id); };
  }

  // Rebuilds stored tables; returns the messages of tables that failed.
  std::vector<std::string> restore(std::vector<StoredTable> stored);
  // Validates and creates a table for `client` (its address, for quotas);
  // `done` gets the creation response.
  void create(const json& request, const std::string& client, Table::Reply done);
  // POST /api/tables/{id}/rematch for `seat` (a human seat of `old`, a
  // finished table): the first request creates one new table with the same
  // game, options, timer and seats, linked from `old` (counted against
  // `client`'s quota); every seat holder then gets their own seat there,
  // with a fresh token, once. Concurrent first requests create one table.
  // `done` gets {"id", "seat", "token"}.
  void rematch(const std::shared_ptr<Table>& old, Seat seat, const std::string& client,
               Table::Reply done);
  std::shared_ptr<Table> find(const std::string& id) const;
  // A table by id for a request (docs/scale.md "Requests on the wrong
  // process"): this process's, or, on a shared database, taken over from a
  // dead owner and rebuilt from its stored log; or else the live owner's
  // URL to forward the request to (`table` null).
  struct Found {
    std::shared_ptr<Table> table;
    std::string owner_url{};
  };
  Result<Found> acquire(const std::string& id);
  // A table for a WebSocket (docs/scale.md "Fan-out"): as acquire, but a
  // table a live process owns is shown from a mirror (Table::mirror), one
  // per table shared by this process's watchers, kept up to date by
  // refresh_mirrors and dropped when its last watcher leaves.
  Result<std::shared_ptr<Table>> watch(const std::string& id);
  // Reads the mirrors of `ids` (every mirror when `all`) again from the
  // database and tells their watchers what changed (server/
  // changes_postgres.h calls it; ids without a mirror here are skipped).
  void refresh_mirrors(const std::vector<std::string>& ids, bool all);
  size_t mirror_count() const;
  // Drops a table another process took over.
  void forget(const std::string& id);
  // Summaries, newest first; `status` empty or "open"/"running"/"finished".
  json list(const std::string& status, size_t limit) const;
  size_t size() const;
  // Starts computer seats that are due (after restore).
  void start_bots();
  // Expires the tables due at `now_ms`; returns how many began expiring.
  // Errors (an export that could not be written) are returned in `errors`.
  size_t expire_due(int64_t now_ms, std::vector<std::string>* errors);
  // Hands to the computer every human seat whose move timer ran out at
  // `now_ms` (Table::check_timer).
  void check_timers(int64_t now_ms);

 private:
  size_t live_tables_of(const std::string& client) const;  // with mu_ held
  json list_shared(const std::string& status, size_t limit) const;
  // Steps 2-4 of creating, for a table whose game, options, timer and seats
  // are set and checked: quota, seed, opening chance, store (with
  // `rematch_of`, linking that table to this one), list.
  void open_table(StoredTable t, const std::shared_ptr<const Game>& game, const std::string& client,
                  const std::string* rematch_of,
                  std::function<void(Result<std::shared_ptr<Table>>)> done);
  void remove(const std::shared_ptr<Table>& table);

  TableEnv env_;
  LobbyLimits limits_;
  mutable std::shared_mutex mu_;
  std::map<std::string, size_t> creating_;  // per client: creations awaiting their commit
  std::map<std::string, std::shared_ptr<Table>> tables_;
  std::vector<std::shared_ptr<Table>> order_;  // creation order
  // One takeover at a time: two requests for one table must not rebuild it
  // twice. Held across the database round trips (never with mu_).
  std::mutex acquire_mu_;
  // Mirrors of tables other processes own, by id. refreshes_ counts
  // refresh_mirrors calls: a mirror built while one ran is read again.
  void refresh_mirror(const std::string& id, const std::shared_ptr<Table>& mirror);
  mutable std::mutex mirrors_mu_;
  std::map<std::string, std::weak_ptr<Table>> mirrors_;
  std::atomic<uint64_t> refreshes_{0};
  // The lobby list of a shared database, cached for a second.
  mutable std::mutex list_mu_;
  mutable int64_t list_at_ms_ = 0;
  mutable std::string list_status_;
  mutable json list_cache_;
};

}  // namespace meeple::server
