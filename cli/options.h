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

// `--edition E` of a game with several editions, each registered as a game
// of its own: risk (european, the default) and risk-2008 (2008). Gives the
// registered name to play; an empty edition keeps `game`. An edition the
// game does not have is an error naming the ones it has.
Result<std::string> game_for_edition(const std::string& game, const std::string& edition);

}  // namespace meeple::cli
