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
// Restoring (server start): each stored table is rebuilt with
// Match::replay of its log, which checks every state hash and every sampled
// chance outcome against the seed; a table whose log does not replay is
// left out and reported, the others still serve.
#pragma once

#include <map>
#include <memory>
#include <shared_mutex>
#include <string>
#include <vector>

#include "server/table.h"

namespace meeple::server {

class Lobby {
 public:
  explicit Lobby(TableEnv env) : env_(std::move(env)) {}

  // Rebuilds stored tables; returns the messages of tables that failed.
  std::vector<std::string> restore(std::vector<StoredTable> stored);
  // Validates and creates a table; `done` gets the creation response.
  void create(const json& request, Table::Reply done);
  std::shared_ptr<Table> find(const std::string& id) const;
  // Summaries, newest first; `status` empty or "open"/"running"/"finished".
  json list(const std::string& status, size_t limit) const;
  size_t size() const;
  // Starts computer seats that are due (after restore).
  void start_bots();

 private:
  TableEnv env_;
  mutable std::shared_mutex mu_;
  std::map<std::string, std::shared_ptr<Table>> tables_;
  std::vector<std::shared_ptr<Table>> order_;  // creation order
};

}  // namespace meeple::server
