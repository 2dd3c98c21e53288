// A learned Reversi evaluation: pattern tables by game stage.
//
// The board is read through 46 small windows ("instances") of 11 shapes,
// the ones the strong programs use (Buro's LOGISTELLO, Edax): the second,
// third and fourth rows and columns, the diagonals of 4 to 8 squares, the
// edge with its two X-squares, the 3x3 corner and the 2x5 corner. Every
// instance of a shape is the same shape under one of the board's eight
// symmetries, its squares listed in the mapped order, so all instances of a
// shape share one table: a configuration on the a1 edge and its mirror on
// the h8 edge read the same weight. A window's index is its squares in base
// 3 (0 empty, 1 the mover's, 2 the opponent's), so the tables are relative
// to the side to move.
//
// The value of a position is the sum over the instances of their shape's
// weight at that index, plus a weight for each side's number of legal
// moves, plus the stage's bias; each stage (a range of empty squares) has
// its own weights. Units are the evaluation's (eval.h): 100 a disc of the
// final margin the position is expected to end with.
//
// Weights are fitted by training.h from self-play and stored in
// data/reversi/patterns.bin (format below); docs/reversi_eval.md says how
// to regenerate it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/status.h"
#include "games/reversi/bitboard.h"

namespace meeple::reversi {

inline constexpr int kNumShapes = 11;
inline constexpr int kNumInstances = 46;
inline constexpr int kMaxMobility = 32;  // a side's legal moves, capped, index 0..32
// Stages: empties 60..0 in bins of kStageEmpties (60-57, 56-53, ..., 4-1, 0).
inline constexpr int kStageEmpties = 4;
inline constexpr int kNumStages = 60 / kStageEmpties + 1;

struct PatternShape {
  const char* name;
  int size;    // squares
  int tables;  // 3^size
};
const std::array<PatternShape, kNumShapes>& pattern_shapes();

// Instance i's shape and squares (in index order: the first square is the
// most significant base-3 digit).
struct PatternInstance {
  int shape;
  std::vector<int> squares;
};
const std::array<PatternInstance, kNumInstances>& pattern_instances();

// Square `sq` under symmetry `sym` (0..7) of the board: bit 0 mirrors the
// files, bit 1 the ranks, bit 2 swaps files and ranks.
inline int transform_square(int sym, int sq) {
  int x = sq % 8, y = sq / 8;
  if (sym & 1) x = 7 - x;
  if (sym & 2) y = 7 - y;
  if (sym & 4) std::swap(x, y);
  return y * 8 + x;
}

inline int stage_of(int empties) {
  return (60 - (empties > 60 ? 60 : empties)) / kStageEmpties;
}

// Where each feature's weight sits in one stage's weight vector:
// [shape tables..., mover mobility (33), opponent mobility (33), bias (1)].
struct FeatureIndex {
  std::array<int, kNumInstances + 2> slot;  // offsets into the stage's vector
};
// The per-stage vector's length.
int stage_weight_count();

// The slots of every feature of P (to move) against O. Where the CPU has
// BMI2 (PEXT) the windows are read a whole board at a time; elsewhere, and
// in feature_slots_by_square (the definition the tests compare against),
// square by square.
void feature_slots(Bitboard P, Bitboard O, FeatureIndex& out);
void feature_slots_by_square(Bitboard P, Bitboard O, FeatureIndex& out);
// The bias's slot.
int bias_slot();

// All stages' weights. value() = sum of the slots' weights.
struct PatternWeights {
  std::vector<int16_t> w;  // kNumStages * stage_weight_count()
  int16_t* stage(int s) { return w.data() + static_cast<size_t>(s) * stage_weight_count(); }
  const int16_t* stage(int s) const {
    return w.data() + static_cast<size_t>(s) * stage_weight_count();
  }
};
PatternWeights zero_weights();

// The evaluation of P (to move) against O with `weights`, unclamped.
int pattern_value(const PatternWeights& weights, Bitboard P, Bitboard O);

// File format (all little-endian): the 8 bytes "MPATTERN", a uint32 version
// (1), uint32 stages, uint32 weights a stage, uint32 shape count, then each
// shape's uint32 size; then every weight as an int16, stage by stage. A
// reader checks every header field against this build's shapes and the
// exact length, and names what differs.
std::string encode_weights(const PatternWeights& weights);
Result<PatternWeights> decode_weights(const std::string& bytes);

// The weights shipped in data/reversi/patterns.bin, read once (thread-safe).
// An unreadable or malformed file is an error naming the path and the fault.
Result<const PatternWeights*> shipped_weights();

}  // namespace meeple::reversi
