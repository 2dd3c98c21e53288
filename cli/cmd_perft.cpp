// `meeple perft reversi --depth N [--divide] [--board STR --to-move black|white]`:
// counts the leaves of the Reversi move tree, the check that move generation
// is exact (reversi.md "Reference figures for tests"), and a speed test.
//
// Prints per-move counts with --divide (to bisect a mismatch against another
// engine), then the total, the time and the rate, and names the convention:
// a forced pass is one move, a finished game is a leaf, bulk counting.
#include <fmt/format.h>

#include <chrono>
#include <ctime>
#include <iostream>
#include <memory>

#include "all_games/all_games.h"
#include "cli/commands.h"
#include "core/registry.h"
#ifdef MEEPLE_HAVE_REVERSI  // a Reversi command: absent from builds without the game
#include "games/reversi/notation.h"
#include "games/reversi/perft.h"

namespace meeple::cli {

namespace {

struct PerftFlags {
  std::string game;
  int depth = 0;
  bool divide = false;
  std::string board;
  std::string to_move;
};

[[noreturn]] void fail(const std::string& message) {
  std::cerr << "meeple perft: " << message << "\n";
  throw CLI::RuntimeError(2);
}

void run_perft(const PerftFlags& f) {
  using namespace reversi;
  // 1. Validate: the game, the depth, the position.
  if (f.game != "reversi") {
    fail(fmt::format("{} '{}' (perft is supported for: reversi)",
                     all_games().find(f.game) ? "perft is not implemented for" : "unknown game",
                     f.game));
  }
  if (f.depth < 1 || f.depth > 20) fail(fmt::format("--depth is {}, expected 1..20", f.depth));
  Position pos;
  if (!f.board.empty() || !f.to_move.empty()) {
    const std::string board = f.board.empty() ? board_string(kStartBlack, kStartWhite) : f.board;
    auto p = parse_position(board, f.to_move.empty() ? "black" : f.to_move);
    if (!p) fail(p.status().message());
    pos = *p;
  }
  const Bitboard P = pos.side_to_move == kBlack ? pos.black : pos.white;
  const Bitboard O = pos.side_to_move == kBlack ? pos.white : pos.black;
  fmt::print("reversi perft, depth {}, {} to move, board {}\n", f.depth, side_key(pos.side_to_move),
             board_string(pos.black, pos.white));

  // 2. Count.
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  uint64_t total = 0;
  if (f.divide) {
    const auto entries = perft_divide(P, O, f.depth);
    if (entries.empty()) fmt::print("  (the game is over: no move to divide)\n");
    for (const auto& e : entries) {
      fmt::print("  {:<5} {}\n", square_name(e.action), e.leaves);
      total += e.leaves;
    }
    if (entries.empty()) total = 1;
  } else {
    total = perft(P, O, f.depth);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // CPU time too: on a shared machine the wall clock includes other jobs.
  const double cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;

  // 3. Report.
  fmt::print("leaves: {}\n", total);
  fmt::print("time: {:.3f} s wall, {:.3f} s CPU (one thread)\n", seconds, cpu_seconds);
  fmt::print("speed: {:.1f} million leaves/s wall, {:.1f} million leaves/s CPU\n",
             seconds > 0 ? static_cast<double>(total) / seconds / 1e6 : 0.0,
             cpu_seconds > 0 ? static_cast<double>(total) / cpu_seconds / 1e6 : 0.0);
  fmt::print(
      "convention: a forced pass counts as one move, a finished game is a leaf, bulk counting "
      "at the last ply\n");
}

}  // namespace

void add_perft_command(CLI::App& app) {
  auto flags = std::make_shared<PerftFlags>();
  auto* cmd = app.add_subcommand("perft", "Count the leaves of a game's move tree (reversi)");
  cmd->add_option("game", flags->game, "The game (reversi)")->required();
  cmd->add_option("--depth,-d", flags->depth, "Plies to search, 1..20")->required();
  cmd->add_flag("--divide", flags->divide, "Print the leaf count below each root move");
  cmd->add_option("--board", flags->board,
                  "64 characters a1..h8 row by row: X black, O white, - or . empty "
                  "(default: the start)");
  cmd->add_option("--to-move", flags->to_move, "black or white (default: black)");
  cmd->callback([flags] { run_perft(*flags); });
}

}  // namespace meeple::cli

#endif  // MEEPLE_HAVE_REVERSI
