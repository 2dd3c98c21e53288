#include "server/server.h"

#include <fmt/format.h>
#include <sys/resource.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>

#include "core/text.h"
#include "server/beast.h"
#include "server/changes_postgres.h"
#include "server/forward.h"
#include "server/listener.h"
#include "server/log.h"
#include "server/safe_text.h"
#include "server/static_files.h"
#include "server/storage_postgres.h"

namespace meeple::server {

namespace asio = boost::asio;

namespace {

// The sweep's look for tables of dead processes (Server::take_orphans).
constexpr int64_t kOrphanSweepMs = 5000;
constexpr size_t kOrphansPerSweep = 16;

// Runs `f`; what it throws is logged, never let out of the thread.
void guarded(const char* where, const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    log_line(fmt::format("{} failed: {}", where, printable(e.what(), 200)));
  } catch (...) {
    log_line(fmt::format("{} failed with an unknown exception", where));
  }
}

size_t open_descriptors() {
  std::error_code ec;
  size_t n = 0;
  for (auto it = std::filesystem::directory_iterator("/proc/self/fd", ec);
       !ec && it != std::filesystem::directory_iterator(); it.increment(ec))
    ++n;
  return n;
}

// The connection caps: the defaults resolved, the given ones checked
// against the descriptors this process may still open.
Status resolve_connection_caps(Limits& limits, int bot_threads) {
  rlimit rl{};
  if (getrlimit(RLIMIT_NOFILE, &rl) != 0) return internal_error("getrlimit(RLIMIT_NOFILE) failed");
  const size_t soft = rl.rlim_cur == RLIM_INFINITY ? size_t{1} << 20 : rl.rlim_cur;
  const size_t reserve = kReservedDescriptors + static_cast<size_t>(std::max(0, bot_threads));
  const size_t used = open_descriptors();
  const size_t budget = soft > used + reserve ? soft - used - reserve : 0;
  const auto explain = [&] {
    return fmt::format(
        "RLIMIT_NOFILE is {}, {} descriptors are open and {} are kept for the "
        "database, threads and event loop",
        soft, used, reserve);
  };
  if (limits.max_connections == 0) {
    if (budget < 16)
      return unavailable(
          fmt::format("too few file descriptors for a server: {} (raise ulimit -n)", explain()));
    limits.max_connections = budget;
  } else if (limits.max_connections > budget) {
    return invalid_argument(fmt::format(
        "--max-connections {} is more than the file descriptors allow ({}: {}); raise ulimit -n "
        "or lower --max-connections",
        limits.max_connections, budget, explain()));
  }
  if (limits.max_connections_per_address == 0)
    return invalid_argument("--max-connections-per-address must be at least 1");
  return Status::ok();
}

Status check_limits(const Limits& l) {
  using std::chrono::milliseconds;
  const std::pair<const char*, milliseconds> timeouts[] = {
      {"--http-idle-timeout", l.http_idle_timeout},
      {"--header-timeout", l.header_timeout},
      {"--request-timeout", l.request_timeout},
      {"--ws-idle-timeout", l.ws_idle_timeout},
      {"the WebSocket ping timeout", l.ws_ping_timeout}};
  for (const auto& [name, t] : timeouts)
    if (t <= milliseconds(0)) return invalid_argument(fmt::format("{} must be positive", name));
  return Status::ok();
}

// Allowed host names: lower case, letters, digits, '-' and '.'.
Result<std::vector<std::string>> host_names(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  for (const auto& n : names) {
    const std::string lower = ascii_lower(n);
    const bool ok =
        !lower.empty() && lower.size() <= 253 &&
        lower.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-.") == std::string::npos;
    if (!ok)
      return invalid_argument(fmt::format(
          "--allowed-host '{}' is not a host name (letters, digits, '-' and '.')", printable(n)));
    out.push_back(lower);
  }
  return out;
}

// A dead process's tables are taken on their next request; those that go
// on without one (move timers, computer seats) are looked for every few
// seconds and taken here, a few at a time (docs/scale.md).
void take_orphans(Storage* storage, Lobby& lobby, int64_t& swept_ms, int64_t now) {
  auto* pg = dynamic_cast<PostgresStorage*>(storage);
  if (!pg || !pg->shared() || now - swept_ms < kOrphanSweepMs) return;
  swept_ms = now;
  auto ids = pg->orphan_tables(kOrphansPerSweep);
  if (!ids) return log_line("looking for orphaned tables failed: " + ids.status().message());
  for (const auto& id : *ids)
    if (auto found = lobby.acquire(id); !found)
      log_line(fmt::format("taking orphaned table {} failed: {}", id, found.status().message()));
}

}  // namespace

struct Server::Io {
  asio::io_context ioc;
  int64_t orphans_swept_ms = 0;  // when the sweep last looked for orphans
  std::unique_ptr<asio::steady_timer> sweep_timer;
  std::optional<asio::executor_work_guard<asio::io_context::executor_type>> work;
};

Server::Server() : io_(std::make_unique<Io>()) {}

size_t Server::accept_resource_failures() const {
  return listener_->resource_failures();
}
size_t Server::refused_connections() const {
  return listener_->refused();
}

Result<std::unique_ptr<Server>> Server::open(const ServerOptions& options) {
  try {
    std::unique_ptr<Server> s(new Server());
    s->options_ = options;
    // 0. Options that need no resources.
    if (auto st = check_limits(options.limits); !st) return st;
    auto hosts = host_names(options.allowed_hosts);
    if (!hosts) return hosts.status();
    std::vector<std::string> proxies;
    for (const auto& p : options.trusted_proxies) {
      boost::system::error_code pec;
      const auto a = asio::ip::make_address(p, pec);
      if (pec)
        return invalid_argument(
            fmt::format("--trusted-proxy '{}' is not an IP address", printable(p, 60)));
      proxies.push_back(a.to_string());
    }
    boost::system::error_code ec;
    auto address = asio::ip::make_address(options.address, ec);
    if (ec) return invalid_argument(fmt::format("'{}' is not an IP address", options.address));
    if (!options.export_dir.empty()) {
      std::error_code fs_ec;
      if (!std::filesystem::is_directory(options.export_dir, fs_ec))
        return invalid_argument(
            fmt::format("--export-logs {}: not a directory (create it first)", options.export_dir));
    }
    // 1. Storage, and every stored table replayed from its log.
    auto storage =
        open_storage(options.db_path, options.durable_fsync, options.storage_busy_timeout);
    if (!storage) return storage.status();
    s->storage_ = std::move(*storage);
    // PostgreSQL may be shared by several processes (docs/scale.md): each
    // takes tables on their first request instead of all at start.
    const bool shared = is_postgres_url(options.db_path);
    std::vector<StoredTable> stored;
    if (!shared) {
      auto all = s->storage_->load_all();
      if (!all) return all.status();
      stored = std::move(*all);
    }
    s->bots_ = std::make_unique<BotPool>(options.bot_threads, options.hint_threads,
                                         options.max_waiting_hints);
    Server* raw = s.get();
    TableEnv env;
    env.storage = s->storage_.get();
    env.post_io = [raw](std::function<void()> f) {
      asio::post(raw->io_->ioc, [f = std::move(f)] { guarded("a table step", f); });
    };
    env.post_move = [raw](std::function<void()> f) {
      raw->bots_->post_move([f = std::move(f)] { guarded("a computer move", f); });
    };
    env.post_hint = [raw](std::function<void(bool)> f) {
      return raw->bots_->post_hint(
          [f = std::move(f)](bool busy) { guarded("a hint", [&] { f(busy); }); });
    };
    env.now_ms = options.now_ms;
    if (!env.now_ms) {
      env.now_ms = [] {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::system_clock::now().time_since_epoch())
            .count();
      };
    }
    s->storage_->set_clock(env.now_ms);
    s->lobby_ = std::make_unique<Lobby>(
        env, LobbyLimits{options.quotas.live_tables, options.expiry, options.export_dir});
    s->restore_errors_ = s->lobby_->restore(std::move(stored));
    s->api_ = std::make_unique<Api>(*s->lobby_, options.quotas, env.now_ms, s->storage_.get());
    s->now_ms_ = env.now_ms;
    // The sweep: every second, so that a move timer (10 s at least) runs
    // out within a second of its time; expiry and quota counters ride along.
    int64_t interval = options.sweep_interval_ms;
    if (interval <= 0) interval = 1000;
    s->sweep_interval_ = std::chrono::milliseconds(interval);
    s->io_->sweep_timer = std::make_unique<asio::steady_timer>(s->io_->ioc);
    // 2. Connection caps, from the descriptors left.
    Limits limits = options.limits;
    if (auto st = resolve_connection_caps(limits, options.bot_threads + options.hint_threads); !st)
      return st;
    s->limiter_ = std::make_shared<ConnectionLimiter>(limits.max_connections,
                                                      limits.max_connections_per_address);
    // 3. The listener.
    s->ctx_.lobby = s->lobby_.get();
    s->ctx_.api = s->api_.get();
    s->ctx_.web_root = options.web_root.empty() ? default_web_root() : options.web_root;
    if (const std::string file = sqlite_path(options.db_path); !file.empty())
      for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        s->ctx_.hidden_files.push_back(file + suffix);
    s->ctx_.limits = limits;
    s->ctx_.hosts.allowed_hosts = std::move(*hosts);
    s->ctx_.hosts.trusted_proxies = std::move(proxies);
    s->ctx_.connections = s->limiter_.get();
    s->listener_ = std::make_shared<Listener>(s->io_->ioc, s->ctx_);
    if (auto st = s->listener_->open({address, options.port}); !st) return st;
    s->port_ = s->listener_->port();
    // 4. On PostgreSQL: the lease, under the URL others forward to.
    if (shared) {
      std::string url = options.advertise_url;
      if (url.empty())
        url = fmt::format("http://{}:{}",
                          options.address == "0.0.0.0" ? "127.0.0.1" : options.address, s->port_);
      if (auto u = parse_http_url(url); !u)
        return invalid_argument(fmt::format("--advertise-url: {}", u.status().message()));
      if (options.forward_timeout <= std::chrono::milliseconds(0))
        return invalid_argument("the forward timeout must be positive");
      auto lost = s->lease_lost_;
      if (auto st = s->storage_->join_cluster(url, [lost] { *lost = true; }); !st) return st;
      // WebSockets here for tables other processes own follow their commits.
      auto changes = PostgresChanges::open(
          options.db_path,
          [lobby = s->lobby_.get()](const std::vector<std::string>& ids, bool all) {
            lobby->refresh_mirrors(ids, all);
          });
      if (!changes) return changes.status();
      s->changes_ = std::move(*changes);
      s->api_->set_forward(
          [raw, timeout = options.forward_timeout](const std::string& owner, const ApiRequest& req,
                                                   std::function<void(ApiResponse)> done) {
            forward_request(raw->io_->ioc, owner, req, timeout, std::move(done));
          });
    }
    return s;
  } catch (const std::exception& e) {
    return internal_error(fmt::format("the server could not start: {}", e.what()));
  }
}

void Server::start() {
  storage_->start();
  io_->work.emplace(asio::make_work_guard(io_->ioc));
  listener_->run();
  for (int i = 0; i < std::max(1, options_.io_threads); ++i)
    threads_.emplace_back([this] {
      // A handler that throws leaves run(); log it and go on (asio allows
      // calling run() again without restart()).
      for (;;) {
        try {
          io_->ioc.run();
          return;
        } catch (const std::exception& e) {
          log_line(fmt::format("a network handler failed: {}", printable(e.what(), 200)));
        } catch (...) {
          log_line("a network handler failed with an unknown exception");
        }
      }
    });
  lobby_->start_bots();
  schedule_sweep();
}

void Server::schedule_sweep() {
  io_->sweep_timer->expires_after(sweep_interval_);
  io_->sweep_timer->async_wait([this](const boost::system::error_code& ec) {
    if (ec) return;  // cancelled: stopping
    std::vector<std::string> errors;
    const int64_t now = now_ms_();
    lobby_->check_timers(now);
    lobby_->expire_due(now, &errors);
    for (const auto& e : errors) std::cerr << "meeple serve: " << e << "\n";
    api_->prune_quotas();
    take_orphans(storage_.get(), *lobby_, io_->orphans_swept_ms, now);
    schedule_sweep();
  });
}

void Server::run_until_signal() {
  asio::io_context sig_ioc;
  asio::signal_set signals(sig_ioc, SIGINT, SIGTERM);
  signals.async_wait([&](const boost::system::error_code&, int) { sig_ioc.stop(); });
  // A process that lost its database lease stops too (its writes are
  // refused anyway); its supervisor starts it again with a new epoch.
  asio::steady_timer check(sig_ioc);
  std::function<void()> watch = [&] {
    check.expires_after(std::chrono::milliseconds(200));
    check.async_wait([&](const boost::system::error_code& ec) {
      if (ec) return;
      if (*lease_lost_) {
        log_line("meeple serve: the database lease was lost; stopping");
        return sig_ioc.stop();
      }
      // On a shared database a failed commit (its connection dropped: the
      // database restarted, a network cut) leaves the outcome unknown, so
      // the tables in memory may differ from what is stored. Stopping gives
      // the lease up: the other processes (or this one, restarted by its
      // supervisor) take the tables over from what was committed. Alone on
      // SQLite the process stays up refusing writes, as documented.
      if (storage_->shared() && storage_->failed()) {
        log_line(fmt::format("meeple serve: the database connection failed ({}); stopping",
                             storage_->failure()));
        return sig_ioc.stop();
      }
      watch();
    });
  };
  watch();
  sig_ioc.run();
  stop();
}

size_t Server::mirror_count() const {
  return lobby_->mirror_count();
}

void Server::stop() {
  if (stopped_) return;
  stopped_ = true;
  *ctx_.stopping = true;
  if (listener_) listener_->close();
  io_->work.reset();
  io_->ioc.stop();  // also drops the sweep timer's wait
  for (auto& t : threads_) t.join();
  threads_.clear();
  changes_.reset();
  if (bots_) bots_->stop();
  if (storage_) storage_->stop();
}

Server::~Server() {
  // Also for a server that open() gave up on half-way (no threads, maybe
  // no bots or storage yet).
  stop();
}

}  // namespace meeple::server
