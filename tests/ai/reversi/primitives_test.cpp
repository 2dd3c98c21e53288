// The searcher's building blocks: fast flips match the rules' flips, stable
// discs really never flip, the evaluation is symmetric, the OBF loader is
// strict.
#include <gtest/gtest.h>

#include "ai/reversi/eval.h"
#include "ai/reversi/ffo.h"
#include "ai/reversi/flip.h"
#include "ai/reversi/stability.h"
#include "tests/ai/reversi/test_util.h"

namespace meeple::reversi {
namespace {

using testing::Pos;
using testing::random_position;

TEST(FastFlips, EqualTheRulesFlipsOnEveryEmptySquare) {
  Rng rng(1);
  for (int game = 0; game < 200; ++game) {
    const Pos p = random_position(rng, static_cast<int>(rng.below(60)));
    for (Bitboard e = ~(p.P | p.O); e; e &= e - 1) {
      const int sq = lowest_square(e);
      ASSERT_EQ(fast::flips(sq, p.P, p.O), flips(sq, p.P, p.O))
          << board_string(p.P, p.O) << " square " << square_name(sq);
    }
  }
}

TEST(Stability, CornersAndTheirEdgeRunsAreStable) {
  // X: a1 b1 c1 and a2; O: e1. c1 rests on b1 rests on a1 along rank 1.
  const Bitboard X = square_bit(0) | square_bit(1) | square_bit(2) | square_bit(8);
  const Bitboard O = square_bit(4);
  const Bitboard s = stable_discs(X, O);
  EXPECT_EQ(s, X);
  EXPECT_EQ(stable_discs(O, X), 0u);  // e1 can still be outflanked along rank 1
}

// Property: discs found stable keep their colour through random play.
TEST(Stability, StableDiscsNeverFlipInRandomPlay) {
  Rng rng(5);
  for (int game = 0; game < 300; ++game) {
    Pos p = random_position(rng, 4 + static_cast<int>(rng.below(40)));
    const Bitboard stable_p = stable_discs(p.P, p.O), stable_o = stable_discs(p.O, p.P);
    Bitboard mine = p.P, theirs = p.O;  // colour of the first mover, whatever the turn
    bool first_to_move = true;
    for (;;) {
      ASSERT_EQ(mine & stable_p, stable_p);
      ASSERT_EQ(theirs & stable_o, stable_o);
      Bitboard m = legal_moves(p.P, p.O);
      if (!m) {
        if (!legal_moves(p.O, p.P)) break;
        std::swap(p.P, p.O);
        first_to_move = !first_to_move;
        continue;
      }
      for (uint64_t k = rng.below(popcount(m)); k > 0; --k) m &= m - 1;
      const int sq = lowest_square(m);
      const Bitboard f = flips(sq, p.P, p.O);
      const Bitboard np = p.O ^ f;
      p.O = p.P ^ f ^ square_bit(sq);
      p.P = np;
      first_to_move = !first_to_move;
      mine = first_to_move ? p.P : p.O;
      theirs = first_to_move ? p.O : p.P;
    }
  }
}

TEST(Evaluation, IsAntisymmetricAndFeaturesCountCorners) {
  Rng rng(3);
  for (int i = 0; i < 200; ++i) {
    const Pos p = random_position(rng, static_cast<int>(rng.below(60)));
    const EvalFeatures a = eval_features(p.P, p.O), b = eval_features(p.O, p.P);
    EXPECT_EQ(a.mobility, -b.mobility);
    EXPECT_EQ(a.corners, -b.corners);
    EXPECT_EQ(a.stable, -b.stable);
    EXPECT_EQ(a.discs, -b.discs);
    EXPECT_LE(std::abs(classic_evaluate(p.P, p.O)), kEvalLimit);
  }
  // Holding a corner beats not holding it, all else equal in disc count.
  const Bitboard P = square_bit(0) | square_bit(27), O = square_bit(28) | square_bit(36);
  EXPECT_EQ(eval_features(P, O).corners, 1);
  EXPECT_GT(classic_evaluate(P, O), classic_evaluate(square_bit(18) | square_bit(27), O));
}

TEST(ObfLoader, ReadsTheThreeFilesInOrder) {
  const std::string dir = std::string(MEEPLE_SHARED_DIR) + "/data/reversi/";
  const auto a = load_obf(dir + "fforum-1-19.obf", 1);
  const auto b = load_obf(dir + "fforum-20-39.obf", 20);
  const auto c = load_obf(dir + "fforum-40-59.obf", 40);
  ASSERT_TRUE(a.is_ok()) << a.status().to_string();
  ASSERT_TRUE(b.is_ok()) << b.status().to_string();
  ASSERT_TRUE(c.is_ok()) << c.status().to_string();
  EXPECT_EQ(a->size(), 19u);
  EXPECT_EQ(b->size(), 20u);
  ASSERT_EQ(c->size(), 20u);
  // #1: G8 +18, Black to move.
  EXPECT_EQ(a->front().number, 1);
  EXPECT_TRUE(a->front().black_to_move);
  EXPECT_EQ(a->front().best_score, 18);
  EXPECT_EQ(square_name(a->front().moves.front().first), "g8");
  EXPECT_EQ(c->back().number, 59);
  EXPECT_EQ(c->front().number, 40);
  EXPECT_EQ(square_name(c->front().moves.front().first), "a2");
  EXPECT_EQ(c->front().best_score, 38);
  EXPECT_EQ(popcount(~(c->front().P | c->front().O)), 20);
}

TEST(ObfLoader, BadLinesNameTheLine) {
  const std::string good =
      "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;\n";
  EXPECT_TRUE(parse_obf(good, "t", 1).is_ok());
  const std::pair<std::string, std::string> bad[] = {
      {good + "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO- X; G8:+18;", ":2:"},
      {good + "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- Z; G8:+18;", ":2:"},
      {"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; Z9:+18;", ":1:"},
      {"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+x;", ":1:"},
      {"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8+18;", ":1:"},
      {"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X;", ":1:"},
      {"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; C1:+2;", ":1:"},
      {"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; H1:+2; G8:+4;", ":1:"},
      {"--XXXXX--OOOXX-O-OOOXQOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;", ":1:"},
      {"", "no positions"},
  };
  for (const auto& [text, where] : bad) {
    const auto r = parse_obf(text, "t", 1);
    ASSERT_FALSE(r.is_ok()) << text;
    EXPECT_NE(r.status().message().find(where), std::string::npos) << r.status().message();
  }
  EXPECT_EQ(load_obf("/nonexistent/x.obf", 1).status().code(), StatusCode::kNotFound);
}

}  // namespace
}  // namespace meeple::reversi
