// Subcommands of `meeple`. Each lives in its own cli/cmd_<name>.cpp and adds
// itself to the app; main.cpp calls every add_*_command below.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

namespace meeple::cli {

void add_list_command(CLI::App& app);
void add_play_command(CLI::App& app);
void add_perft_command(CLI::App& app);
void add_engine_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_replay_command(CLI::App& app);
void add_odds_command(CLI::App& app);
void add_serve_command(CLI::App& app);
void add_verify_command(CLI::App& app);
void add_arena_command(CLI::App& app);
void add_migrate_command(CLI::App& app);
void add_train_command(CLI::App& app);

// `meeple bench risk` (cli/bench_risk.cpp): battles/s and 3-player domination
// heuristic games/s, each measured for about seconds_budget.
int bench_risk(double seconds_budget);
// `meeple bench king-is-dead` (cli/bench_king_is_dead.cpp): random and
// heuristic full games/s in every configuration.
int bench_king_is_dead(double seconds_budget);
// `meeple bench goa` (cli/bench_goa.cpp): random full games/s at 2-4 players.
int bench_goa(double seconds_budget);

// `meeple train goa` (cli/train_goa.cpp): fits the learned leaf value and
// writes it to `out`. An error message, or "" when done.
struct TrainGoaFlags {
  int games = 4000;
  uint64_t seed = 1;
  int threads = 1;
  double sample = 0.2;
  double l2 = 1e-4;
  std::string out;
};
std::string train_goa(const TrainGoaFlags& flags);

}  // namespace meeple::cli
