// `meeple engine`: the JSON-lines protocol on stdin/stdout (docs/protocol.md).
#include <iostream>

#include "cli/commands.h"
#include "cli/engine_session.h"

namespace meeple::cli {

void add_engine_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "engine", "Speak the JSON-lines engine protocol on stdin/stdout (see docs/protocol.md)");
  cmd->callback([] {
    std::ios::sync_with_stdio(false);
    EngineSession session;
    std::string line;
    while (!session.quit_requested() && std::getline(std::cin, line)) {
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // blank line
      std::cout << session.handle_line(line) << '\n' << std::flush;
    }
  });
}

}  // namespace meeple::cli
