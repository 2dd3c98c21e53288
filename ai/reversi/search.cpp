// The midgame search of Searcher and the search() driver (see search.h).
#include "ai/reversi/search.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdlib>

#include "ai/reversi/eval.h"
#include "ai/reversi/flip.h"
#include "ai/reversi/squares.h"

namespace meeple::reversi {

namespace {

constexpr uint64_t kCheckEvery = 16384;  // nodes between clock readings
constexpr int kInfinity = 32000;
// ProbCut's confidence (standard deviations) and the shallowest node it
// tries at.
constexpr double kProbCutT = 1.5;
constexpr int kProbCutMinDepth = 3;

double now_seconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

// A finished game inside the midgame search: beyond any evaluation.
int decided_score(Bitboard P, Bitboard O) {
  const int s = final_score(P, O);
  return s > 0 ? kDecided + 100 * s : s < 0 ? -kDecided + 100 * s : 0;
}

// Cheap ordering value of the move to `sq` (flipping `f`): fewest opponent
// replies first, corners up, X-squares down.
int quick_value(Bitboard P, Bitboard O, int sq, Bitboard f) {
  const Bitboard b = square_bit(sq);
  const Bitboard replies = legal_moves(O ^ f, P ^ f ^ b);
  int v = -(popcount(replies) + popcount(replies & kCorners)) * 64;
  if (b & kCorners) v += 256;
  if (b & kXSquares) v -= 128;
  return v;
}

// Children depth for the pre-search before an exact solve: enough to order
// the root moves, small next to the solve itself.
int presearch_depth(int empties) {
  return std::clamp(empties / 2 - 4, 1, 10);
}

}  // namespace

Searcher::Searcher(size_t tt_megabytes, const PatternWeights* weights, const ProbCutTable* probcut)
    : mid_tt_(tt_megabytes * 1024 * 1024 / 2),
      end_tt_(tt_megabytes * 1024 * 1024 / 2),
      weights_(weights),
      probcut_table_(probcut) {}

void Searcher::clear() {
  mid_tt_.clear();
  end_tt_.clear();
}

bool Searcher::check_budget() {
  next_check_ = nodes_ + kCheckEvery;
  if (max_nodes_ != 0) next_check_ = std::min(next_check_, std::max(max_nodes_, nodes_ + 1));
  if (!can_stop_) return false;
  if (max_nodes_ != 0 && nodes_ >= max_nodes_) stopped_ = true;
  if (deadline_ > 0 && now_seconds() >= deadline_) stopped_ = true;
  return stopped_;
}

int Searcher::pvs(Bitboard P, Bitboard O, int depth, int alpha, int beta) {
  ++nodes_;
  if (out_of_budget()) return 0;

  // Step 1: leaves and the end of the game.
  if (!~(P | O)) return decided_score(P, O);
  if (depth <= 0) return eval(P, O);
  const Bitboard moves = legal_moves(P, O);
  if (!moves) {
    if (!legal_moves(O, P)) return decided_score(P, O);
    return -pvs(O, P, depth, -beta, -alpha);  // a forced pass costs no depth
  }

  // Step 2: transposition table.
  int tt_move = TranspositionTable::kNoMove;
  if (const TtEntry* e = mid_tt_.probe(P, O)) {
    if (e->depth >= depth) {
      if (e->lower >= beta) return e->lower;
      if (e->upper <= alpha) return e->upper;
      if (e->lower == e->upper) return e->lower;
    }
    tt_move = e->move;
  }
  const int alpha0 = alpha;

  // Step 3: ProbCut, at null-window nodes of the learned evaluation: when
  // the shallow score clears beta (or falls short of alpha) by kProbCutT
  // standard deviations, the deep search would almost surely do the same.
  // A depth the table has no spread for (0) is searched in full.
  if (probcut_ && beta - alpha == 1 && depth >= kProbCutMinDepth && std::abs(beta) < kEvalLimit &&
      probcut_table_->sigma(depth) > 0) {
    const int shallow = probcut_shallow_depth(depth);
    const int margin = static_cast<int>(kProbCutT * probcut_table_->sigma(depth));
    const int high = beta + margin;
    if (high < kEvalLimit && pvs(P, O, shallow, high - 1, high) >= high) return beta;
    const int low = alpha - margin;
    if (low > -kEvalLimit && pvs(P, O, shallow, low, low + 1) <= low) return alpha;
    if (stopped_) return 0;
  }

  // Step 4: order the moves.
  Move list[64];
  int n = 0;
  for (Bitboard m = moves; m; m &= m - 1) {
    const int sq = lowest_square(m);
    const Bitboard f = fast::flips(sq, P, O);
    Move& mv = list[n++];
    mv.sq = sq;
    mv.flipped = f;
    if (sq == tt_move)
      mv.value = INT_MAX;
    else if (depth >= 3)
      mv.value = -eval(O ^ f, P ^ f ^ square_bit(sq));
    else
      mv.value = quick_value(P, O, sq, f);
  }

  // Step 5: principal variation search.
  int best = -kInfinity, best_move = TranspositionTable::kNoMove;
  for (int i = 0; i < n; ++i) {
    int k = i;
    for (int j = i + 1; j < n; ++j)
      if (list[j].value > list[k].value) k = j;
    std::swap(list[i], list[k]);
    const Move& mv = list[i];
    const Bitboard np = O ^ mv.flipped, no = P ^ mv.flipped ^ square_bit(mv.sq);
    int score;
    if (i == 0) {
      score = -pvs(np, no, depth - 1, -beta, -alpha);
    } else {
      score = -pvs(np, no, depth - 1, -alpha - 1, -alpha);
      if (score > alpha && score < beta) score = -pvs(np, no, depth - 1, -beta, -alpha);
    }
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      best_move = mv.sq;
      if (best >= beta) break;
      alpha = std::max(alpha, best);
    }
  }
  mid_tt_.store(P, O, depth, alpha0, beta, best, best_move);
  return best;
}

void Searcher::presearch(Bitboard P, Bitboard O) {
  const int depth = presearch_depth(popcount(~(P | O)));
  for (int d = 1; d <= depth && !stopped_; ++d) pvs(P, O, d, -kInfinity, kInfinity);
}

int Searcher::search_root(Bitboard P, Bitboard O, int depth, int alpha, int beta, Move* list, int n,
                          int& best_move, int& searched) {
  const int alpha0 = alpha;
  int best = -kInfinity;
  best_move = list[0].sq;
  searched = 0;
  for (int i = 0; i < n; ++i) {
    Move& mv = list[i];
    const Bitboard np = O ^ mv.flipped, no = P ^ mv.flipped ^ square_bit(mv.sq);
    int score;
    if (i == 0) {
      score = -pvs(np, no, depth - 1, -beta, -alpha);
    } else {
      score = -pvs(np, no, depth - 1, -alpha - 1, -alpha);
      if (score > alpha && score < beta) score = -pvs(np, no, depth - 1, -beta, -alpha);
    }
    if (stopped_) return best;
    ++searched;
    mv.value = score;  // next iteration's order (a bound for refuted moves)
    if (score > best) {
      best = score;
      best_move = mv.sq;
      alpha = std::max(alpha, best);
    }
  }
  mid_tt_.store(P, O, depth, alpha0, beta, best, best_move);
  return best;
}

std::vector<int> Searcher::principal_variation(Bitboard P, Bitboard O, int max_len,
                                               bool exact) const {
  const TranspositionTable& tt = exact ? end_tt_ : mid_tt_;
  std::vector<int> pv;
  while (static_cast<int>(pv.size()) < max_len) {
    const Bitboard moves = legal_moves(P, O);
    if (!moves) {
      if (!legal_moves(O, P)) break;
      pv.push_back(kPassMove);
      std::swap(P, O);
      continue;
    }
    const TtEntry* e = tt.probe(P, O);
    if (!e || e->move == TranspositionTable::kNoMove || !(moves & square_bit(e->move))) break;
    const int sq = e->move;
    pv.push_back(sq);
    const Bitboard f = fast::flips(sq, P, O);
    const Bitboard np = O ^ f;
    O = P ^ f ^ square_bit(sq);
    P = np;
  }
  return pv;
}

SearchResult Searcher::search(Bitboard P, Bitboard O, const SearchLimits& limits,
                              const std::function<void(const SearchResult&)>& on_iteration) {
  const double start = now_seconds();
  SearchResult result;

  // Step 1: no move for the mover — a pass (scored by the opponent's search)
  // or the end of the game.
  const Bitboard moves = legal_moves(P, O);
  if (!moves) {
    result.move = kPassMove;
    if (!legal_moves(O, P)) {
      nodes_ = 0;
      result.score = final_score(P, O);
      result.exact = true;
      return result;
    }
    result = search(O, P, limits);
    result.move = kPassMove;
    result.score = -result.score;
    result.pv.insert(result.pv.begin(), kPassMove);
    result.seconds = now_seconds() - start;
    if (on_iteration) on_iteration(result);
    return result;
  }

  // Step 2: budgets and fresh table generations.
  probcut_ = weights_ != nullptr && probcut_table_ != nullptr && limits.probcut;
  nodes_ = 0;
  stopped_ = false;
  can_stop_ = false;
  max_nodes_ = limits.max_nodes;
  deadline_ = limits.seconds > 0 ? start + limits.seconds : 0;
  next_check_ = 0;
  mid_tt_.new_search();
  end_tt_.new_search();

  // Step 3: root moves in square order, then by the quick ordering value
  // (stable sort: ties keep the lower square first).
  Move list[64];
  int n = 0;
  for (Bitboard m = moves; m; m &= m - 1) {
    const int sq = lowest_square(m);
    const Bitboard f = fast::flips(sq, P, O);
    list[n++] = Move{sq, quick_value(P, O, sq, f), f};
  }
  std::stable_sort(list, list + n, [](const Move& a, const Move& b) { return a.value > b.value; });

  // Step 4: iterative deepening (a short pre-search when solving exactly).
  const int empties = popcount(~(P | O));
  const bool exact_phase = empties <= limits.exact_empties;
  // With a clock, the pre-search deepens for up to kPresearchShare of the
  // budget, so that a solve cut short still leaves a well-searched move.
  constexpr double kPresearchShare = 0.15;
  const bool timed = deadline_ > 0;
  const int max_depth =
      std::clamp(exact_phase && !timed ? std::min(limits.max_depth, presearch_depth(empties))
                                       : limits.max_depth,
                 1, empties);
  auto finish = [&](SearchResult& r) {
    r.nodes = nodes_;
    r.seconds = now_seconds() - start;
  };
  // An iteration that overruns is cut at half the budget, and the solve
  // still gets the rest.
  if (timed && exact_phase) deadline_ = start + 0.5 * limits.seconds;
  // The root list keeps each move's flips, so the PV starts from them.
  auto take_pv = [&](int best_move, int depth) {
    const Move& m = *std::find_if(list, list + n, [&](const Move& x) { return x.sq == best_move; });
    result.pv = {best_move};
    const auto rest =
        principal_variation(O ^ m.flipped, P ^ m.flipped ^ square_bit(best_move), depth - 1, false);
    result.pv.insert(result.pv.end(), rest.begin(), rest.end());
  };
  for (int depth = 1; depth <= max_depth; ++depth) {
    can_stop_ = depth > 1;
    int best_move = list[0].sq, searched = 0;
    const int score = search_root(P, O, depth, -kInfinity, kInfinity, list, n, best_move, searched);
    if (stopped_) {
      // An iteration cut short still counts where it has proven a move
      // better than the last iteration's best: that move was searched first
      // and in full, and a later one beat it in a full re-search at the new
      // depth, so the new depth's verdict is the better one.
      if (searched >= 2 && best_move != list[0].sq) {
        result.move = best_move;
        result.score = score;
        take_pv(best_move, depth);
        finish(result);
        if (on_iteration) on_iteration(result);
      }
      break;
    }
    // Best move first, the rest by this iteration's scores.
    std::stable_sort(list, list + n, [&](const Move& a, const Move& b) {
      if ((a.sq == best_move) != (b.sq == best_move)) return a.sq == best_move;
      return a.value > b.value;
    });
    result.move = best_move;
    result.score = score;
    result.depth = depth;
    result.exact = false;
    take_pv(best_move, depth);
    finish(result);
    if (on_iteration) on_iteration(result);
    // The next iteration costs several times this one: don't start what
    // cannot finish.
    const double used = now_seconds() - start;
    if (timed && !exact_phase && used > 0.45 * limits.seconds) break;
    if (timed && exact_phase && used > kPresearchShare * limits.seconds) break;
  }

  // Step 5: the exact solve. With a budget, first only who wins (a null
  // window around the draw: about five times cheaper than the margin at 18
  // empties), then in the time left by how much. A solve cut short then
  // still leaves a proven result, where one pass for the margin would leave
  // only the pre-search's move (at 0.12 s a move the 18-empty solve ran
  // out about once a game).
  const bool budgeted = timed || max_nodes_ != 0;
  if (timed && exact_phase) {
    deadline_ = start + limits.seconds;
    if (!(max_nodes_ != 0 && nodes_ >= max_nodes_)) stopped_ = false;
  }
  int alpha = -64, beta = 64;
  if (exact_phase && !stopped_ && budgeted) {
    can_stop_ = true;
    int wld_move = list[0].sq;
    const int wld = solve_root(P, O, -1, 1, list, n, wld_move);
    if (!stopped_) {
      // A won or drawn root names a move that achieves it; a lost one
      // names none better than another, so the pre-search's move stays.
      if (wld >= 0) result.move = wld_move;
      result.score = wld == 0 ? 0 : wld > 0 ? kDecided + 100 * wld : -kDecided + 100 * wld;
      result.exact = wld == 0;
      result.depth = empties;
      result.pv = {result.move};
      finish(result);
      if (on_iteration) on_iteration(result);
      if (wld == 0) return result;
      // The margin's solve: the proven side of zero, the winning move first.
      if (wld > 0) {
        alpha = 0;
        std::stable_sort(list, list + n, [&](const Move& a, const Move& b) {
          return a.sq == wld_move && b.sq != wld_move;
        });
      } else {
        beta = 0;
      }
    }
  }
  if (exact_phase && !stopped_) {
    can_stop_ = true;
    int best_move = list[0].sq;
    const int score = solve_root(P, O, alpha, beta, list, n, best_move);
    // Every score is on the side of zero the first pass proved, so within
    // (alpha, beta): exact.
    if (!stopped_) {
      result.move = best_move;
      result.score = score;
      result.depth = empties;
      result.exact = true;
      const Bitboard f = fast::flips(best_move, P, O);
      result.pv = {best_move};
      const auto rest =
          principal_variation(O ^ f, P ^ f ^ square_bit(best_move), empties - 1, true);
      result.pv.insert(result.pv.end(), rest.begin(), rest.end());
      finish(result);
      if (on_iteration) on_iteration(result);
    }
  }
  finish(result);
  return result;
}

}  // namespace meeple::reversi
