#include "ai/reversi/reversi_bot.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "ai/careless.h"
#include "ai/reversi/eval.h"
#include "ai/reversi/flip.h"
#include "ai/reversi/search.h"
#include "games/reversi/notation.h"
#include "games/reversi/reversi.h"

namespace meeple::reversi {

namespace {

// Evaluation units at which the mover's chance to win is 1/(1+e^-1) = 73 %:
// the maximum-likelihood fit of the learned evaluation's value against the
// labels (won, drawn or lost) of its 4.8 million training positions above
// 16 empties, which `meeple train reversi` prints (docs/reversi_eval.md,
// docs/bots.md "Hints").
constexpr double kWinChanceScale = 481;

// The header's level table, in its order; why the top three think so
// little and so unevenly is said there. Level 1 is level 2 with 30 % of its
// moves random.
constexpr std::array<LevelSettings, 10> kLevels = {{
    {1, 0, 4, 600, 1, 0.3},
    {1, 0, 4, 600, 1, 0},
    {2, 0, 8, 250, 1, 0},
    {3, 0, 10, 80, 2, 0},
    {4, 0, 12, 0, 4, 0},
    {5, 0, 14, 0, 8, 0},
    {6, 0, 16, 0, 16, 0},
    {60, 0.01, 18, 0, 64, 0},
    {60, 0.06, 20, 0, 64, 0},
    {60, 1.25, 22, 0, 64, 0},
}};

// A search score as the mover's chance to win. Exact and decided scores are
// certain; an evaluation (100 units a disc) goes through a logistic curve
// whose scale was fitted to self-play (docs/bots.md, "Hints").
double score_win_chance(int score, bool exact) {
  if (exact || std::abs(score) >= kDecided) return score > 0 ? 1.0 : score < 0 ? 0.0 : 0.5;
  return 1.0 / (1.0 + std::exp(-score / kWinChanceScale));
}

json info_json(const SearchResult& r) {
  json pv = json::array();
  for (int sq : r.pv) pv.push_back(square_name(sq));
  return {{"depth", r.depth},    {"score", r.score}, {"exact", r.exact},
          {"pv", std::move(pv)}, {"nodes", r.nodes}, {"seconds", r.seconds}};
}

class ReversiBot final : public Bot {
 public:
  ReversiBot(int level, uint64_t seed, const PatternWeights* weights, const ProbCutTable* probcut)
      : level_(level),
        settings_(level_settings(level)),
        rng_(seed),
        weights_(weights),
        searcher_(settings_.tt_megabytes, weights, probcut) {}

  std::string name() const override { return fmt::format("reversi-alphabeta-{}", level_); }

  std::optional<double> win_chance() const override { return win_chance_; }

  // Any level searches by time then: iterative deepening without a depth
  // cap, its own exact-solve threshold and noise kept.
  bool limit_move_seconds(double seconds) override {
    settings_.seconds = seconds;
    settings_.depth = 60;
    return true;
  }

  Action choose(const Decision& d) override {
    win_chance_.reset();
    // Reversi hides nothing: the sample is the exact position, copied once
    // per move; the search below runs on its bitboards.
    const auto sample = d.determinize(rng_);
    const auto* rs = dynamic_cast<const ReversiState*>(sample.get());
    if (rs == nullptr) {  // not a Reversi state: a factory mix-up; stay legal
      assert(false && "reversi bot given a state of another game");
      return d.legal_actions().front();
    }
    const Bitboard P = rs->mover(), O = rs->opponent();
    const Bitboard moves = legal_moves(P, O);
    if (!moves) return kPassAction;

    SearchLimits limits;
    limits.max_depth = settings_.depth;
    limits.seconds = settings_.seconds;
    limits.exact_empties = settings_.exact_empties;
    if (settings_.noise > 0) return choose_with_noise(P, O, moves, limits);
    if (popcount(moves) == 1 && settings_.seconds > 0) return lowest_square(moves);

    std::function<void(const SearchResult&)> report;
    if (on_info) report = [this](const SearchResult& r) { on_info(info_json(r)); };
    const SearchResult r = searcher_.search(P, O, limits, report);
    assert(r.move >= 0 && r.move < 64 && (moves & square_bit(r.move)));
    win_chance_ = score_win_chance(r.score, r.exact);
    return r.move;
  }

 private:
  // Levels 1..3: score every root move with a search one ply shallower,
  // add a random bonus, play the best sum (ties: lower square).
  Action choose_with_noise(Bitboard P, Bitboard O, Bitboard moves, SearchLimits limits) {
    limits.max_depth = std::max(1, settings_.depth - 1);
    int best_sq = -1, best_value = 0, best_score = 0;
    bool best_exact = false;
    uint64_t nodes = 0;
    for (Bitboard m = moves; m; m &= m - 1) {
      const int sq = lowest_square(m);
      const Bitboard f = fast::flips(sq, P, O);
      const Bitboard np = O ^ f, no = P ^ f ^ square_bit(sq);
      int score;
      bool exact = false;
      if (settings_.depth <= 1) {
        score = -evaluate(weights_, np, no);
      } else {
        const SearchResult r = searcher_.search(np, no, limits);
        nodes += r.nodes;
        score = r.exact ? -100 * r.score : -r.score;
        exact = r.exact;
      }
      const int value = score + static_cast<int>(rng_.below(settings_.noise + 1));
      if (best_sq < 0 || value > best_value) {
        best_sq = sq;
        best_value = value;
        best_score = score;
        best_exact = exact;
      }
    }
    if (on_info)
      on_info({{"depth", settings_.depth},
               {"score", best_value},
               {"exact", false},
               {"pv", json::array({square_name(best_sq)})},
               {"nodes", nodes},
               {"seconds", 0.0}});
    // The move's own searched score, without the noise that picked it.
    win_chance_ = score_win_chance(best_score, best_exact);
    return best_sq;
  }

  int level_;
  std::optional<double> win_chance_;  // of the last choose(), if it searched
  LevelSettings settings_;
  Rng rng_;
  const PatternWeights* weights_;
  Searcher searcher_;
};

}  // namespace

LevelSettings level_settings(int level) {
  return kLevels[static_cast<size_t>(std::clamp(level, 1, kTopLevel) - 1)];
}

std::vector<std::string> level_names() {
  std::vector<std::string> names;
  for (const LevelSettings& l : kLevels) {
    std::string n = l.seconds > 0
                        ? fmt::format("searches {:g} s a move", l.seconds)
                        : fmt::format("searches {} {}", l.depth, l.depth == 1 ? "ply" : "plies");
    n += fmt::format(", exact at {} empties", l.exact_empties);
    if (l.noise > 0) n += l.noise >= 250 ? ", very noisy" : ", a little noisy";
    if (l.careless > 0) n += fmt::format(", {:.0f} % of its moves random", 100 * l.careless);
    names.push_back(std::move(n));
  }
  return names;
}

Result<std::unique_ptr<Bot>> make_reversi_bot(const Game& /*game*/, int level, uint64_t seed) {
  level = std::clamp(level, 1, kTopLevel);  // as level_settings reads it
  Result<const PatternWeights*> weights = shipped_weights();
  if (!weights) return weights.status();
  Result<const ProbCutTable*> probcut = shipped_probcut();
  if (!probcut) return probcut.status();
  const LevelSettings settings = level_settings(level);
  auto bot = std::make_unique<ReversiBot>(level, seed, *weights, *probcut);
  if (settings.careless == 0) return std::unique_ptr<Bot>(std::move(bot));
  // As the arena's careless:P of the level above (the same seeds), which
  // is how it was measured.
  return make_careless_level(std::move(bot), settings.careless, seed, "reversi", level);
}

}  // namespace meeple::reversi
