// Turning command-line flags into a game's JSON options: `--mode X`,
// `--players N`, `--advanced`, `--teams` and `--option key=value` (value parsed as JSON when it is
// valid JSON, else taken as a string). Shared by play, engine and bench.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "core/game.h"

namespace meeple::cli {

struct GameFlags {
  std::string mode;
  int players = 0;                   // 0: the game's default
  std::vector<std::string> options;  // key=value
  bool advanced = false;             // --advanced: option advanced=true (The King is Dead)
  bool teams = false;                // --teams: option teams=true
};

void add_game_flags(CLI::App* cmd, GameFlags& flags);
Result<json> options_from_flags(const std::string& game, const GameFlags& flags);

}  // namespace meeple::cli
