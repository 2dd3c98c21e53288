// A process's lease on a shared PostgreSQL database (docs/scale.md
// "Ownership"): one `servers` row per `meeple serve`, with a fresh epoch,
// renewed every second for five; tables point at the process that may
// write them (tables.owner_id/owner_epoch). Also the queries of a process
// that takes tables one at a time: claim, load one, list all.
//
// Two connections of its own: the renewal must not wait behind a slow
// load, and neither may wait behind the writer's group commit.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <pqxx/connection>
#include <string>
#include <thread>
#include <vector>

#include "server/storage.h"

namespace meeple::server {

inline constexpr std::chrono::seconds kLeaseTime{5};
inline constexpr std::chrono::seconds kLeaseRenewEvery{1};

class PostgresLease {
 public:
  // Registers this process under `advertise_url` and starts renewing.
  // `on_lost` runs once, on the renewal thread, if the lease was not
  // renewed within kLeaseTime (the database was unreachable, or the
  // process was paused): the process must stop writing.
  static Result<std::unique_ptr<PostgresLease>> open(const std::string& url,
                                                     const std::string& advertise_url,
                                                     std::function<void()> on_lost);
  ~PostgresLease();
  PostgresLease(const PostgresLease&) = delete;
  PostgresLease& operator=(const PostgresLease&) = delete;

  int64_t id() const { return id_; }
  int64_t epoch() const { return epoch_; }
  // Whether the lease was lost (on_lost has run or is running).
  bool lost() const { return lost_; }

  // Takes table `id` when it has no owner, its owner's lease expired or is
  // of another epoch (one conditional UPDATE); else names the live owner.
  Result<TableClaim> claim(const std::string& id);
  Result<StoredTable> load(const std::string& id);
  Result<std::vector<StoredTable>> list(const std::string& status, size_t limit,
                                        std::vector<size_t>* versions);
  // Up to `limit` unfinished tables whose owner is dead and that would go
  // on without a request (a move timer, a computer or away seat): the
  // sweep takes them, so no game waits for a visitor after a crash.
  Result<std::vector<std::string>> orphans(size_t limit);
  // Marks `ids` (table ids, checked) as shown here for kMirrorMarkTime.
  Status keep_mirrored(const std::vector<std::string>& ids);
  // Ends renewal and gives the lease up at once (expires_at = now()), so
  // others take this process's tables without waiting: a clean stop.
  void stop();

 private:
  PostgresLease() = default;
  void renew_loop();

  std::string url_;
  std::function<void()> on_lost_;
  int64_t id_ = 0;
  int64_t epoch_ = 0;
  std::unique_ptr<pqxx::connection> renew_conn_;
  std::mutex query_mu_;  // guards query_conn_
  std::unique_ptr<pqxx::connection> query_conn_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
  std::atomic<bool> lost_{false};
  std::thread renewer_;
};

}  // namespace meeple::server
