// `meeple replay FILE`: replays a match log, checking the state hash at
// every step and every sampled chance outcome against the seed.
#include <fmt/format.h>

#include <iostream>

#include "all_games/all_games.h"
#include "cli/commands.h"
#include "cli/json_input.h"
#include "core/match.h"

namespace meeple::cli {

void add_replay_command(CLI::App& app) {
  auto path = std::make_shared<std::string>();
  auto verbose = std::make_shared<bool>(false);
  auto* cmd = app.add_subcommand("replay", "Replay and verify a match log (JSON)");
  cmd->add_option("file", *path, "The match log (`-` for standard input)")->required();
  cmd->add_flag("--moves,-m", *verbose, "Print every move");
  cmd->callback([path, verbose] {
    auto log = read_json_input(*path);
    if (!log) {
      std::cerr << "meeple replay: " << log.status().message() << "\n";
      throw CLI::RuntimeError(2);
    }
    auto m = Match::replay(*log, all_games());
    if (!m) {
      std::cerr << "meeple replay: " << m.status().to_string() << "\n";
      throw CLI::RuntimeError(1);
    }
    if (*verbose) {
      for (const auto& e : (*log)["entries"]) std::cout << e.dump() << "\n";
    }
    const State& s = m->state();
    std::cout << s.to_text(kSpectator) << "\n";
    std::cout << fmt::format("verified: {} entries, final hash {}{}\n", m->log().size(),
                             hash_to_hex(s.hash()), s.is_terminal() ? ", game over" : "");
    if (s.is_terminal()) std::cout << "scores: " << s.scores().dump() << "\n";
  });
}

}  // namespace meeple::cli
