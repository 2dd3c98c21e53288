// `meeple serve [--port 8080] [--db meeple.db]`: the web server — lobby,
// live tables, computer opponents, SQLite persistence (server/server.h),
// with the quotas per client address and table expiry of docs/api.md
// "Limits" and "Expiry".
#include <fmt/format.h>

#include <charconv>
#include <iostream>
#include <optional>
#include <tuple>

#include "cli/commands.h"

#ifdef MEEPLE_HAVE_SERVER
#include "server/server.h"
#endif

namespace meeple::cli {

namespace {

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

void add_serve_command(CLI::App& app) {
#ifdef MEEPLE_HAVE_SERVER
  auto opt = std::make_shared<server::ServerOptions>();
  auto fast = std::make_shared<bool>(false);
  auto expire_finished = std::make_shared<std::string>("7d");
  auto expire_idle = std::make_shared<std::string>("30d");
  auto* cmd =
      app.add_subcommand("serve", "Start the web server (lobby, tables, bots) on localhost");
  cmd->add_option("--port,-p", opt->port, "TCP port (0: any free port)")->capture_default_str();
  cmd->add_option("--db", opt->db_path, "SQLite database file (created if missing)")
      ->capture_default_str();
  cmd->add_option("--address", opt->address, "Address to listen on")->capture_default_str();
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
  cmd->callback([opt, fast, expire_finished, expire_idle] {
    opt->durable_fsync = !*fast;
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
    std::cout << fmt::format("meeple serve: {} tables restored from {}\n", (*s)->table_count(),
                             opt->db_path);
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
