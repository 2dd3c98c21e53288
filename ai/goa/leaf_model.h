// A learned leaf value for Goa's search with three or four players: each
// seat's chance to win a position, a softmax over the seats of a weighted
// sum of its worth terms (worth.h), one set of weights per player count and
// round. The weights are fitted by `meeple train goa` (leaf_training.h) from
// the engine's own games and shipped in data/goa/leaf_model.json, so a
// better fit is a data change (docs/bots.md, "A learned leaf value").
#pragma once

#include <array>
#include <string>
#include <vector>

#include "ai/goa/worth.h"
#include "core/status.h"

namespace meeple::goa {

inline constexpr int kLeafMinPlayers = 3, kLeafMaxPlayers = 4, kLeafRounds = 8;

struct LeafModel {
  // weights[players - kLeafMinPlayers][round - 1]: a seat's score is the
  // dot product with its terms; its chance, e^score over the seats' sum.
  std::array<std::array<WorthTerms, kLeafRounds>, kLeafMaxPlayers - kLeafMinPlayers + 1> weights{};
  std::string trained_by;  // the command that fitted it

  const WorthTerms& at(int players, int round) const;
};

// data/goa/leaf_model.json's text -> a model, every field checked.
Result<LeafModel> decode_leaf_model(const std::string& text);
std::string encode_leaf_model(const LeafModel& model);
// The shipped model, read once (thread-safe).
Result<const LeafModel*> shipped_leaf_model();

// Each seat's chance to win `s` (3 or 4 seats; a finished game: 1 for its
// winners, 0 for the rest). The seats' chances sum to 1 before the end.
std::vector<double> learned_leaf_values(const LeafModel& model, const GoaState& s);
// The same from terms already computed (training measures its fit with it).
void softmax_chances(const WorthTerms& w, const std::vector<WorthTerms>& terms,
                     std::vector<double>& out);

}  // namespace meeple::goa
