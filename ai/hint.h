// Hints: the move a level would play for the seat to move, and an estimate
// of that seat's chance to win after it. Used by `meeple play` (`hint`) and
// the server's POST /api/tables/ID/hint, so both say the same thing.
//
// The chance comes from the bot's own search when it has one (Reversi's
// alpha-beta score, ISMCTS's root value: Bot::win_chance); otherwise from
// playouts: the hinted action is played in determinizations of what the seat
// knows (so a hint never leaks a hidden card), and each is played to the end
// by every seat's heuristic bot (ai/bot.h: heuristic_level), each deciding from its own information
// in that world. A seat "wins" a playout when its return is the highest (shared with teammates); a
// game where every return is equal counts 1/seats; a playout cut off at the game's practical length
// counts as such a draw.
#pragma once

#include <optional>
#include <string>

#include "ai/bot.h"

namespace meeple {

struct HintOptions {
  int playouts = 32;       // most playouts when the bot gives no estimate
  double max_seconds = 2;  // stop playing out after this long (at least 4 run)
};

struct Hint {
  Action action = kInvalidAction;
  std::string bot;           // the bot's name, e.g. "reversi-alphabeta-6"
  double win_chance = 0.5;   // 0..1 for the deciding seat, a draw counting half
  std::string estimated_by;  // "search" or "playouts"
  int playouts = 0;          // playouts run (0 when the search estimated)
};

// The hint for the seat to move in `state` (a decision node of `game`) at
// bot level `level`; the seed makes it reproducible when the time limit is
// not reached. Error if the level is out of range.
Result<Hint> make_hint(const Game& game, const State& state, int level, uint64_t seed,
                       const HintOptions& options = {});

// The hint's estimate in words, for the terminal: "about 62% to win
// (level 6 searched)" or "(level 2, 32 playouts)".
std::string describe_hint(const Hint& hint, int level);

// The playout estimate alone: the seat to move's chance to win after it
// plays `action`.
struct PlayoutEstimate {
  double win_chance = 0.5;
  int playouts = 0;
};
PlayoutEstimate estimate_by_playouts(const Game& game, const Decision& d, Action action,
                                     uint64_t seed, const HintOptions& options = {});

// One finished game's share of a win for `seat` by the rule above.
double win_share(const std::vector<double>& returns, Seat seat);

}  // namespace meeple
