// `meeple serve [--port 8080] [--db meeple.db]`: the web server — lobby,
// live tables, computer opponents, SQLite or PostgreSQL persistence
// (server/server.h).
// Every network limit, quota per client address and table expiry is a flag
// here, and --help lists the fixed ones (docs/api.md "Security and limits",
// "Limits" and "Expiry").
#include <fmt/format.h>
#include <sys/resource.h>

#include <charconv>
#include <chrono>
#include <cmath>
#include <iostream>
#include <optional>
#include <tuple>

#include "cli/commands.h"

#ifdef MEEPLE_HAVE_SERVER
#include "server/server.h"
#endif

namespace meeple::cli {

#ifdef MEEPLE_HAVE_SERVER
namespace {

// A file descriptor per connection: take the hard limit the system allows
// rather than the (often 1024) soft default.
void raise_descriptor_limit() {
  rlimit rl{};
  if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur >= rl.rlim_max) return;
  rl.rlim_cur = rl.rlim_max == RLIM_INFINITY ? rlim_t{1} << 20 : rl.rlim_max;
  (void)setrlimit(RLIMIT_NOFILE, &rl);
}

std::chrono::milliseconds seconds_to_ms(double s) {
  return std::chrono::milliseconds(static_cast<long long>(std::llround(s * 1000.0)));
}

struct TimeoutFlags {
  double http_idle = 30, header = 10, request = 30, ws_idle = 300;
};

// "90s", "30m", "12h", "7d" or plain seconds; "0" or "never": never.
std::optional<int64_t> parse_duration_ms(const std::string& text) {
  if (text == "never" || text == "0") return 0;
  int64_t n = 0;
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, n);
  if (ec != std::errc() || n < 0 || n > 10'000'000'000) return std::nullopt;
  const std::string unit(p, end);
  int64_t scale = 0;
  if (unit.empty() || unit == "s") scale = 1000;
  if (unit == "m") scale = 60 * 1000;
  if (unit == "h") scale = 3600 * 1000;
  if (unit == "d") scale = 24 * 3600 * 1000;
  if (scale == 0) return std::nullopt;
  return n * scale;
}

}  // namespace
#endif

void add_serve_command(CLI::App& app) {
#ifdef MEEPLE_HAVE_SERVER
  auto opt = std::make_shared<server::ServerOptions>();
  auto fast = std::make_shared<bool>(false);
  auto expire_finished = std::make_shared<std::string>("7d");
  auto expire_idle = std::make_shared<std::string>("30d");
  auto t = std::make_shared<TimeoutFlags>();
  auto* cmd =
      app.add_subcommand("serve", "Start the web server (lobby, tables, bots) on localhost");
  cmd->add_option("--port,-p", opt->port, "TCP port (0: any free port)")->capture_default_str();
  cmd->add_option("--db", opt->db_path,
                  "Database: a SQLite file, FILE or sqlite:FILE (created if missing), or "
                  "PostgreSQL, postgresql://USER:PASSWORD@HOST/DB")
      ->capture_default_str();
  cmd->add_option("--advertise-url", opt->advertise_url,
                  "PostgreSQL only: the URL other meeple serve processes on the same database "
                  "reach this one at, http://HOST:PORT (default: --address and --port; set it "
                  "when the processes run on several machines; docs/scale.md)");
  cmd->add_option("--address", opt->address,
                  "Address to listen on (0.0.0.0: every interface, for a LAN)")
      ->capture_default_str();
  cmd->add_option("--allowed-host", opt->allowed_hosts,
                  "A host name browsers may use for this server besides localhost and IP "
                  "addresses (repeatable), e.g. --allowed-host mypc.local; other names get 421");
  cmd->add_option("--trusted-proxy", opt->trusted_proxies,
                  "The IP address of a load balancer (or, in a cluster, another server) whose "
                  "X-Forwarded-For names the client, for the per-address quotas (repeatable)");
  cmd->add_option("--web", opt->web_root, "Folder of the web UI (default: the source tree's web/)");
  cmd->add_option("--threads", opt->io_threads, "Network threads")->capture_default_str();
  cmd->add_option("--bot-threads", opt->bot_threads,
                  "Threads for computer seats' moves (hints never use them)")
      ->capture_default_str();
  cmd->add_option("--hint-threads", opt->hint_threads,
                  "Threads for hints; while bots are busy, hints think at level 3 at most")
      ->capture_default_str();
  cmd->add_option("--max-waiting-hints", opt->max_waiting_hints,
                  "Hints that may wait for a thread; more get 429 (one per seat at a time)")
      ->capture_default_str();
  cmd->add_option("--max-tables-per-minute", opt->quotas.tables_per_minute,
                  "Tables one client address may create per minute (0: no limit)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--max-live-tables", opt->quotas.live_tables,
                  "Unfinished tables one client address may hold (0: no limit)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--max-actions-per-minute", opt->quotas.actions_per_minute,
                  "Actions, hints and joins one client address may send per minute (0: no limit)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--expire-finished", *expire_finished,
                  "A finished table leaves the lobby this long after its last move "
                  "(90s, 30m, 12h, 7d; 0: never)")
      ->capture_default_str();
  cmd->add_option("--expire-idle", *expire_idle,
                  "A game with no action or join for this long is abandoned and leaves the "
                  "lobby (0: never)")
      ->capture_default_str();
  cmd->add_option("--export-logs", opt->export_dir,
                  "Write each expired table's log (seed revealed; `meeple verify` reads it) to "
                  "DIR/{id}.json and delete it from the database (default: keep it there, "
                  "marked expired)");
  cmd->add_flag("--no-fsync", *fast,
                "Commit with synchronous=NORMAL: survives a killed process, not a power cut");
  cmd->add_option("--max-connections", opt->limits.max_connections,
                  "Open connections at once (HTTP and WebSocket); 0: as many as the file "
                  "descriptor limit allows, less a reserve of 64 for the database and threads")
      ->capture_default_str();
  cmd->add_option("--max-connections-per-address", opt->limits.max_connections_per_address,
                  "Open connections at once from one client IP address")
      ->capture_default_str();
  cmd->add_option("--http-idle-timeout", t->http_idle,
                  "Seconds an HTTP connection may wait between requests (keep-alive) or before "
                  "its first one")
      ->capture_default_str();
  cmd->add_option("--header-timeout", t->header,
                  "Seconds from a request's first byte to the end of its headers (slowloris)")
      ->capture_default_str();
  cmd->add_option("--request-timeout", t->request,
                  "Seconds from a request's first byte to the end of its body; also to write "
                  "an answer")
      ->capture_default_str();
  cmd->add_option("--ws-idle-timeout", t->ws_idle,
                  "Seconds a WebSocket may go without a message from its client (the web UI "
                  "sends one every 30 s)")
      ->capture_default_str();
  cmd->footer(fmt::format(
      "Fixed limits: request headers {} KiB, request body {} KiB, WebSocket messages from "
      "clients {} KiB; WebSocket pings every 30 s, a peer that does not answer within 60 s is "
      "dropped. A connection over a cap gets 503 and is closed. Requests whose Host is not "
      "localhost, an IP address or an --allowed-host get 421; POSTs and WebSocket handshakes "
      "from pages of another origin get 403. See docs/api.md, \"Security and limits\".",
      opt->limits.max_header_bytes / 1024, opt->limits.max_body_bytes / 1024,
      opt->limits.max_ws_message_bytes / 1024));
  cmd->callback([opt, fast, t, expire_finished, expire_idle] {
    opt->durable_fsync = !*fast;
    opt->limits.http_idle_timeout = seconds_to_ms(t->http_idle);
    opt->limits.header_timeout = seconds_to_ms(t->header);
    opt->limits.request_timeout = seconds_to_ms(t->request);
    opt->limits.ws_idle_timeout = seconds_to_ms(t->ws_idle);
    raise_descriptor_limit();
    for (auto [flag, text, out] :
         {std::tuple{"--expire-finished", expire_finished.get(), &opt->expiry.finished_ms},
          std::tuple{"--expire-idle", expire_idle.get(), &opt->expiry.idle_ms}}) {
      const auto ms = parse_duration_ms(*text);
      if (!ms)
        throw CLI::ValidationError(
            flag,
            fmt::format("'{}' is not a duration (expected e.g. 90s, 30m, 12h, 7d or 0)", *text));
      *out = *ms;
    }
    auto s = server::Server::open(*opt);
    if (!s) {
      std::cerr << "meeple serve: " << s.status().to_string() << "\n";
      throw CLI::RuntimeError(1);
    }
    for (const auto& e : (*s)->restore_errors())
      std::cerr << "meeple serve: table left out: " << e << "\n";
    (*s)->start();
    if (server::is_postgres_url(opt->db_path))
      std::cout << fmt::format(
          "meeple serve: on {}, shared: tables are taken on their first request\n",
          server::redact_url(opt->db_path));
    else
      std::cout << fmt::format("meeple serve: {} tables restored from {}\n", (*s)->table_count(),
                               server::redact_url(opt->db_path));
    std::cout << fmt::format("meeple serve: up to {} connections, {} per client address\n",
                             (*s)->max_connections(), (*s)->max_connections_per_address());
    std::cout << fmt::format("meeple serve: open http://{}:{}/ in a browser (Ctrl-C stops)\n",
                             opt->address == "0.0.0.0" ? "localhost" : opt->address, (*s)->port())
              << std::flush;
    (*s)->run_until_signal();
    std::cout << "meeple serve: stopped\n";
  });
#else
  (void)app;
#endif
}

}  // namespace meeple::cli
