// End of game and scoring (goa.md §11): development, colonies by count,
// expedition symbols in hand (per symbol), most ducats (3 VP to every player
// tied for most), single-space plantations (1 VP, 3 with the Foreman; also
// discarded ones), activated Duty tiles, Mission tiles, other printed VP.
// Winner: most VP, then most ducats, then shared.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "games/goa/components.h"
#include "games/goa/progress.h"

namespace meeple::goa {

// What one player brings to the final count.
struct Tally {
  Development development;
  int colonies = 0;  // colonies owned
  // Per symbol (the first Components::symbols.size() count): cards with it
  // in hand. In place, not a vector: the heuristic tallies every seat at
  // every step it weighs.
  std::array<int, kMaxSymbols> symbols_in_hand{};
  int single_plantations = 0;  // on the board or discarded
  bool foreman = false;
  int activated_duties = 0;
  int printed_vp = 0;  // Mission tiles, kept bonanza tiles (their own values)
  int ducats = 0;
};

struct ScoreSheet {
  int development = 0, colonies = 0, expeditions = 0, most_ducats = 0, plantations = 0, duty = 0,
      printed = 0;
  int total() const {
    return development + colonies + expeditions + most_ducats + plantations + duty + printed;
  }
  bool operator==(const ScoreSheet&) const = default;
};

// Score sheets for every player (the most-ducats bonus needs them all).
std::vector<ScoreSheet> score(const Components& c, const std::vector<Tally>& players);
// The same into `out` (resized, its storage reused): the bots score every
// seat of every position they weigh.
void score(const Components& c, std::span<const Tally> players, std::vector<ScoreSheet>& out);
// Seats sharing victory: most VP, then most ducats (§11, ruling 23).
std::vector<int> winners(const std::vector<ScoreSheet>& sheets, const std::vector<Tally>& players);

}  // namespace meeple::goa
