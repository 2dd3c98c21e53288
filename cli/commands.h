// Subcommands of `meeple`. Each lives in its own cli/cmd_<name>.cpp and adds
// itself to the app; main.cpp calls every add_*_command below.
#pragma once

#include <CLI/CLI.hpp>

namespace meeple::cli {

void add_list_command(CLI::App& app);
void add_play_command(CLI::App& app);
void add_perft_command(CLI::App& app);
void add_engine_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_replay_command(CLI::App& app);
void add_serve_command(CLI::App& app);
void add_verify_command(CLI::App& app);

}  // namespace meeple::cli
