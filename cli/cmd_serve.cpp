// `meeple serve [--port 8080] [--db meeple.db]`: the web server — lobby,
// live tables, computer opponents, SQLite persistence (server/server.h).
// Every network limit is a flag here, and --help lists the fixed ones
// (docs/api.md "Security and limits").
#include <fmt/format.h>
#include <sys/resource.h>

#include <chrono>
#include <cmath>
#include <iostream>

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

}  // namespace
#endif

void add_serve_command(CLI::App& app) {
#ifdef MEEPLE_HAVE_SERVER
  auto opt = std::make_shared<server::ServerOptions>();
  auto fast = std::make_shared<bool>(false);
  auto t = std::make_shared<TimeoutFlags>();
  auto* cmd =
      app.add_subcommand("serve", "Start the web server (lobby, tables, bots) on localhost");
  cmd->add_option("--port,-p", opt->port, "TCP port (0: any free port)")->capture_default_str();
  cmd->add_option("--db", opt->db_path, "SQLite database file (created if missing)")
      ->capture_default_str();
  cmd->add_option("--address", opt->address,
                  "Address to listen on (0.0.0.0: every interface, for a LAN)")
      ->capture_default_str();
  cmd->add_option("--allowed-host", opt->allowed_hosts,
                  "A host name browsers may use for this server besides localhost and IP "
                  "addresses (repeatable), e.g. --allowed-host mypc.local; other names get 421");
  cmd->add_option("--web", opt->web_root, "Folder of the web UI (default: the source tree's web/)");
  cmd->add_option("--threads", opt->io_threads, "Network threads")->capture_default_str();
  cmd->add_option("--bot-threads", opt->bot_threads, "Threads for computer moves and hints")
      ->capture_default_str();
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
  cmd->callback([opt, fast, t] {
    opt->durable_fsync = !*fast;
    opt->limits.http_idle_timeout = seconds_to_ms(t->http_idle);
    opt->limits.header_timeout = seconds_to_ms(t->header);
    opt->limits.request_timeout = seconds_to_ms(t->request);
    opt->limits.ws_idle_timeout = seconds_to_ms(t->ws_idle);
    raise_descriptor_limit();
    auto s = server::Server::open(*opt);
    if (!s) {
      std::cerr << "meeple serve: " << s.status().to_string() << "\n";
      throw CLI::RuntimeError(1);
    }
    for (const auto& e : (*s)->restore_errors())
      std::cerr << "meeple serve: table left out: " << e << "\n";
    (*s)->start();
    std::cout << fmt::format("meeple serve: {} tables restored from {}\n", (*s)->table_count(),
                             opt->db_path);
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
