// A heuristic Goa player (issue 12), 2-4 players. It decides on a
// determinized state (its view with the hidden cards, ducats and tiles
// redrawn, never the true state):
// - an action turn's choices are tried one by one, the rest of its own
//   turn completed greedily (chance drawn from its own RNG, a few times when
//   the outcome matters, as for a foundation's reveal) and the position
//   scored: victory points as the game would count them now, plus what its
//   ducats, spices, ships, colonists, cards and development levels are
//   still worth in the rounds left, against the best opponent;
// - a bid is the lot's worth to it (winning at the lowest bid against
//   passing), shaded, and never above that worth;
// - a marker goes on the tile it would most like to own (its auctioneer
//   sells it or keeps it).
//
// Levels (level 0 is the random bot; 6..10 play as 5): 1 and 2 are the
// heuristic with 50 and 20 % of its moves random, 3 the heuristic (the
// seed draws the determinization, the samples and the ties), 4 and 5
// ISMCTS (ai/ismcts.h) whose leaves are scored by the heuristic's worth
// (leaf_values), at the budgets of goa_bot.cpp's kLevels: with three or
// four players level 4 searches eight times as long, since each other seat
// widens the tree (400 iterations won 20 % of three-player games against
// two heuristics, 1,600 won 48 of 99, 3,200 exploring less 61), both levels
// explore less (exploration_more) and level 5 plays on from each leaf with
// the heuristic, the other seats careless (playout_more,
// others_careless_more), with four players then values it by the learned
// model (leaf_model.h, learned_leaf_four); with two players level 5 keeps
// its tree between decisions (reuse_two). Above 1,600 iterations the
// search gains little in two-player games, so the ladder was filled from
// below.
// Calibration: docs/bots.md, "Levels".
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ai/bot.h"

namespace meeple::goa {

inline constexpr int kTopLevel = 5;
// The plain heuristic's level (`heuristic` in the arena and the lobby).
inline constexpr int kHeuristicLevel = 3;

struct GoaLevel {
  double careless;      // share of random moves (ai/careless.h)
  int iterations;       // ISMCTS iterations a move, two players; 0: the heuristic
  int iterations_more;  // the same with three or four players
  // UCB1's exploration constant (ai/ismcts.h) with three or four players.
  double exploration_more = 0.7;
  // With three or four players, the heuristic plays on this many steps
  // (decisions and chance) from each leaf before it is valued (0: valued
  // where the tree ends, often in the middle of an auction or of a turn's
  // follow-ups)...
  int playout_more = 0;
  // ...playing the other seats' moves at random this often: a model of
  // them that is not the heuristic itself, which misleads against anyone
  // else (docs/bots.md, "Levels").
  double others_careless_more = 0;
  // With four players, leaves valued by the learned model (leaf_model.h)
  // rather than the hand-set worth (with three it lost level 5's step
  // above level 4: docs/bots.md, "A learned leaf value").
  bool learned_leaf_four = false;
  // With two players, keep the search tree between decisions (tree reuse,
  // ai/ismcts.h): Goa's turns chain decisions of one seat with no chance
  // between, so much of the tree leads to the seat's next decision.
  bool reuse_two = false;

  // The iterations a move with `seats` players (0: the heuristic).
  int iterations_for(int seats) const { return seats <= 2 ? iterations : iterations_more; }
};

// The settings of `level` (clamped to 1..kTopLevel).
const GoaLevel& goa_level(int level);
// What each level plays, levels 1..kTopLevel.
std::vector<std::string> level_names();

// Each seat's chance to win a position, 0..1: a logistic of its worth (the
// heuristic's: points now and the means to earn more) against the best
// other seat's. ISMCTS's leaf evaluation.
std::vector<double> leaf_values(const State& state);

// An error when the level needs data/goa/leaf_model.json (level 5 with
// four players) and it cannot be read.
Result<std::unique_ptr<Bot>> make_goa_bot(const Game& game, int level, uint64_t seed);

}  // namespace meeple::goa
