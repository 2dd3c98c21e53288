// Multi-ProbCut's table (search.cpp): which shallow search stands in for a
// deep one, and how far their scores spread. The spreads belong to the
// evaluation they were measured with, so they are data beside the learned
// tables (data/reversi/probcut.json), written by `meeple train reversi
// --probcut-spreads N --out FILE`, not constants in the search: new tables
// mean a new measurement, not a code change.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/status.h"

namespace meeple::reversi {

// Over `positions` positions, the mean and root mean square of the depth-d
// score minus the depth-s score, in evaluation units (100 a disc).
struct ProbCutSpread {
  int depth = 0, shallow = 0;
  int positions = 0;
  double mean = 0, rms = 0;
  bool operator==(const ProbCutSpread&) const = default;
};

// The shallow depth that predicts a depth-d search: about d/2, of d's
// parity (with the learned evaluation, depths of different parity
// disagree by 6 to 11 discs; docs/reversi_eval.md).
int probcut_shallow_depth(int depth);

class ProbCutTable {
 public:
  // Depths beyond this prune with this depth's spread.
  static constexpr int kMaxDepth = 64;

  explicit ProbCutTable(std::vector<ProbCutSpread> pairs);

  // The spread of a depth-d search against probcut_shallow_depth(d): the
  // measured pair's, or, deeper than measured, that of the deepest measured
  // pair with the same gap (the spread shrinks as both searches deepen, so
  // this errs on the safe side). 0 when nothing was measured for it: no cut.
  int sigma(int depth) const {
    return sigma_[static_cast<size_t>(depth < kMaxDepth ? depth : kMaxDepth)];
  }
  const std::vector<ProbCutSpread>& pairs() const { return pairs_; }

 private:
  std::vector<ProbCutSpread> pairs_;
  std::array<int, kMaxDepth + 1> sigma_{};
};

// The file: {"format": "meeple reversi probcut", "version": 1,
// "measured_by": "<the command>", "pairs": [{"depth", "shallow",
// "positions", "mean", "rms"}, ...]}, integers (evaluation units, rounded).
// A reader refuses anything else, naming the field and what it expected.
std::string encode_probcut(const std::vector<ProbCutSpread>& pairs, const std::string& measured_by);
Result<ProbCutTable> decode_probcut(const std::string& text);

// The table shipped in data/reversi/probcut.json, read once (thread-safe).
// An unreadable or malformed file is an error naming the path and the fault.
Result<const ProbCutTable*> shipped_probcut();

}  // namespace meeple::reversi
