#include "server/changes_postgres.h"

#include <fmt/format.h>

#include <algorithm>
#include <pqxx/pqxx>

#include "server/log.h"
#include "server/read_postgres.h"
#include "server/safe_text.h"

namespace meeple::server {

namespace {

// How long one wait for notifications lasts: also how soon a stop is seen.
constexpr long kWaitMicroseconds = 200'000;
// After a lost connection, the pause before the next try.
constexpr std::chrono::seconds kReconnectAfter{1};

}  // namespace

// One connection with its LISTEN. The receiver (libpqxx re-issues its
// LISTEN when it reconnects) collects ids while await_notification runs.
struct PostgresChanges::Connection {
  struct Receiver final : pqxx::notification_receiver {
    Receiver(pqxx::connection& c, std::vector<std::string>* out)
        : pqxx::notification_receiver(c, kChangesChannel), out_(out) {}
    void operator()(const std::string& payload, int) override { out_->push_back(payload); }
    std::vector<std::string>* out_;
  };
  explicit Connection(const std::string& url) : conn(url), receiver(conn, &payloads) {}
  pqxx::connection conn;
  std::vector<std::string> payloads;
  Receiver receiver;
};

Result<std::unique_ptr<PostgresChanges>> PostgresChanges::open(const std::string& url,
                                                               OnChange on_change) {
  std::unique_ptr<PostgresChanges> c(new PostgresChanges());
  c->url_ = url;
  c->on_change_ = std::move(on_change);
  try {
    c->conn_ = std::make_unique<Connection>(url);
  } catch (const std::exception& e) {
    return unavailable(fmt::format("cannot listen for table changes: {}", pg_error(e)));
  }
  c->thread_ = std::thread([raw = c.get()] { raw->loop(); });
  return c;
}

PostgresChanges::~PostgresChanges() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
}

void PostgresChanges::loop() {
  using clock = std::chrono::steady_clock;
  auto refreshed = clock::now();
  bool refresh_all = false;  // the connection is new: notifications may have been missed
  while (!stopping_) {
    std::vector<std::string> payloads;
    try {
      if (!conn_) {
        conn_ = std::make_unique<Connection>(url_);
        refresh_all = true;
        log_line("listening for table changes again");
      }
      conn_->conn.await_notification(0, kWaitMicroseconds);
      payloads.swap(conn_->payloads);
    } catch (const std::exception& e) {
      log_line(fmt::format("listening for table changes failed ({}); trying again in {} s",
                           printable(pg_error(e), 200), kReconnectAfter.count()));
      conn_.reset();
      for (auto waited = clock::duration::zero(); waited < kReconnectAfter && !stopping_;
           waited += std::chrono::milliseconds(100))
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      continue;
    }
    received_ += payloads.size();
    if (refresh_all || clock::now() - refreshed >= kRefreshAllEvery) {
      on_change_({}, true);
      refreshed = clock::now();
      refresh_all = false;
      continue;
    }
    if (payloads.empty()) continue;
    std::erase_if(payloads, [](const std::string& p) { return !is_table_id(p); });
    std::sort(payloads.begin(), payloads.end());
    payloads.erase(std::unique(payloads.begin(), payloads.end()), payloads.end());
    if (!payloads.empty()) on_change_(payloads, false);
  }
}

}  // namespace meeple::server
