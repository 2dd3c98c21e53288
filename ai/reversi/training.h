// Training the pattern evaluation (patterns.h) from the engine's own games.
//
// 1. Self-play: each game opens with a few uniformly random moves (how many
//    is drawn per game, so every stage of the game is seen from many
//    openings), then both sides play the searcher at a fixed depth, and
//    from `exact_empties` on they play perfectly (the exact solver). Every
//    position with a legal move is kept, labelled with the game's final
//    disc margin for the side to move, or (search_weight) a blend of it and
//    the value the position's own search found. Labels near the end are
//    therefore exact; earlier ones are the result of good play from there,
//    noisy but unbiased, the search's value steadying them; each round of
//    training makes the play, and so the labels, better.
// 2. Fitting: each stage's weights by least squares on its positions,
//    normalized least-mean-squares (each position moves its 49 active
//    weights by rate × error / 49), shuffled epochs with a falling rate,
//    keeping the epoch with the smallest error on held-out positions. Each
//    training position is also seen under the board's symmetries: a window
//    and its mirror image are different indices of one table, and this way
//    both learn from either.
//
// Both steps depend only on their seed, not on the number of threads:
// game i is seeded from (seed, i) and played by a cleared searcher, and
// each stage is fitted on its own.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ai/reversi/patterns.h"
#include "ai/reversi/probcut.h"
#include "games/reversi/bitboard.h"

namespace meeple::reversi {

struct TrainingSample {
  Bitboard P, O;  // the side to move, the other
  int8_t margin;  // its label: the final disc margin (empties to the winner), or a blend
};

struct SelfPlayOptions {
  int games = 1000;
  int depth = 4;           // midgame search depth
  int exact_empties = 14;  // perfect play from here
  int random_min = 4;      // random opening moves, drawn per game in [min, max]
  int random_max = 16;
  uint64_t seed = 1;
  int threads = 1;
  const PatternWeights* weights = nullptr;  // nullptr: the classic evaluation
  // With pattern weights, a searched position's label is this share of its
  // search's value (discs) and the rest its game's margin; the classic
  // evaluation's values are not in discs, so its games label by margin.
  double search_weight = 0;
  std::function<void(int games_done)> on_progress;  // called from worker threads
};

std::vector<TrainingSample> self_play(const SelfPlayOptions& options);

struct FitOptions {
  int epochs = 12;
  double rate = 0.6;      // first epoch's rate; it falls linearly to a tenth
  double holdout = 0.05;  // share of each stage's positions held out
  int symmetries = 8;     // each training position is also seen under this many symmetries
  double l2 = 0;          // weight decay: an active weight shrinks by rate × l2 / 49 × itself
  uint64_t seed = 1;
  int threads = 1;
};

struct StageFit {
  int stage = 0;
  size_t positions = 0;
  double train_error = 0;    // mean absolute error, discs
  double holdout_error = 0;  // same, on the held-out positions
  int best_epoch = 0;
};

// Fits every stage, starting from `start`; returns the new weights and a
// report line per stage.
PatternWeights fit_patterns(const std::vector<TrainingSample>& samples, const PatternWeights& start,
                            const FitOptions& options, std::vector<StageFit>* report);

// The scale s of the win chance 1 / (1 + exp(-e / s)) that a midgame
// evaluation e stands for (the bots' hints, reversi_bot.cpp): the maximum-
// likelihood fit over the positions with more than `min_empties` empties,
// each a win (1), draw (0.5) or loss (0) for the mover.
double fit_win_chance_scale(const std::vector<TrainingSample>& samples,
                            const PatternWeights& weights, int min_empties);

// ProbCut's spreads (search.cpp): over `positions` positions from random
// play (12 to 56 empties; seeded), each searched at full width by iterative
// deepening to `max_depth` with `weights`, the mean and root mean square of
// the depth-d score minus the depth-s score, for s = d-1 and every s of d's
// parity (d-2, d-4, ..., 0; depth 0 is the evaluation). Scores of
// decided games are left out. The same for any number of threads.
std::vector<ProbCutSpread> measure_probcut_spreads(const PatternWeights& weights, int positions,
                                                   int max_depth, uint64_t seed, int threads);

}  // namespace meeple::reversi
