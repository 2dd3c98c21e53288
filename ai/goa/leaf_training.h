// `meeple train goa`: fits the learned leaf value (leaf_model.h) from the
// engine's own games. Heuristic players (the level the leaf's playouts use)
// play whole three- and four-player games; a share of their positions is
// kept with the game's winners, and for each player count and round a
// conditional logit (a softmax over the seats of a weighted sum of each
// seat's worth terms) is fitted to them by Newton's method. One game in
// five is held out, so the report compares the fit with the hand-set worth
// on positions it never saw.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "ai/goa/leaf_model.h"

namespace meeple::goa {

struct LeafTrainingOptions {
  int games = 4000;     // per player count
  uint64_t seed = 1;    // game g of n players is dealt and played from seed + g
  int threads = 1;      // games played at once (the result does not depend on it)
  double sample = 0.2;  // share of the decisions kept
  double l2 = 1e-4;     // ridge penalty, per position
};

struct LeafFitReport {
  int players = 0, round = 0;
  long train_positions = 0, holdout_positions = 0;
  // Mean log loss of the winners' chances on held-out positions: the
  // fitted weights', and the hand-set worth's (softmax of worth / 3).
  double holdout_loss = 0, hand_holdout_loss = 0;
  // How often the seat given the best chance won (held out).
  double holdout_accuracy = 0, hand_accuracy = 0;
};

struct LeafTraining {
  LeafModel model;
  std::vector<LeafFitReport> report;
};

// `progress(done, total)` is called after each game (from one thread at a
// time).
LeafTraining train_leaf_model(const LeafTrainingOptions& options,
                              const std::function<void(int, int)>& progress = {});

}  // namespace meeple::goa
