// The Reversi bot: search.h's Searcher behind the Bot interface (ai/bot.h),
// evaluating with the learned pattern tables (patterns.h,
// data/reversi/patterns.bin; docs/reversi_eval.md).
//
// Level table (one thread; times measured on the project's 2-core machine):
//
//   level  midgame search        exact solve at   randomness
//   -----  --------------------  ---------------  -----------------------------
//     1    1 ply (static eval)   <= 4 empties     level 2, 30 % of moves random
//     2    1 ply (static eval)   <= 4 empties     large noise on move scores
//     3    2 plies               <= 8 empties     medium noise
//     4    3 plies               <= 10 empties    small noise
//     5    4 plies               <= 12 empties    none
//     6    5 plies               <= 14 empties    none
//     7    6 plies               <= 16 empties    none
//     8    iterative, 0.01 s     <= 18 empties    none
//     9    iterative, 0.06 s     <= 20 empties    none
//    10    iterative, 1.25 s     <= 22 empties    none
//
// Each level takes at least 65 % of 200 games from the one below
// (docs/bots.md); above 6 plies that costs about six times the time a
// move a level (twenty for the top one, where the search saturates: a top
// level given 3 s scored no better against level 9 than at 1.25 s), which
// is why only the top three are limited by time and 8 and 9 think little.
// Levels 1..7 are limited by depth, so they play the same moves for the same
// seed on any machine; 8..10 are limited by time and may vary with load
// (the exact solve is given the move's whole budget: it proves who wins
// first, then by how much; if it cannot prove who wins, the pre-search's
// move is played). limit_move_seconds (the arena's
// level:N@SECONDS) makes any level search by time, for time-matched
// comparisons with other programs. Noise (levels 1..4) comes from the
// bot's own Rng seeded by `seed`: each root move gets its searched score
// plus a uniform random bonus, and the best sum is played.
//
// If on_info is set, each completed iteration reports
// {"depth", "score", "exact", "pv" (square names), "nodes", "seconds"}.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ai/bot.h"

namespace meeple::reversi {

struct LevelSettings {
  int depth;            // midgame depth limit
  double seconds;       // 0 = none
  int exact_empties;    // solve exactly at or below
  int noise;            // maximum random bonus per root move (eval units); 0 = none
  size_t tt_megabytes;  // transposition table size
  double careless;      // share of moves played at random instead (ai/careless.h)
};

inline constexpr int kTopLevel = 10;

// The settings of `level` (1..kTopLevel; clamped).
LevelSettings level_settings(int level);

// What each level plays, levels 1..10 ("4 plies, exact at 12 empties").
std::vector<std::string> level_names();

// The bot for `game` (which must be Reversi) at `level` 1..10, evaluating
// with the learned pattern tables (patterns.h); an error when
// data/reversi/patterns.bin cannot be read.
Result<std::unique_ptr<Bot>> make_reversi_bot(const Game& game, int level, uint64_t seed);

}  // namespace meeple::reversi
