// `meeple train reversi`: fits the Reversi pattern evaluation
// (ai/reversi/patterns.h) from the engine's own games (ai/reversi/training.h)
// and writes the weights file the bots read, data/reversi/patterns.bin.
//
// Rounds: round 1's games are played with --from's weights (by default the
// classic hand-tuned evaluation), each later round's with the weights the
// round before fitted; every round fits on all the positions so far, from
// zero weights. docs/reversi_eval.md gives the command
// that made the shipped file and what it measured.
#include <fmt/format.h>

#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <thread>

#ifdef MEEPLE_HAVE_REVERSI  // a Reversi command: absent from builds without the game
#include "ai/reversi/patterns.h"
#include "ai/reversi/training.h"
#include "cli/commands.h"
#include "core/rng.h"

namespace meeple::cli {

namespace {

struct TrainFlags {
  std::string game;
  int games = 20000;
  int rounds = 2;
  int depth = 4;
  int exact = 14;
  int random_min = 4;
  int random_max = 16;
  int epochs = 12;
  uint64_t seed = 1;
  int threads = 0;
  double l2 = 0;
  double sample = 0.2;                     // goa: the share of decisions kept
  bool games_set = false, l2_set = false;  // given, not the Reversi defaults
  int symmetries = 8;
  double search_weight = 0.5;
  std::string from;
  std::string out;
  std::string positions_in, positions_out;
  int probcut_spreads = 0;  // > 0: measure ProbCut's spreads on this many positions instead
  int probcut_depth = 11;
};

// Positions files: 17 bytes a position, P and O little-endian, then the
// margin as a signed byte. They let a fit be rerun without replaying games.
// Writes `samples` to `path`; an error message, or "" when written.
std::string write_positions(const std::string& path,
                            const std::vector<reversi::TrainingSample>& samples) {
  std::string bytes;
  bytes.reserve(samples.size() * 17);
  for (const auto& s : samples) {
    for (uint64_t v : {s.P, s.O})
      for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
    bytes.push_back(static_cast<char>(s.margin));
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return out ? "" : "writing --save-positions " + path + " failed";
}

// The whole of `path` into `bytes`; false if it cannot be opened.
bool read_bytes(const std::string& path, std::string& bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream text;
  text << in.rdbuf();
  bytes = text.str();
  return true;
}

std::string read_positions(const std::string& path, std::vector<reversi::TrainingSample>& samples) {
  std::string bytes;
  if (!read_bytes(path, bytes)) return "cannot open --positions " + path;
  if (bytes.size() % 17 != 0)
    return fmt::format("{}: {} bytes, expected a multiple of 17 (one position each)", path,
                       bytes.size());
  for (size_t at = 0; at < bytes.size(); at += 17) {
    uint64_t v[2] = {0, 0};
    for (int k = 0; k < 2; ++k)
      for (int i = 0; i < 8; ++i)
        v[k] |= uint64_t{static_cast<uint8_t>(bytes[at + 8 * k + i])} << (8 * i);
    const auto margin = static_cast<int8_t>(bytes[at + 16]);
    if ((v[0] & v[1]) != 0 || margin < -64 || margin > 64)
      return fmt::format("{}: position {} is not a position (overlapping discs or margin {})", path,
                         at / 17, margin);
    samples.push_back({v[0], v[1], margin});
  }
  return "";
}

[[noreturn]] void train_fail(const std::string& message) {
  std::cerr << "meeple train: " << message << "\n";
  throw CLI::RuntimeError(2);
}

void check_range(const char* flag, int value, int lo, int hi) {
  if (value < lo || value > hi)
    train_fail(fmt::format("{} is {}, expected {}..{}", flag, value, lo, hi));
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// The measurement --out writes as the search's table (ai/reversi/probcut.h).
void print_probcut_spreads(const std::vector<reversi::ProbCutSpread>& spreads) {
  fmt::print("ProbCut spreads, depth-d score minus depth-s score (evaluation units):\n");
  fmt::print("{:>5} {:>7} {:>9} {:>8} {:>8}\n", "d", "s", "positions", "mean", "rms");
  for (const reversi::ProbCutSpread& p : spreads)
    fmt::print("{:>5} {:>7} {:>9} {:>8.0f} {:>8.0f}\n", p.depth, p.shallow, p.positions, p.mean,
               p.rms);
}

void run_train(const TrainFlags& f) {
  using namespace reversi;
#ifdef MEEPLE_HAVE_GOA
  if (f.game == "goa") {
    TrainGoaFlags g;
    if (f.games_set) g.games = f.games;
    g.seed = f.seed;
    g.threads = f.threads > 0 ? f.threads
                              : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    g.sample = f.sample;
    g.l2 = f.l2_set ? f.l2 : g.l2;
    g.out = f.out;
    if (std::string e = train_goa(g); !e.empty()) train_fail(e);
    return;
  }
#endif
  if (f.game != "reversi")
    train_fail("unknown game '" + f.game + "' (train supports: reversi, goa)");
  check_range("--games", f.games, 1, 10'000'000);
  check_range("--rounds", f.rounds, f.positions_in.empty() ? 1 : 0, 100);
  check_range("--symmetries", f.symmetries, 1, 8);
  if (!(f.search_weight >= 0 && f.search_weight <= 1))
    train_fail(fmt::format("--search-weight is {}, expected 0..1", f.search_weight));
  if (!(f.l2 >= 0 && f.l2 <= 1)) train_fail(fmt::format("--l2 is {}, expected 0..1", f.l2));
  check_range("--depth", f.depth, 1, 12);
  check_range("--exact", f.exact, 0, 24);
  check_range("--random-min", f.random_min, 0, 59);
  check_range("--random-max", f.random_max, f.random_min, 59);
  check_range("--epochs", f.epochs, 1, 1000);
  if (f.probcut_spreads == 0 && f.out.empty()) train_fail("--out FILE is required");
  check_range("--probcut-spreads", f.probcut_spreads, 0, 100'000);
  check_range("--probcut-depth", f.probcut_depth, 2, 14);
  const int threads = f.threads > 0
                          ? f.threads
                          : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));

  PatternWeights weights = zero_weights();
  bool have_weights = false;
  if (!f.from.empty()) {
    std::string bytes;
    if (!read_bytes(f.from, bytes)) train_fail("cannot open --from " + f.from);
    Result<PatternWeights> w = decode_weights(bytes);
    if (!w) train_fail(f.from + ": " + w.status().message());
    weights = std::move(*w);
    have_weights = true;
  }
  if (f.probcut_spreads > 0) {
    const PatternWeights* with = &weights;
    if (!have_weights) {
      Result<const PatternWeights*> shipped = shipped_weights();
      if (!shipped) train_fail(shipped.status().message());
      with = *shipped;
    }
    if (!f.out.empty() && !std::ofstream(f.out, std::ios::binary | std::ios::app))
      train_fail("cannot write --out " + f.out);  // before the hours of work, not after
    const auto spreads =
        measure_probcut_spreads(*with, f.probcut_spreads, f.probcut_depth, f.seed, threads);
    print_probcut_spreads(spreads);
    if (!f.out.empty()) {
      // The table's file (data/reversi/probcut.json when the weights are
      // the shipped ones), naming the command that measured it.
      const std::string measured_by = fmt::format(
          "meeple train reversi --probcut-spreads {} --probcut-depth {} --seed {}{}",
          f.probcut_spreads, f.probcut_depth, f.seed, f.from.empty() ? "" : " --from " + f.from);
      std::ofstream out(f.out, std::ios::binary | std::ios::trunc);
      out << encode_probcut(spreads, measured_by);
      if (!out) train_fail("writing " + f.out + " failed");
      fmt::print("wrote {}\n", f.out);
    }
    return;
  }
  // Fail before hours of work, not after.
  {
    std::ofstream probe(f.out, std::ios::binary | std::ios::app);
    if (!probe) train_fail("cannot write --out " + f.out);
  }

  std::vector<TrainingSample> samples;
  if (!f.positions_in.empty()) {
    if (std::string e = read_positions(f.positions_in, samples); !e.empty()) train_fail(e);
    fmt::print("read {} positions from {}\n", samples.size(), f.positions_in);
  }
  // Round 0: a fit of the positions read, when no games are asked for.
  for (int round = f.rounds == 0 ? 0 : 1; round <= f.rounds; ++round) {
    if (round > 0) {
      SelfPlayOptions play;
      play.games = f.games;
      play.depth = f.depth;
      play.exact_empties = f.exact;
      play.random_min = f.random_min;
      play.random_max = f.random_max;
      play.seed = mix64(f.seed, static_cast<uint64_t>(round));
      play.threads = threads;
      play.weights = have_weights ? &weights : nullptr;
      play.search_weight = f.search_weight;
      const int step = std::max(1, f.games / 20);
      play.on_progress = [step, total = f.games](int done) {
        if (done % step == 0 || done == total)
          std::cerr << fmt::format("\r  games {}/{}", done, total);
      };
      std::cerr << fmt::format("round {}: {} games with the {} evaluation, depth {}, exact at {}\n",
                               round, f.games, have_weights ? "pattern" : "classic", f.depth,
                               f.exact);
      const auto t0 = std::chrono::steady_clock::now();
      std::vector<TrainingSample> fresh = self_play(play);
      const double play_seconds = seconds_since(t0);
      std::cerr << "\n";
      fmt::print("round {}: {} games, {} positions in {:.0f} s ({:.1f} games/s on {} threads)\n",
                 round, f.games, fresh.size(), play_seconds, f.games / play_seconds, threads);
      samples.insert(samples.end(), fresh.begin(), fresh.end());
      if (!f.positions_out.empty())
        if (std::string e = write_positions(f.positions_out, samples); !e.empty()) train_fail(e);
    }

    FitOptions fit;
    fit.epochs = f.epochs;
    fit.seed = mix64(f.seed, 1000 + static_cast<uint64_t>(round));
    fit.threads = threads;
    fit.l2 = f.l2;
    fit.symmetries = f.symmetries;
    std::vector<StageFit> report;
    const auto t1 = std::chrono::steady_clock::now();
    // From zero weights: weights fitted before have seen the positions
    // the fit holds out, which would make them look best.
    weights = fit_patterns(samples, zero_weights(), fit, &report);
    have_weights = true;
    fmt::print("round {}: fitted on {} positions in {:.0f} s\n", round, samples.size(),
               seconds_since(t1));
    fmt::print("  stage  empties  positions  error (discs): train  held out  epoch\n");
    for (const StageFit& s : report) {
      const int hi = 60 - s.stage * kStageEmpties, lo = std::max(0, hi - kStageEmpties + 1);
      fmt::print("  {:>5}  {:>3}-{:<3}  {:>9}  {:>20.2f}  {:>8.2f}  {:>5}\n", s.stage, hi, lo,
                 s.positions, s.train_error, s.holdout_error, s.best_epoch);
    }
    fmt::print("round {}: win-chance scale {:.0f} (evaluation units; positions above {} empties)\n",
               round, fit_win_chance_scale(samples, weights, f.exact), f.exact);
    std::ofstream out(f.out, std::ios::binary | std::ios::trunc);
    const std::string bytes = encode_weights(weights);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) train_fail("writing " + f.out + " failed");
    fmt::print("round {}: wrote {} ({} bytes)\n", round, f.out, bytes.size());
  }
}

}  // namespace

void add_train_command(CLI::App& app) {
  auto flags = std::make_shared<TrainFlags>();
  auto* cmd = app.add_subcommand(
      "train",
      "Fit a learned evaluation from self-play (reversi: its pattern tables; goa: its leaf value)");
  cmd->add_option("game", flags->game,
                  "The game (reversi; goa: its level-5 leaf value, from --games heuristic games "
                  "of 3 and of 4 players, default 4000, with --seed, --threads, --l2 (default "
                  "0.0001), --sample and --out)")
      ->required();
  cmd->add_option("--out", flags->out,
                  "The weights file to write (with --probcut-spreads: the ProbCut table)");
  auto* games = cmd->add_option("--games", flags->games, "Self-play games a round");
  cmd->add_option("--rounds", flags->rounds, "Rounds of play then fit");
  cmd->add_option("--depth", flags->depth, "Midgame search depth of the self-play");
  cmd->add_option("--exact", flags->exact, "Perfect play from this many empties");
  cmd->add_option("--random-min", flags->random_min, "Fewest random opening moves");
  cmd->add_option("--random-max", flags->random_max, "Most random opening moves");
  cmd->add_option("--epochs", flags->epochs, "Passes over the positions a fit");
  cmd->add_option("--seed", flags->seed, "Seed of the games and the fit");
  cmd->add_option("--threads", flags->threads, "Threads (default: every core)");
  auto* l2 = cmd->add_option("--l2", flags->l2, "Weight decay of the fit (0..1)");
  cmd->add_option("--sample", flags->sample, "goa: the share of the games' decisions kept (0..1]");
  cmd->add_option("--search-weight", flags->search_weight,
                  "Share of a position's label from its search's value, the rest from its game's "
                  "result (0..1; games played with the classic evaluation use the result only)");
  cmd->add_option("--symmetries", flags->symmetries,
                  "Board symmetries each training position is seen under (1..8)");
  cmd->add_option("--positions", flags->positions_in,
                  "Positions to fit on besides the games (a file --save-positions wrote)");
  cmd->add_option("--save-positions", flags->positions_out,
                  "Write every position played so far to this file after each round");
  cmd->add_option("--from", flags->from,
                  "Weights to play round 1 with and start from (default: the classic evaluation)");
  cmd->add_option("--probcut-spreads", flags->probcut_spreads,
                  "Instead of training: measure the search's ProbCut spreads on this many "
                  "positions with --from's weights (default: the shipped ones); --out writes "
                  "them as a ProbCut table (data/reversi/probcut.json)");
  cmd->add_option("--probcut-depth", flags->probcut_depth,
                  "Deepest search of --probcut-spreads (2..14)");
  cmd->callback([flags, games, l2] {
    flags->games_set = games->count() > 0;
    flags->l2_set = l2->count() > 0;
    run_train(*flags);
  });
}

}  // namespace meeple::cli

#endif  // MEEPLE_HAVE_REVERSI
