// `meeple serve [--port 8080] [--db meeple.db]`: the web server — lobby,
// live tables, computer opponents, SQLite persistence (server/server.h).
#include <fmt/format.h>

#include <iostream>

#include "cli/commands.h"

#ifdef MEEPLE_HAVE_SERVER
#include "server/server.h"
#endif

namespace meeple::cli {

void add_serve_command(CLI::App& app) {
#ifdef MEEPLE_HAVE_SERVER
  auto opt = std::make_shared<server::ServerOptions>();
  auto fast = std::make_shared<bool>(false);
  auto* cmd =
      app.add_subcommand("serve", "Start the web server (lobby, tables, bots) on localhost");
  cmd->add_option("--port,-p", opt->port, "TCP port (0: any free port)")->capture_default_str();
  cmd->add_option("--db", opt->db_path, "SQLite database file (created if missing)")
      ->capture_default_str();
  cmd->add_option("--address", opt->address, "Address to listen on")->capture_default_str();
  cmd->add_option("--web", opt->web_root, "Folder of the web UI (default: the source tree's web/)");
  cmd->add_option("--threads", opt->io_threads, "Network threads")->capture_default_str();
  cmd->add_option("--bot-threads", opt->bot_threads, "Threads for computer moves and hints")
      ->capture_default_str();
  cmd->add_flag("--no-fsync", *fast,
                "Commit with synchronous=NORMAL: survives a killed process, not a power cut");
  cmd->callback([opt, fast] {
    opt->durable_fsync = !*fast;
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
