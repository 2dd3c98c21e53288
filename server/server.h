// Server: `meeple serve` as a library object — database, tables, listener
// and threads — so the command and the in-process API tests start it the
// same way.
//
//   auto s = Server::open({.port = 0, .db_path = "/tmp/t.db"});
//   (*s)->start();            // background threads
//   ... (*s)->port() ...
//   (*s)->stop();
//
// Threads: `io_threads` run every connection and table step (short work
// only); `bot_threads` run computer seats' moves and `hint_threads` hints,
// which may think for seconds (bot_pool.h); one storage thread commits
// (storage.h); on a shared PostgreSQL one more listens for other
// processes' commits to the tables shown here (changes_postgres.h). A
// timer on the io threads hands seats whose move timer ran
// out to the computer, expires tables and forgets old quota counters every
// `sweep_interval_ms`. Whatever a handler or a posted
// job throws is caught and logged on these threads: no request ends the
// process.
//
// Connections: at most Limits::max_connections at once (default: what
// RLIMIT_NOFILE leaves after the descriptors already open and a reserve
// for SQLite, the bot pool and the event loop), and
// Limits::max_connections_per_address from one client address.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "server/api.h"
#include "server/bot_pool.h"
#include "server/connection_limiter.h"
#include "server/context.h"
#include "server/lobby.h"
#include "server/storage.h"

namespace meeple::server {

class Listener;
class PostgresChanges;

struct ServerOptions {
  std::string address = "127.0.0.1";
  unsigned short port = 8080;
  std::string db_path = "meeple.db";
  std::string web_root;  // empty: default_web_root()
  int io_threads = 2;
  int bot_threads = 1;
  int hint_threads = 1;
  size_t max_waiting_hints = 16;  // beyond: 429
  bool durable_fsync = true;      // synchronous=FULL
  // How long a commit waits for another process holding the database.
  std::chrono::milliseconds storage_busy_timeout{5000};
  Limits limits;
  // Host names answered besides localhost and IP literals (http_guard.h).
  std::vector<std::string> allowed_hosts;
  // Peer addresses (a load balancer, the other servers of a cluster) whose
  // X-Forwarded-For names the client: quotas then count that client, not
  // the balancer (docs/api.md "Several servers on one database").
  std::vector<std::string> trusted_proxies;
  QuotaLimits quotas;
  ExpiryRule expiry;                // default: tables never expire
  std::string export_dir;           // empty: expired tables stay in the database
  int sweep_interval_ms = 0;        // 0: every second
  std::function<int64_t()> now_ms;  // wall clock in ms; empty: the system's
  // PostgreSQL only (docs/scale.md): the URL other processes on the same
  // database use to reach this one (http://HOST:PORT); empty: this
  // process's own address and port (one machine only).
  std::string advertise_url{};
  // How long a request forwarded to a table's owner may take.
  std::chrono::milliseconds forward_timeout{5000};
};

// Descriptors kept out of the connection budget: SQLite's database, WAL,
// shared-memory and journal files, the event loop's epoll/eventfd/timerfd,
// the listener, standard streams, and room for the bot pool and logging.
inline constexpr size_t kReservedDescriptors = 64;

class Server {
 public:
  static Result<std::unique_ptr<Server>> open(const ServerOptions& options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  unsigned short port() const { return port_; }
  // Tables whose stored log did not replay (left out, with the reason).
  const std::vector<std::string>& restore_errors() const { return restore_errors_; }
  size_t table_count() const { return lobby_->size(); }
  // The computer seats of table `id` whose bot is kept between moves
  // (Table::kept_bots); 0 for no such table.
  int kept_bots(const std::string& id) const {
    const auto t = lobby_->find(id);
    return t ? t->kept_bots() : 0;
  }
  // Mirrors of tables other processes own, shown to WebSockets here.
  size_t mirror_count() const;
  // The connection caps in force (the defaults resolved).
  size_t max_connections() const { return limiter_->max_total(); }
  size_t max_connections_per_address() const { return limiter_->max_per_address(); }
  // Connections open now (a connection counts until its session is destroyed).
  size_t open_connections() const { return limiter_->open(); }
  // Accepts that failed for lack of descriptors (the listener backs off).
  size_t accept_resource_failures() const;
  // Connections refused at a cap.
  size_t refused_connections() const;

  void start();
  // Blocks until SIGINT/SIGTERM, then stops.
  void run_until_signal();
  void stop();

 private:
  // The io_context, its work guard and the sweep timer live in server.cpp
  // so that including this header does not compile Boost.Asio (the server
  // tests include it in every file). Declared first: destroyed last.
  struct Io;
  Server();
  void schedule_sweep();
  std::unique_ptr<Io> io_;
  ServerOptions options_;
  std::unique_ptr<Storage> storage_;
  std::unique_ptr<BotPool> bots_;
  std::chrono::milliseconds sweep_interval_{30000};
  std::unique_ptr<Lobby> lobby_;
  // On a shared database: other processes' commits, for the mirrors.
  std::unique_ptr<PostgresChanges> changes_;
  std::unique_ptr<Api> api_;
  std::shared_ptr<ConnectionLimiter> limiter_;
  ServerContext ctx_;
  std::shared_ptr<Listener> listener_;
  std::vector<std::thread> threads_;
  // Set when the database lease was lost: run_until_signal() stops.
  std::shared_ptr<std::atomic<bool>> lease_lost_ = std::make_shared<std::atomic<bool>>(false);
  std::vector<std::string> restore_errors_;
  std::function<int64_t()> now_ms_;
  unsigned short port_ = 0;
  bool stopped_ = false;
};

}  // namespace meeple::server
