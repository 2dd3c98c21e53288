// Static evaluation of a Reversi position for the side to move.
//
// A hand-tuned linear evaluation over the classic Othello features (see
// Rosenbloom's IAGO, 1982, and Buro's LOGISTELLO papers for why these
// matter), with weights that change with the game phase:
//   * mobility        — legal moves of the mover minus the opponent's
//                       (a corner move counts double): having choices is the
//                       strongest midgame asset;
//   * potential mobility — empty squares next to opponent discs minus those
//                       next to own discs: tomorrow's mobility;
//   * frontier        — own discs next to an empty square minus the
//                       opponent's (negative weight: walls give the opponent
//                       moves);
//   * corners         — never flip once taken;
//   * X-squares (b2, g2, b7, g7) and C-squares (b1, a2, ...) next to an
//     EMPTY corner — they hand the corner over; once the corner is taken
//     they are harmless and not counted;
//   * edges           — other edge discs, mildly good;
//   * stable discs    — see stability.h (corner-anchored edges, full lines);
//   * discs           — slightly bad early (fewer discs, more mobility),
//                       decisive at the end;
//   * parity          — an odd number of empties means the mover gets the
//                       last move of the game, worth something late.
// Weights are given at four anchor phases (60, 40, 20 and 0 empty squares)
// and interpolated linearly in between. They were set by hand and checked
// only by play against simpler bots, not fitted to game data. It was the
// bots' evaluation until the learned pattern tables (patterns.h) replaced
// it; docs/reversi_eval.md measures the two against each other.
//
// Units: about 100 per disc of final margin (very roughly; the scale is only
// meaningful relative to itself). |eval| is capped at kEvalLimit so a
// decided game always outranks any evaluation.
#pragma once

#include "ai/reversi/patterns.h"
#include "games/reversi/bitboard.h"

namespace meeple::reversi {

inline constexpr int kEvalLimit = 6300;

// The hand-tuned evaluation above, for the mover P against O (P to move).
// The bots search with the learned pattern tables (patterns.h); this one
// seeds their training (training.h) and is the searcher's evaluation when
// it is given no tables.
int classic_evaluate(Bitboard P, Bitboard O);

// The evaluation a searcher uses: `weights`' pattern value, clamped to
// kEvalLimit, or with no weights the classic one.
int evaluate(const PatternWeights* weights, Bitboard P, Bitboard O);

// The individual features (mover minus opponent), for tests and tuning.
struct EvalFeatures {
  int mobility = 0, potential_mobility = 0, frontier = 0, corners = 0, x_squares = 0, c_squares = 0,
      edges = 0, stable = 0, discs = 0, parity = 0;
};
EvalFeatures eval_features(Bitboard P, Bitboard O);

}  // namespace meeple::reversi
