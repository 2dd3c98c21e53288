// The exact endgame solver of Searcher (see search.h for the overview).
//
// Layers, from the root down:
//   1. solve_root: principal variation search over the root moves in the
//      pre-search's order, remembering the best move.
//   2. solve_deep (more than kShallowEmpties empties): move generation,
//      stability cutoff, transposition table (from kTtEmpties up) with
//      enhanced transposition cutoffs (from kEtcEmpties up), fastest-first
//      ordering, null-window search with re-search.
//   3. solve_shallow (up to kShallowEmpties empties): no move generation; the
//      empty squares are tried directly (a square with no flips is not a
//      move), odd quadrants first (parity), then corners, edges, inner
//      squares, C- and X-squares.
//   4. solve_4 .. solve_1: unrolled; the last square only counts flips.
#include <algorithm>
#include <climits>

#include "ai/reversi/flip.h"
#include "ai/reversi/search.h"
#include "ai/reversi/squares.h"
#include "ai/reversi/stability.h"

namespace meeple::reversi {

namespace {

// Thresholds, tried on FFO #40-#44 (nodes, CPU seconds on a loaded 2-core
// machine): shallow <= 6, table >= 9, ETC >= 11: 344.3 M, 19.4 s;
// 5 / 8 / 10: 287.6 M, 18.3 s (kept); 4 / 7 / 10: 240.6 M, 19.7 s (fewer
// nodes, each dearer). Without ETC (6 / 9): 381.6 M.
constexpr int kShallowEmpties = 5;  // at or below: solve_shallow
constexpr int kTtEmpties = 8;       // at or above: use the transposition table
// Enhanced transposition cutoff (Plaat et al. 1996) from this many empties:
// a child whose table entry already refutes it ends the node before any
// search.
constexpr int kEtcEmpties = 10;
// From this many empties a node with no move in the endgame table takes
// the midgame table's move first. FFO #40-#44 nodes: 273.8 M without,
// 214.7 M from 14 (10 and 12: the same; deeper pre-searches to fill more
// of the table cost more than they saved: 260.0 M at depth empties/2-3).
constexpr int kMidMoveEmpties = 14;
// solve_exact runs the pre-search from this many empties. FFO #40-#44
// through solve_exact: 292.6 M nodes without, 218.0 M with.
constexpr int kPresearchEmpties = 16;
constexpr int kInf = 127;

constexpr Bitboard kInner = ~(kCorners | kXSquares | kCSquares | kASquares | kBSquares);
// Square preference for trying moves without an evaluation.
constexpr Bitboard kClasses[6] = {kCorners, kASquares, kBSquares, kInner, kCSquares, kXSquares};

constexpr Bitboard kQuadrants[4] = {0x000000000F0F0F0Full, 0x00000000F0F0F0F0ull,
                                    0x0F0F0F0F00000000ull, 0xF0F0F0F000000000ull};

// Union of the quadrants holding an odd number of empties: playing there
// first tends to leave the opponent the bad last move of each region.
inline Bitboard odd_regions(Bitboard E) {
  Bitboard odd = 0;
  for (Bitboard q : kQuadrants)
    if (popcount(E & q) & 1) odd |= q;
  return odd;
}

// Empty squares in solving order: odd regions first, then by preference.
inline int order_empties(Bitboard E, int* out) {
  const Bitboard odd = odd_regions(E);
  int n = 0;
  for (Bitboard set : {E & odd, E & ~odd})
    for (Bitboard cls : kClasses)
      for (Bitboard s = set & cls; s; s &= s - 1) out[n++] = lowest_square(s);
  return n;
}

// The mover's discs that can never flip for sure: owned corners and the
// edge squares next to an owned corner.
inline int corner_stability(Bitboard own) {
  const Bitboard c = own & kCorners;
  const Bitboard next = ((c & 0x0100000000000001ull) << 1) | ((c & 0x8000000000000080ull) >> 1) |
                        ((c & 0x0000000000000081ull) << 8) | ((c & 0x8100000000000000ull) >> 8);
  return popcount(c | (next & own));
}

// Bound on the best reachable score: the opponent keeps its stable discs.
// Computing stability costs, so only try when alpha is high enough that a
// cutoff is plausible (thresholds as a function of the empties).
inline int stability_threshold(int empties) {
  return empties < 10 ? 2 * empties - 2 : 2 * empties;
}

}  // namespace

// 4. The last empties.

int Searcher::solve_1(Bitboard P, Bitboard O, int x1) {
  ++nodes_;
  const int p = popcount(P);  // P and O together hold 63 discs
  if (const int f = popcount(fast::flips_if_adjacent(x1, P, O))) return 2 * (p + f) - 62;
  if (const int g = popcount(fast::flips_if_adjacent(x1, O, P))) return 2 * (p - g) - 64;
  const int d = 2 * p - 63;  // nobody can move: the empty goes to the winner
  return d > 0 ? d + 1 : d - 1;
}

int Searcher::solve_2(Bitboard P, Bitboard O, int alpha, int beta, int x1, int x2) {
  ++nodes_;
  int best = -kInf;
  if (const Bitboard f = fast::flips_if_adjacent(x1, P, O)) {
    best = -solve_1(O ^ f, P ^ f ^ square_bit(x1), x2);
    if (best >= beta) return best;
  }
  if (const Bitboard f = fast::flips_if_adjacent(x2, P, O)) {
    best = std::max(best, -solve_1(O ^ f, P ^ f ^ square_bit(x2), x1));
  }
  if (best != -kInf) return best;
  // P passes; O moves and minimises.
  best = kInf;
  if (const Bitboard f = fast::flips_if_adjacent(x1, O, P)) {
    best = solve_1(P ^ f, O ^ f ^ square_bit(x1), x2);
    if (best <= alpha) return best;
  }
  if (const Bitboard f = fast::flips_if_adjacent(x2, O, P)) {
    best = std::min(best, solve_1(P ^ f, O ^ f ^ square_bit(x2), x1));
  }
  return best != kInf ? best : final_score(P, O);
}

int Searcher::solve_3(Bitboard P, Bitboard O, int alpha, int beta, int x1, int x2, int x3) {
  ++nodes_;
  const int x[3] = {x1, x2, x3};
  static constexpr int kRest[3][2] = {{1, 2}, {0, 2}, {0, 1}};
  int best = -kInf;
  for (int i = 0; i < 3; ++i) {
    const Bitboard f = fast::flips_if_adjacent(x[i], P, O);
    if (!f) continue;
    const int s =
        -solve_2(O ^ f, P ^ f ^ square_bit(x[i]), -beta, -alpha, x[kRest[i][0]], x[kRest[i][1]]);
    if (s > best) {
      best = s;
      if (best >= beta) return best;
      alpha = std::max(alpha, best);
    }
  }
  if (best != -kInf) return best;
  best = kInf;
  for (int i = 0; i < 3; ++i) {
    const Bitboard f = fast::flips_if_adjacent(x[i], O, P);
    if (!f) continue;
    const int s =
        solve_2(P ^ f, O ^ f ^ square_bit(x[i]), alpha, beta, x[kRest[i][0]], x[kRest[i][1]]);
    if (s < best) {
      best = s;
      if (best <= alpha) return best;
      beta = std::min(beta, best);
    }
  }
  return best != kInf ? best : final_score(P, O);
}

int Searcher::solve_4(Bitboard P, Bitboard O, int alpha, int beta, int x1, int x2, int x3, int x4) {
  ++nodes_;
  const int x[4] = {x1, x2, x3, x4};
  // The other three squares, in their original order, for each choice.
  static constexpr int kRest[4][3] = {{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}};
  int best = -kInf;
  for (int i = 0; i < 4; ++i) {
    const Bitboard f = fast::flips_if_adjacent(x[i], P, O);
    if (!f) continue;
    const int s = -solve_3(O ^ f, P ^ f ^ square_bit(x[i]), -beta, -alpha, x[kRest[i][0]],
                           x[kRest[i][1]], x[kRest[i][2]]);
    if (s > best) {
      best = s;
      if (best >= beta) return best;
      alpha = std::max(alpha, best);
    }
  }
  if (best != -kInf) return best;
  best = kInf;
  for (int i = 0; i < 4; ++i) {
    const Bitboard f = fast::flips_if_adjacent(x[i], O, P);
    if (!f) continue;
    const int s = solve_3(P ^ f, O ^ f ^ square_bit(x[i]), alpha, beta, x[kRest[i][0]],
                          x[kRest[i][1]], x[kRest[i][2]]);
    if (s < best) {
      best = s;
      if (best <= alpha) return best;
      beta = std::min(beta, best);
    }
  }
  return best != kInf ? best : final_score(P, O);
}

// 3. Few empties: try squares directly.

int Searcher::solve_shallow(Bitboard P, Bitboard O, int alpha, int beta, Bitboard E, int empties) {
  if (empties <= 4) {
    int x[4];
    order_empties(E, x);
    switch (empties) {
      case 0:
        return final_score(P, O);
      case 1:
        return solve_1(P, O, x[0]);
      case 2:
        return solve_2(P, O, alpha, beta, x[0], x[1]);
      case 3:
        return solve_3(P, O, alpha, beta, x[0], x[1], x[2]);
      default:
        return solve_4(P, O, alpha, beta, x[0], x[1], x[2], x[3]);
    }
  }
  ++nodes_;
  const Bitboard odd = odd_regions(E);
  int best = -kInf;
  for (Bitboard set : {E & odd, E & ~odd}) {
    for (Bitboard cls : kClasses) {
      for (Bitboard s = set & cls; s; s &= s - 1) {
        const int sq = lowest_square(s);
        const Bitboard f = fast::flips_if_adjacent(sq, P, O);
        if (!f) continue;
        const Bitboard b = square_bit(sq);
        const int score = -solve_shallow(O ^ f, P ^ f ^ b, -beta, -alpha, E ^ b, empties - 1);
        if (score > best) {
          best = score;
          if (best >= beta) return best;
          alpha = std::max(alpha, best);
        }
      }
    }
  }
  if (best != -kInf) return best;
  if (!legal_moves(O, P)) return final_score(P, O);
  return -solve_shallow(O, P, -beta, -alpha, E, empties);
}

// 2. Many empties: generated, ordered moves, table and stability.

int Searcher::solve_deep(Bitboard P, Bitboard O, int alpha, int beta, int empties) {
  if (empties <= kShallowEmpties) return solve_shallow(P, O, alpha, beta, ~(P | O), empties);
  ++nodes_;
  if (out_of_budget()) return 0;

  // Step 1: no move — pass, or the game is over.
  const Bitboard moves = legal_moves(P, O);
  if (!moves) {
    if (!legal_moves(O, P)) return final_score(P, O);
    return -solve_deep(O, P, -beta, -alpha, empties);
  }

  // Step 2: stability cutoff — O's stable discs stay O's.
  if (alpha >= stability_threshold(empties)) {
    const int upper = 64 - 2 * popcount(stable_discs(O, P));
    if (upper <= alpha) return upper;
    beta = std::min(beta, upper);
  }

  // Step 3: transposition table.
  const bool use_tt = empties >= kTtEmpties;
  int tt_move = TranspositionTable::kNoMove;
  if (use_tt) {
    if (const TtEntry* e = end_tt_.probe(P, O)) {
      if (e->lower >= beta) return e->lower;
      if (e->upper <= alpha) return e->upper;
      if (e->lower == e->upper) return e->lower;
      alpha = std::max<int>(alpha, e->lower);
      beta = std::min<int>(beta, e->upper);
      tt_move = e->move;
    }
  }
  const int alpha0 = alpha;

  // Near the root the solve has no move of its own yet, but the midgame
  // pre-search (search.cpp) often left one in the midgame table.
  if (tt_move == TranspositionTable::kNoMove && empties >= kMidMoveEmpties) {
    if (const TtEntry* e = mid_tt_.probe(P, O)) tt_move = e->move;
  }

  // Step 4: order the moves, fastest first: fewest opponent replies
  // (corners count double), then our discs made safe at the corners (a
  // corner and the edge squares next to it), fewest squares next to our
  // discs, parity (odd regions first).
  Move list[32];
  int n = 0;
  const Bitboard E = ~(P | O);
  const Bitboard odd = odd_regions(E);
  for (Bitboard m = moves; m; m &= m - 1) {
    const int sq = lowest_square(m);
    const Bitboard b = square_bit(sq);
    const Bitboard f = fast::flips(sq, P, O);
    Move& mv = list[n++];
    mv.sq = sq;
    mv.flipped = f;
    const Bitboard np = P ^ f ^ b, no = O ^ f;
    // The child's bucket loads while the ordering values are computed; the
    // enhanced transposition cutoff below and the child's own probe read it.
    if (empties > kTtEmpties) end_tt_.prefetch(no, np);
    if (sq == tt_move) {
      mv.value = INT_MAX;
      continue;
    }
    const Bitboard replies = legal_moves(no, np);
    const int mob = popcount(replies) + popcount(replies & kCorners);
    const int pot = popcount(fast::neighbours(np) & E & ~b);
    // Tried on FFO #40-#42 (nodes): potential-mobility weight 2: 217.7 M,
    // 8: 255.6 M, 20: 247.8 M; adding -eval/2 from 14 empties: 246.8 M.
    // Corner stability weight 4 (FFO #40-#44): 287.6 M -> 273.8 M; 8: about
    // the same as 4.
    mv.value = -(mob << 6) - pot * 2 + ((odd & b) ? 3 : 0) + ((kCorners & b) ? 8 : 0) +
               4 * corner_stability(np);
  }

  // Enhanced transposition cutoff: a child whose table entry already
  // refutes it ends the node before any search (the same children in the
  // same order as a check inside the loop above, only later, so that their
  // loads overlap).
  if (empties >= kEtcEmpties) {
    for (int i = 0; i < n; ++i) {
      if (list[i].sq == tt_move) continue;
      const Bitboard b = square_bit(list[i].sq);
      if (const TtEntry* c = end_tt_.probe(O ^ list[i].flipped, P ^ list[i].flipped ^ b)) {
        if (-c->upper >= beta) return -c->upper;
      }
    }
  }

  // Step 5: principal variation search.
  int best = -kInf, best_move = TranspositionTable::kNoMove;
  for (int i = 0; i < n; ++i) {
    int k = i;
    for (int j = i + 1; j < n; ++j)
      if (list[j].value > list[k].value) k = j;
    std::swap(list[i], list[k]);
    const Move& mv = list[i];
    const Bitboard b = square_bit(mv.sq);
    const Bitboard np = O ^ mv.flipped, no = P ^ mv.flipped ^ b;
    int score;
    if (i == 0) {
      score = -solve_deep(np, no, -beta, -alpha, empties - 1);
    } else {
      score = -solve_deep(np, no, -alpha - 1, -alpha, empties - 1);
      if (score > alpha && score < beta) score = -solve_deep(np, no, -beta, -alpha, empties - 1);
    }
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      best_move = mv.sq;
      if (best >= beta) break;
      alpha = std::max(alpha, best);
    }
  }
  if (use_tt) end_tt_.store(P, O, empties, alpha0, beta, best, best_move);
  return best;
}

// 1. The root: like solve_deep over a given move order, keeping the move.

int Searcher::solve_root(Bitboard P, Bitboard O, int alpha, int beta, Move* list, int n,
                         int& best_move) {
  const int empties = popcount(~(P | O));
  const int alpha0 = alpha;
  int best = -kInf;
  best_move = list[0].sq;
  for (int i = 0; i < n; ++i) {
    const Move& mv = list[i];
    const Bitboard b = square_bit(mv.sq);
    const Bitboard np = O ^ mv.flipped, no = P ^ mv.flipped ^ b;
    int score;
    if (i == 0) {
      score = -solve_deep(np, no, -beta, -alpha, empties - 1);
    } else {
      score = -solve_deep(np, no, -alpha - 1, -alpha, empties - 1);
      if (score > alpha && score < beta) score = -solve_deep(np, no, -beta, -alpha, empties - 1);
    }
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      best_move = mv.sq;
      if (best >= beta) break;
      alpha = std::max(alpha, best);
    }
  }
  if (empties >= kTtEmpties) end_tt_.store(P, O, empties, alpha0, beta, best, best_move);
  return best;
}

int Searcher::solve_exact(Bitboard P, Bitboard O, int alpha, int beta) {
  nodes_ = 0;
  next_check_ = UINT64_MAX;
  max_nodes_ = 0;
  deadline_ = 0;
  stopped_ = false;
  probcut_ = weights_ != nullptr;  // in the pre-search: it orders, the solve decides
  end_tt_.new_search();
  // As search() does before its solve: a short midgame pre-search leaves
  // moves for the nodes near the root (kMidMoveEmpties).
  const int empties = popcount(~(P | O));
  if (empties >= kPresearchEmpties) {
    mid_tt_.new_search();
    presearch(P, O);
  }
  return solve_deep(P, O, alpha, beta, empties);
}

}  // namespace meeple::reversi
