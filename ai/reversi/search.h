// The Reversi searcher: iterative-deepening negascout and an exact solver.
//
// Works on two bitboards relative to the mover (games/reversi/bitboard.h),
// so it needs nothing from the game contract; reversi_bot.cpp adapts it.
//
// Midgame (search.cpp): principal variation search (negascout; Reinefeld
// 1983) with iterative deepening, a transposition table (tt.h) keeping
// bounds and the best move, and move ordering: the table's move first, then
// by the static evaluation after the move (remaining depth >= 3) or by
// fewest opponent replies (shallow nodes). Leaves use eval.h.
//
// Endgame (endgame.cpp): when the position has at most
// SearchLimits::exact_empties empty squares the searcher solves it exactly
// (the final disc margin under perfect play). Nodes with many empties
// generate moves, probe a table, try a stability cutoff (stability.h) and
// order moves: the table's move (near the root, if the endgame table has
// none, the midgame pre-search's move), then fastest-first (fewest opponent
// replies, corners weighted, corner stability, parity as tie-breaker);
// nodes with few empties (<= 5) skip move
// generation and try the empty squares in parity order (odd regions first,
// then by a fixed square preference); the last 4, 3, 2, 1 empties have
// their own unrolled functions and the very last square only counts flips.
//
// Scores: exact results are disc margins with the empty squares of an early
// finish given to the winner (the World Othello Federation convention used
// by the FFO test positions). Under reversi.md empties go to nobody; the
// winner, and so win/draw/loss, is the same under both counts. Midgame
// scores are evaluation units (eval.h, ~100 per disc); a game found decided
// inside the midgame search scores ±(kDecided + 100 * margin).
//
// Determinism: with no time limit, the same Searcher state (table contents)
// and the same inputs give the same result. Ties between moves go to the
// move searched first: the table's move, then the better ordering value,
// then the lower square number. The clock is read only every 16384 nodes.
// The searcher is single-threaded and owns all its state.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "ai/reversi/eval.h"
#include "ai/reversi/probcut.h"
#include "ai/reversi/tt.h"
#include "games/reversi/bitboard.h"

namespace meeple::reversi {

inline constexpr int kPassMove = 64;
inline constexpr int kDecided = 10000;  // midgame score offset of a decided game

struct SearchLimits {
  int max_depth = 60;      // midgame depth limit (plies)
  double seconds = 0;      // 0 = no time limit
  int exact_empties = 20;  // solve exactly at or below this many empties
  uint64_t max_nodes = 0;  // 0 = no node limit
  // Multi-ProbCut in the midgame search (search.cpp), with the learned
  // evaluation only; off searches every move to full depth (for tests and
  // measurements).
  bool probcut = true;
};

struct SearchResult {
  int move = kPassMove;  // square 0..63 or 64 pass
  int score = 0;         // disc margin if exact, else evaluation units
  int depth = 0;         // completed midgame depth, or the empties if exact
  bool exact = false;
  uint64_t nodes = 0;
  double seconds = 0;
  std::vector<int> pv;  // squares (64 = pass), starting with `move`
};

class Searcher {
 public:
  // With `weights` the midgame search evaluates with those pattern tables
  // (patterns.h; they must outlive the searcher), without them with the
  // classic evaluation (eval.h). With `probcut` too (the spreads measured
  // with those tables, probcut.h; it must outlive the searcher) it prunes
  // by Multi-ProbCut where SearchLimits::probcut allows.
  explicit Searcher(size_t tt_megabytes = 64, const PatternWeights* weights = nullptr,
                    const ProbCutTable* probcut = nullptr);

  // Best move for the mover P against O. Iterates the midgame depth 1, 2, ...
  // up to limits.max_depth until the time or node budget runs out (at least
  // depth 1 always completes); with <= exact_empties empties it solves
  // exactly after a midgame pre-search for move ordering (to a small fixed
  // depth, or with a time limit iterating for up to 15% of it). With a time
  // or node budget the solve first proves only who wins, then the margin:
  // if the budget runs out during the margin, the proven result stands (a
  // winning or drawing move; a win or loss scored +-(kDecided + 100 * the
  // margin proven so far), exact = false); if it runs out before, the
  // pre-search's move is returned with exact = false. An iteration the
  // budget cuts short still counts if it proved a root move better than the
  // last iteration's best (searched first and in full): that move is played
  // with its score, at the last completed depth. on_iteration is called
  // after each completed iteration, after such a cut one, and after the
  // proof.
  // If P has no move the result is a pass (64) scored by the opponent's search.
  SearchResult search(Bitboard P, Bitboard O, const SearchLimits& limits,
                      const std::function<void(const SearchResult&)>& on_iteration = {});

  // Exact final disc margin for the mover, fail-soft within (alpha, beta):
  // a result <= alpha is an upper bound, >= beta a lower bound. No limits.
  // From 16 empties it first runs the short midgame pre-search (its nodes
  // count in nodes()) so that the solver finds moves to try first.
  int solve_exact(Bitboard P, Bitboard O, int alpha = -64, int beta = 64);

  // Nodes visited by the last search/solve_exact.
  uint64_t nodes() const { return nodes_; }
  // Forgets everything learnt (both tables).
  void clear();

 private:
  struct Move {
    int sq;
    int value;
    Bitboard flipped;
  };

  // Midgame (search.cpp).
  int pvs(Bitboard P, Bitboard O, int depth, int alpha, int beta);
  // Searches the root's moves in order. If the budget runs out, it returns
  // the best score among the `searched` moves it finished (best_move).
  int search_root(Bitboard P, Bitboard O, int depth, int alpha, int beta, Move* moves, int n,
                  int& best_move, int& searched);
  std::vector<int> principal_variation(Bitboard P, Bitboard O, int max_len, bool exact) const;

  // Midgame iterative deepening to a small depth from (P, O), before an
  // exact solve: it leaves moves in the midgame table for the solver.
  void presearch(Bitboard P, Bitboard O);

  // Endgame (endgame.cpp).
  int solve_root(Bitboard P, Bitboard O, int alpha, int beta, Move* moves, int n, int& best_move);
  int solve_deep(Bitboard P, Bitboard O, int alpha, int beta, int empties);
  int solve_shallow(Bitboard P, Bitboard O, int alpha, int beta, Bitboard E, int empties);
  int solve_4(Bitboard P, Bitboard O, int alpha, int beta, int x1, int x2, int x3, int x4);
  int solve_3(Bitboard P, Bitboard O, int alpha, int beta, int x1, int x2, int x3);
  int solve_2(Bitboard P, Bitboard O, int alpha, int beta, int x1, int x2);
  int solve_1(Bitboard P, Bitboard O, int x1);

  // Budget: true once the search must stop (checked every kCheckEvery nodes).
  bool out_of_budget() {
    if (nodes_ < next_check_) return stopped_;
    return check_budget();
  }
  bool check_budget();

  int eval(Bitboard P, Bitboard O) const { return evaluate(weights_, P, O); }

  TranspositionTable mid_tt_, end_tt_;
  const PatternWeights* weights_;
  // ProbCut's spreads belong to the tables they were measured with, so it
  // prunes only with both; the classic evaluation searches every move.
  const ProbCutTable* probcut_table_;
  bool probcut_ = false;
  uint64_t nodes_ = 0;
  uint64_t next_check_ = 0;
  uint64_t max_nodes_ = 0;
  double deadline_ = 0;  // steady-clock seconds; 0 = none
  bool can_stop_ = false;
  bool stopped_ = false;
};

// Disc margin for the mover at the end of the game (empties to the winner).
inline int final_score(Bitboard P, Bitboard O) {
  const int p = popcount(P), o = popcount(O), e = 64 - p - o;
  const int d = p - o;
  return d > 0 ? d + e : d < 0 ? d - e : 0;
}

}  // namespace meeple::reversi
