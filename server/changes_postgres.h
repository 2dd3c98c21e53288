// Table changes on a shared PostgreSQL, for the processes that show a
// table they do not own (docs/scale.md "Fan-out").
//
// In a cluster every write of a table (an append, a seat, an expiry) that
// some process marked as shown (tables.mirrored_until, Storage::
// keep_mirrored) also sends `NOTIFY meeple_tables, '<table id>'` in its
// transaction, so the notification leaves at the COMMIT and never for a
// write rolled back (server/storage_postgres.cpp). This thread LISTENs on a connection of its
// own and hands the ids to `on_change`, a batch at a time, each id once.
// Notifications are not queued for a listener that is away, so after it
// (re)connects, and every kRefreshAllEvery besides, `on_change` is called
// with `all` set: whatever it shows is read again, and a missed
// notification costs a few seconds at most.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "core/status.h"

namespace meeple::server {

inline constexpr char kChangesChannel[] = "meeple_tables";
inline constexpr std::chrono::seconds kRefreshAllEvery{5};
// How long a mark that a process shows a table lasts
// (Storage::keep_mirrored); renewed at every kRefreshAllEvery.
inline constexpr std::chrono::seconds kMirrorMarkTime{15};

class PostgresChanges {
 public:
  using OnChange = std::function<void(const std::vector<std::string>& ids, bool all)>;
  // Starts listening on `url` (a PostgreSQL URL); kUnavailable if it
  // cannot connect at first. `on_change` runs on this class's thread.
  static Result<std::unique_ptr<PostgresChanges>> open(const std::string& url, OnChange on_change);
  ~PostgresChanges();  // stops: returns within about kWait
  PostgresChanges(const PostgresChanges&) = delete;
  PostgresChanges& operator=(const PostgresChanges&) = delete;

  // Notifications taken (tests, logs).
  size_t received() const { return received_; }

 private:
  struct Connection;
  PostgresChanges() = default;
  void loop();

  std::string url_;
  OnChange on_change_;
  std::unique_ptr<Connection> conn_;
  std::atomic<bool> stopping_{false};
  std::atomic<size_t> received_{0};
  std::thread thread_;
};

}  // namespace meeple::server
