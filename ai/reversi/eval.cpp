#include "ai/reversi/eval.h"

#include <algorithm>
#include <array>

#include "ai/reversi/flip.h"
#include "ai/reversi/squares.h"
#include "ai/reversi/stability.h"

namespace meeple::reversi {

namespace {

// For each corner: the corner, its X-square and its two C-squares.
struct CornerZone {
  Bitboard corner, x, c;
};
constexpr std::array<CornerZone, 4> kZones = {{
    {square_bit(0), square_bit(9), square_bit(1) | square_bit(8)},      // a1: b2; b1 a2
    {square_bit(7), square_bit(14), square_bit(6) | square_bit(15)},    // h1: g2; g1 h2
    {square_bit(56), square_bit(49), square_bit(57) | square_bit(48)},  // a8: b7; b8 a7
    {square_bit(63), square_bit(54), square_bit(62) | square_bit(55)},  // h8: g7; g8 h7
}};

// Weights per feature at 60, 40, 20 and 0 empties (hand-tuned, see eval.h).
struct Weights {
  int mobility, potential_mobility, frontier, corners, x_squares, c_squares, edges, stable, discs,
      parity;
};
constexpr std::array<Weights, 4> kAnchors = {{
    // mob pot  front corner  X    C   edge stable discs parity
    {70, 25, -25, 400, -250, -60, 0, 40, -5, 0},    // 60 empties: opening
    {60, 20, -20, 380, -220, -50, 10, 60, 0, 0},    // 40 empties: midgame
    {45, 12, -12, 320, -150, -40, 10, 80, 10, 40},  // 20 empties: late midgame
    {20, 5, -5, 200, -40, -10, 10, 100, 60, 60},    // 0 empties
}};

constexpr int lerp(int a, int b, int num, int den) {
  return a + (b - a) * num / den;
}

}  // namespace

EvalFeatures eval_features(Bitboard P, Bitboard O) {
  EvalFeatures f;
  const Bitboard empty = ~(P | O);
  const Bitboard mp = legal_moves(P, O), mo = legal_moves(O, P);
  f.mobility = (popcount(mp) + popcount(mp & kCorners)) - (popcount(mo) + popcount(mo & kCorners));
  f.potential_mobility =
      popcount(fast::neighbours(O) & empty) - popcount(fast::neighbours(P) & empty);
  const Bitboard next_to_empty = fast::neighbours(empty);
  f.frontier = popcount(P & next_to_empty) - popcount(O & next_to_empty);
  f.corners = popcount(P & kCorners) - popcount(O & kCorners);
  for (const CornerZone& z : kZones) {
    if (!(empty & z.corner)) continue;  // taken corner: neighbours are harmless
    f.x_squares += popcount(P & z.x) - popcount(O & z.x);
    f.c_squares += popcount(P & z.c) - popcount(O & z.c);
  }
  f.edges = popcount(P & kEdges) - popcount(O & kEdges);
  const FullLines full = full_lines(P | O);
  f.stable = popcount(stable_discs(P, full)) - popcount(stable_discs(O, full));
  f.discs = popcount(P) - popcount(O);
  f.parity = (popcount(empty) & 1) ? 1 : -1;
  return f;
}

int classic_evaluate(Bitboard P, Bitboard O) {
  const EvalFeatures f = eval_features(P, O);
  // Interpolate the weights between the two anchors around this phase.
  const int empties = popcount(~(P | O));
  const int seg = std::min(2, (60 - std::min(60, empties)) / 20);  // 0, 1 or 2
  const int num = (60 - std::min(60, empties)) - 20 * seg;         // 0..20 into the segment
  const Weights& a = kAnchors[seg];
  const Weights& b = kAnchors[seg + 1];
  auto w = [&](int Weights::*m) { return lerp(a.*m, b.*m, num, 20); };
  const int score = w(&Weights::mobility) * f.mobility +
                    w(&Weights::potential_mobility) * f.potential_mobility +
                    w(&Weights::frontier) * f.frontier + w(&Weights::corners) * f.corners +
                    w(&Weights::x_squares) * f.x_squares + w(&Weights::c_squares) * f.c_squares +
                    w(&Weights::edges) * f.edges + w(&Weights::stable) * f.stable +
                    w(&Weights::discs) * f.discs + w(&Weights::parity) * f.parity;
  return std::clamp(score, -kEvalLimit, kEvalLimit);
}

int evaluate(const PatternWeights* weights, Bitboard P, Bitboard O) {
  if (weights == nullptr) return classic_evaluate(P, O);
  return std::clamp(pattern_value(*weights, P, O), -kEvalLimit, kEvalLimit);
}

}  // namespace meeple::reversi
