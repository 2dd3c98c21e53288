// `meeple bench GAME`: the figures the issues ask for, measured on this
// machine, one thread. Google Benchmark programs in bench/ measure the same
// paths in finer detail; this command is the quick, self-explaining report.
//
// reversi: perft leaves/s (bulk counting), random full games/s, midgame
//          search nodes/s, and the FFO #40-#44 exact solves (time, score
//          checked against the file). Measured 2026-11-28 (shared 2-core
//          Xeon, load average 4-5, wall times): #40-#44 218.0 M nodes
//          22.6 s (Edax 4.6 with zero weights in the same session:
//          31.8 s); --ffo-first 45 --ffo-last 49: 4,045 M nodes 385.7 s
//          (Edax: 252.0 s; CPU 197.8 s against Edax's 197.4-205.1 s). Per
//          position: docs/reversi_solver.md.
// risk:    battles/s and full 3-player domination games/s between heuristic
//          bots (cli/bench_risk.cpp).
// king-is-dead: random and heuristic full games/s in every configuration
//          (cli/bench_king_is_dead.cpp).
// goa:     random full games/s at 2-4 players (cli/bench_goa.cpp).
#include <fmt/format.h>

#include <chrono>
#include <iostream>

#include "cli/bench_playouts.h"
#include "cli/commands.h"
#include "core/game.h"
#ifdef MEEPLE_HAVE_REVERSI  // a build may leave games out (MEEPLE_SKIP_GAMES)
#include "ai/reversi/ffo.h"
#include "ai/reversi/patterns.h"
#include "ai/reversi/search.h"
#include "games/reversi/perft.h"
#include "games/reversi/playout.h"
#endif

namespace meeple::cli {

namespace {

struct BenchArgs {
  std::string game;
  int perft_depth = 11;
  double seconds = 2.0;
  int ffo_first = 40, ffo_last = 44;
  bool json_out = false;
};

#ifdef MEEPLE_HAVE_REVERSI
int bench_reversi(const BenchArgs& a) {
  using namespace meeple::reversi;
  // The learned tables the bots evaluate with (sections 3 and 4): a
  // missing or damaged file stops the benchmark before it starts.
  Result<const PatternWeights*> learned = shipped_weights();
  Result<const ProbCutTable*> probcut = learned ? shipped_probcut() : learned.status();
  if (!probcut) {
    std::cerr << "meeple bench: " << probcut.status().message() << "\n";
    return 1;
  }
  json report = json::object();
  // 1. Perft from the start (pass = one move, finished game = leaf).
  {
    const auto t0 = std::chrono::steady_clock::now();
    const uint64_t leaves = perft(kStartBlack, kStartWhite, a.perft_depth);
    const double s = seconds_since(t0);
    report["perft"] = {{"depth", a.perft_depth},
                       {"leaves", leaves},
                       {"seconds", s},
                       {"leaves_per_second", leaves / s}};
    if (!a.json_out)
      fmt::print("perft {:>2}: {:>12} leaves in {:.3f} s = {:.1f} M leaves/s\n", a.perft_depth,
                 leaves, s, leaves / s / 1e6);
  }
  // 2. Uniformly random full games from the start.
  {
    Rng rng(1);
    uint64_t games = 0;
    int64_t margin_sum = 0;
    const auto t0 = std::chrono::steady_clock::now();
    double s = 0;
    do {
      for (int i = 0; i < 10000; ++i) margin_sum += random_playout(kStartBlack, kStartWhite, rng);
      games += 10000;
      s = seconds_since(t0);
    } while (s < a.seconds);
    report["random_games"] = {{"games", games},
                              {"seconds", s},
                              {"games_per_second", games / s},
                              {"mean_margin_black", static_cast<double>(margin_sum) / games}};
    if (!a.json_out)
      fmt::print("random games: {} in {:.2f} s = {:.0f} games/s\n", games, s, games / s);
  }
  // 3. Midgame search speed: iterative deepening from the start position,
  // as the bots search (learned tables, ProbCut), at full width with the
  // same tables, and with the classic evaluation.
  {
    struct Setup {
      const char* key;
      const char* label;
      const PatternWeights* weights;
      bool probcut;
    };
    const Setup setups[] = {
        {"search", "learned evaluation, ProbCut", *learned, true},
        {"search_full_width", "learned evaluation, full width", *learned, false},
        {"search_classic", "classic evaluation", nullptr, false}};
    for (const Setup& setup : setups) {
      Searcher searcher(64, setup.weights, setup.probcut ? *probcut : nullptr);
      SearchLimits limits;
      limits.seconds = a.seconds;
      limits.exact_empties = 0;
      limits.probcut = setup.probcut;
      const auto r = searcher.search(kStartBlack, kStartWhite, limits);
      report[setup.key] = {{"depth", r.depth},
                           {"nodes", r.nodes},
                           {"seconds", r.seconds},
                           {"nodes_per_second", r.nodes / r.seconds}};
      if (!a.json_out)
        fmt::print(
            "search ({}): depth {} from the start, {} nodes in {:.2f} s = {:.2f} M nodes/s\n",
            setup.label, r.depth, r.nodes, r.seconds, r.nodes / r.seconds / 1e6);
    }
  }
  // 4. FFO endgame positions, solved exactly (docs/reversi_solver.md).
  {
    const std::string path = std::string(MEEPLE_SHARED_DIR) + "/data/reversi/fforum-40-59.obf";
    auto positions = load_obf(path, 40);
    if (!positions) {
      std::cerr << "meeple bench: " << positions.status().message() << "\n";
      return 1;
    }
    // As the bots solve: the pre-search that orders the solver's first
    // moves evaluates with the learned tables (and ProbCut).
    Searcher searcher(256, *learned, *probcut);
    double total = 0;
    bool all_ok = true;
    json rows = json::array();
    for (const auto& p : *positions) {
      if (p.number < a.ffo_first || p.number > a.ffo_last) continue;
      searcher.clear();
      const auto t0 = std::chrono::steady_clock::now();
      const int score = searcher.solve_exact(p.P, p.O);
      const double s = seconds_since(t0);
      total += s;
      const bool ok = score == p.best_score;
      all_ok = all_ok && ok;
      rows.push_back({{"number", p.number},
                      {"score", score},
                      {"expected", p.best_score},
                      {"seconds", s},
                      {"nodes", searcher.nodes()}});
      if (!a.json_out)
        fmt::print("FFO #{}: {:+d} (file {:+d}) {} in {:.2f} s, {} nodes\n", p.number, score,
                   p.best_score, ok ? "ok" : "WRONG", s, searcher.nodes());
    }
    report["ffo"] = {{"positions", rows}, {"total_seconds", total}, {"all_correct", all_ok}};
    if (!a.json_out)
      fmt::print("FFO #{}-#{}: {:.2f} s total, {}\n", a.ffo_first, a.ffo_last, total,
                 all_ok ? "every score matches the file" : "SOME SCORES ARE WRONG");
    if (!all_ok) return 1;
  }
  if (a.json_out) std::cout << report.dump(2) << "\n";
  return 0;
}
#endif

// The games this build has a benchmark for, for the help and the error.
std::string bench_games() {
  std::string list;
  auto add = [&list](const char* name) { list += (list.empty() ? "" : ", ") + std::string(name); };
#ifdef MEEPLE_HAVE_REVERSI
  add("reversi");
#endif
#ifdef MEEPLE_HAVE_RISK
  add("risk");
#endif
#ifdef MEEPLE_HAVE_KING_IS_DEAD
  add("king-is-dead");
#endif
#ifdef MEEPLE_HAVE_GOA
  add("goa");
#endif
  return list.empty() ? "none in this build" : list;
}

}  // namespace

void add_bench_command(CLI::App& app) {
  auto args = std::make_shared<BenchArgs>();
  auto* cmd = app.add_subcommand("bench", "Measure a game's speed on this machine (one thread)");
  cmd->add_option("game", args->game, bench_games())->required();
  cmd->add_option("--perft-depth", args->perft_depth, "Reversi perft depth")
      ->check(CLI::Range(1, 14));
  cmd->add_option("--seconds", args->seconds, "Time budget of each timed part")
      ->check(CLI::Range(0.1, 600.0));
  cmd->add_option("--ffo-first", args->ffo_first, "First FFO position")->check(CLI::Range(40, 59));
  cmd->add_option("--ffo-last", args->ffo_last, "Last FFO position")->check(CLI::Range(40, 59));
  cmd->add_flag("--json", args->json_out, "Print the report as JSON");
  cmd->callback([args] {
    int rc = 0;
    if (false) {  // each game's branch below exists only in builds with that game
#ifdef MEEPLE_HAVE_REVERSI
    } else if (args->game == "reversi") {
      rc = bench_reversi(*args);
#endif
#ifdef MEEPLE_HAVE_RISK
    } else if (args->game == "risk") {
      rc = bench_risk(args->seconds);
#endif
#ifdef MEEPLE_HAVE_KING_IS_DEAD
    } else if (args->game == "king-is-dead") {
      rc = bench_king_is_dead(args->seconds);
#endif
#ifdef MEEPLE_HAVE_GOA
    } else if (args->game == "goa") {
      rc = bench_goa(args->seconds);
#endif
    } else {
      std::cerr << "meeple bench: no benchmark for '" << args->game
                << "' (available: " << bench_games() << ")\n";
      rc = 2;
    }
    if (rc != 0) throw CLI::RuntimeError(rc);
  });
}

}  // namespace meeple::cli
