// The heuristic Goa player (goa_bot.h).
#include "ai/goa/goa_bot.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "ai/careless.h"
#include "ai/goa/leaf_model.h"
#include "ai/goa/worth.h"
#include "ai/ismcts.h"
#include "games/goa/goa_state.h"
#include "games/goa/kept_tiles.h"

namespace meeple::goa {

namespace {

// A bid is this share of the lot's worth in ducats.
constexpr double kShade = 0.6;

// Levels 1..5 (goa_bot.h). Level 5 with three or four players explores
// less (its leaves' values lie close together) and values each leaf after
// 40 steps of heuristic play whose other seats play 30 % of their moves at
// random: with the others modelled as the heuristic itself (100
// iterations, 20 steps) it won 53 of 60 three-player games against two
// heuristics but only 19 of 60 against two level 4s; modelled as careless,
// 43 and 27, with 200 iterations 49 and 28, and with 40 steps 90 of 128
// four-player games against three heuristics where 20 steps won 81 (80
// steps: 87, for twice the time) (docs/bots.md, "Levels"). Level 4 with
// three or four players searches 3,200 iterations at 0.35: at 1,600 and
// 0.7 it won 50 of 200 four-player games against three heuristics, its
// seat share, and 48 of 99 three-player games against two; now 74 and 61.
// With four players level 5 values its leaves by the learned model: 142 of
// 192 games against three heuristics (seeds 41-43; with 44-45, 229 of 320)
// where the hand-set worth won 138, and 26 of 64 against three level 4s
// (hand-set: 26); with three it won only 18 of 60 against two level 4s
// (hand-set: 30), so three players keep the hand-set worth. With three or
// four players it searches 400 iterations: 240 of 320 four-player games
// against three heuristics (seeds 41-45) where 200 won 229 of the same
// deals, and 37 of 64 against three level 4s where 200 won 26; 55 of 60
// three-player games against two heuristics where 200 won 49, and 17 of 32
// against two level 4s where 200 won 30 of 60. With two players level 5
// keeps its tree between decisions: 54.9 % of 400 games against itself
// searching afresh (seeds 41, 42), and 87.2 % of 200 against level 4
// where afresh it scored 81.5 %.
constexpr std::array<GoaLevel, kTopLevel> kLevels = {{
    {0.5, 0, 0},                                // 1
    {0.2, 0, 0},                                // 2
    {0, 0, 0},                                  // 3: the heuristic
    {0, 400, 3200, 0.35},                       // 4
    {0, 12800, 400, 0.35, 40, 0.3, true, true}  // 5
}};

// The position's value for `me`: its worth against the best opponent's.
// `sheets` is storage to reuse.
double evaluate(const GoaState& s, int me, std::vector<ScoreSheet>& sheets) {
  if (s.is_terminal()) return s.returns()[static_cast<size_t>(me)] > 0 ? 1000 : -1000;
  s.score_sheets(sheets);
  double best_other = -1e18;
  for (int p = 0; p < s.num_seats(); ++p)
    if (p != me) best_other = std::max(best_other, hand_worth(s, sheets, p));
  return hand_worth(s, sheets, me) - best_other;
}

// Decisions that open something new: the rest of a turn ends at one of
// these (or when another seat is to move).
bool top_level(const GoaState& s) {
  if (!s.tasks().empty()) return false;
  switch (s.stage()) {
    case Stage::kPlaceFlag:
    case Stage::kPlaceMarker:
    case Stage::kBid:
    case Stage::kAuctioneer:
    case Stage::kOver:
      return true;
    default:
      return false;
  }
}

// What the heuristic reuses from one choice to the next: the states it
// plays ahead on and the buffers it weighs them with. A rollout asks a new
// Heuristic for every step; with states of its own, each step's first copies
// allocated some thirty vectors and freed them again.
struct HeuristicScratch {
  // A turn's copy, and the one-step copies of complete() beside it.
  enum Level { kTurn, kStep, kLevels };
  std::array<std::optional<GoaState>, kLevels> states;
  std::vector<ScoreSheet> sheets;
  std::vector<Action> legal;
};

// The heuristic's choice for seat `me` in a full state `s` (a
// determinization of what it knows), its chance and ties drawn from `rng`.
class Heuristic {
 public:
  Heuristic(Rng& rng, int me, HeuristicScratch& scratch) : rng_(rng), me_(me), buf_(scratch) {}

  Action choose(const GoaState& s, const std::vector<Action>& legal) {
    switch (s.stage()) {
      case Stage::kPlaceFlag:
      case Stage::kPlaceMarker:
        if (s.tasks().empty()) return place(s, legal);
        break;
      case Stage::kBid:
        if (s.tasks().empty()) return bid(s, legal);
        break;
      default:
        break;
    }
    return best_by_turn(s, legal);
  }

 private:
  // Tries each action, completes the turn, and keeps the best average.
  Action best_by_turn(const GoaState& s, const std::vector<Action>& legal) {
    Action best = legal.front();
    double best_value = -1e18;
    for (Action a : legal) {
      const double v = sampled_value(s, [a](GoaState& g) { g.apply(a); }) +
                       1e-6 * static_cast<double>(rng_.below(1000));
      if (v > best_value) best_value = v, best = a;
    }
    return best;
  }

  // The average value for this seat after `play` on a copy of `s` and the
  // rest of the turn: once, or kSamples times when chance was drawn.
  template <typename Play>
  double sampled_value(const GoaState& s, Play play) {
    double total = 0;
    int runs = 0;
    bool chance = false;
    do {
      GoaState& g = scratch(kTurn, s);
      play(g);
      chance = complete(g) || chance;
      total += evaluate(g, me_, buf_.sheets);
      ++runs;
    } while (chance && runs < kSamples);
    return total / runs;
  }

  // Plays on until a top-level decision or another seat's own turn: this
  // seat greedily by one step's value, others by their first option (their
  // tile's resolution after an auction), chance from this bot's RNG.
  // True when a chance node was drawn.
  bool complete(GoaState& s) {
    bool chance = false;
    std::vector<Action>& legal = buf_.legal;
    for (int step = 0; step < 80 && !s.is_terminal(); ++step) {
      if (s.is_chance()) {
        sample_chance(s);
        chance = true;
        continue;
      }
      if (top_level(s)) break;
      const Seat p = s.current_player();
      if (p != me_ && s.tasks().empty()) break;  // another seat's action turn
      s.legal_actions(legal);
      // Another seat's first option, or this seat's only one: nothing to weigh.
      if (p != me_ || legal.size() == 1) {
        s.apply(legal.front());
        continue;
      }
      Action best = legal.front();
      double best_value = -1e18;
      for (Action a : legal) {
        GoaState& next = scratch(kStep, s);
        next.apply(a);
        const double v = evaluate(next, me_, buf_.sheets);
        if (v > best_value) best_value = v, best = a;
      }
      s.apply(best);
    }
    return chance;
  }

  void sample_chance(GoaState& s) {
    const auto outcomes = s.chance_outcomes();
    double r = rng_.unit();
    for (const auto& o : outcomes) {
      r -= o.probability;
      if (r <= 0) return s.apply(o.action);
    }
    s.apply(outcomes.back().action);
  }

  // The lot's outcome when this seat passes or bids `amount`: the others
  // still to bid pass, the auctioneer sells to the highest bidder, and the
  // winner resolves the tile. Its value for this seat.
  double lot_value(const GoaState& s, Action first) {
    return sampled_value(s, [first](GoaState& g) {
      g.apply(first);
      const int lot = g.lot();
      for (int step = 0;
           step < 12 && !g.is_terminal() && g.lot() == lot && g.tasks().empty() && !g.is_chance();
           ++step) {
        if (g.stage() == Stage::kBid)
          g.apply(act::kPass);
        else if (g.stage() == Stage::kAuctioneer)
          g.apply(g.is_legal(act::kSell) ? act::kSell : act::kTake);
        else
          break;
      }
    });
  }

  // Bids what the lot is worth to this seat, shaded, or passes.
  Action bid(const GoaState& s, const std::vector<Action>& legal) {
    Action low = -1, high = -1;
    for (Action a : legal)
      if (a > act::kBid && a < act::kPlayCard) {
        if (low < 0 || a < low) low = a;
        high = std::max(high, a);
      }
    if (low < 0) return act::kPass;
    const double pass = lot_value(s, act::kPass);
    const double win = lot_value(s, low);
    const double per_ducat = hand_weights(time_left(s))[term::kDucats];
    const double surplus = win - pass;
    if (surplus <= 0) return act::kPass;
    // Up to the lot's worth in ducats; bid most of it (a later bidder may
    // still outbid, and the auctioneer may keep it for one less).
    const double worth_ducats = surplus / per_ducat;
    const int extra = static_cast<int>(std::floor(kShade * worth_ducats));
    return std::min<Action>(high, low + extra);
  }

  // The flag or a marker: on the tile this seat would most like to own.
  Action place(const GoaState& s, const std::vector<Action>& legal) {
    Action best = legal.front();
    double best_value = -1e18;
    const auto sheets = s.score_sheets();
    const double now = hand_worth(s, sheets, me_);
    for (Action a : legal) {
      double v = 1e-6 * static_cast<double>(rng_.below(1000));
      const int cell = a - act::kPosition;
      if (a >= act::kPosition && cell < static_cast<int>(s.grid().tile.size())) {
        const int tile = s.grid().tile[static_cast<size_t>(cell)];
        if (tile >= 0) v += owned_value(s, tile) - now;
      }
      if (v > best_value) best_value = v, best = a;
    }
    return best;
  }

  // This seat's worth were it to own `tile` (discarding its first
  // plantation when the board is full).
  double owned_value(const GoaState& s, int tile) {
    GoaState& g = scratch(kTurn, s);
    auto pick = [this](int n) { return static_cast<int>(rng_.below(static_cast<uint64_t>(n))); };
    const bool full = g.player(me_).board.plantations_full(g.components());
    const bool plantation = g.components().tiles[static_cast<size_t>(tile)].is_plantation();
    if (!take_won_tile(g.components(), tile, g.mutable_player(me_), g.mutable_holdings(me_),
                       g.mutable_deck(), pick, full && plantation ? 0 : -1, -1)
             .is_ok())
      return hand_worth(s, s.score_sheets(), me_);
    return hand_worth(g, g.score_sheets(), me_);
  }

  // A copy of `s` in the buffer of its nesting level: a turn's copy holds
  // the one-step copies of complete(). Assigning into a kept state reuses
  // its vectors' memory, where a clone allocated some thirty of them, and
  // the copies were most of this player's time.
  using Level = HeuristicScratch::Level;
  static constexpr Level kTurn = HeuristicScratch::kTurn, kStep = HeuristicScratch::kStep;
  GoaState& scratch(Level level, const GoaState& s) {
    auto& buffer = buf_.states[level];
    if (buffer)
      *buffer = s;
    else
      buffer.emplace(s);
    return *buffer;
  }

  // Chance outcomes drawn per option when its turn meets chance.
  static constexpr int kSamples = 3;
  Rng& rng_;
  int me_;
  HeuristicScratch& buf_;
};

class GoaBot final : public Bot {
 public:
  explicit GoaBot(uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "goa heuristic"; }

  Action choose(const Decision& d) override {
    const auto& legal = d.legal_actions();
    if (legal.size() == 1) return legal.front();
    const auto world = d.determinize(rng_);
    return Heuristic(rng_, d.seat(), scratch_).choose(static_cast<const GoaState&>(*world), legal);
  }

 private:
  Rng rng_;
  HeuristicScratch scratch_;
};

}  // namespace

std::vector<double> leaf_values(const State& state) {
  const auto& s = static_cast<const GoaState&>(state);
  const int n = s.num_seats();
  // Per thread and reused: the search values a leaf every iteration.
  thread_local std::vector<ScoreSheet> sheets;
  s.score_sheets(sheets);
  std::array<double, kMaxPlayers> w{};
  for (int p = 0; p < n; ++p) w[static_cast<size_t>(p)] = hand_worth(s, sheets, p);
  std::vector<double> out(static_cast<size_t>(n));
  for (int p = 0; p < n; ++p) {
    double best_other = -1e18;
    for (int q = 0; q < n; ++q)
      if (q != p) best_other = std::max(best_other, w[static_cast<size_t>(q)]);
    out[static_cast<size_t>(p)] =
        1 / (1 + std::exp(-(w[static_cast<size_t>(p)] - best_other) / kHandLeafScale));
  }
  return out;
}

std::vector<std::string> level_names() {
  std::vector<std::string> names;
  for (const GoaLevel& l : kLevels) {
    if (l.iterations == 0) {
      names.push_back(l.careless > 0 ? careless_level_name(l.careless) : "the heuristic");
      continue;
    }
    std::string n = fmt::format("ISMCTS, {} iterations a move", l.iterations);
    if (l.reuse_two) n += " (2 players: keeping its tree between moves)";
    if (l.playout_more > 0)
      n += fmt::format(
          ", leaves valued by the heuristic (3-4 players: {} iterations, the heuristic playing "
          "{} steps on from each leaf, the others {:g} % at random{})",
          l.iterations_more, l.playout_more, 100 * l.others_careless_more,
          l.learned_leaf_four ? "; with 4, then valued by a learned model" : "");
    else if (l.iterations_more != l.iterations)
      n += fmt::format(" (3-4 players: {} iterations{}), leaves valued by the heuristic",
                       l.iterations_more,
                       l.exploration_more < GoaLevel{}.exploration_more ? ", exploring less" : "");
    else
      n += ", leaves valued by the heuristic";
    names.push_back(std::move(n));
  }
  return names;
}

const GoaLevel& goa_level(int level) {
  return kLevels[static_cast<size_t>(std::clamp(level, 1, kTopLevel) - 1)];
}

Result<std::unique_ptr<Bot>> make_goa_bot(const Game& game, int level, uint64_t seed) {
  const GoaLevel& l = goa_level(level);
  if (l.iterations == 0)
    return make_careless_level(std::make_unique<GoaBot>(seed), l.careless, seed, "goa",
                               std::clamp(level, 1, kTopLevel));
  IsmctsOptions o;
  const bool more = game.num_seats() > 2;
  o.iterations = l.iterations_for(game.num_seats());
  if (more) o.exploration = l.exploration_more;
  // No random playout: the heuristic values the leaf itself (random Goa
  // play says little about a position; measured, 400 iterations of random
  // playouts only drew level with the heuristic, 10 of 20 games).
  o.rollout_limit = 0;
  o.leaf_value = leaf_values;
  if (game.num_seats() == 4 && l.learned_leaf_four) {
    Result<const LeafModel*> model = shipped_leaf_model();
    if (!model) return model.status();  // names the file and the fault
    o.leaf_value = [m = *model](const State& s) {
      return learned_leaf_values(*m, static_cast<const GoaState&>(s));
    };
  }
  if (more && l.playout_more > 0) {
    o.rollout_limit = l.playout_more;
    o.rollout = [others = l.others_careless_more](const State& s, const std::vector<Action>& legal,
                                                  Rng& rng, Seat searcher) {
      if (legal.size() == 1) return legal.front();
      const auto& g = static_cast<const GoaState&>(s);
      const Seat p = g.current_player();
      if (p != searcher && others > 0 && rng.unit() < others)
        return legal[static_cast<size_t>(rng.below(legal.size()))];
      // Per thread: the search may run rollouts on several.
      thread_local HeuristicScratch scratch;
      return Heuristic(rng, p, scratch).choose(g, legal);
    };
  }
  o.reuse_tree = !more && l.reuse_two;
  o.name = fmt::format("goa ismcts:{}", o.iterations);
  return std::unique_ptr<Bot>(std::make_unique<IsmctsBot>(game, std::move(o), seed));
}

}  // namespace meeple::goa
