// The learned pattern evaluation: its windows, the weights file (what it
// refuses and why), the shipped weights, self-play labels and the fit.
#include "ai/reversi/patterns.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "ai/reversi/eval.h"
#include "ai/reversi/search.h"
#include "ai/reversi/training.h"
#include "tests/ai/reversi/test_util.h"

namespace meeple::reversi {
namespace {

TEST(PatternShapes, EveryShapeAppearsUnderTheBoardsSymmetries) {
  const std::map<std::string, int> expected = {{"row2", 4},      {"row3", 4},      {"row4", 4},
                                               {"diagonal8", 2}, {"diagonal7", 4}, {"diagonal6", 4},
                                               {"diagonal5", 4}, {"diagonal4", 4}, {"edge+2x", 4},
                                               {"corner3x3", 4}, {"corner2x5", 8}};
  std::map<std::string, int> seen;
  std::set<std::vector<int>> distinct;
  for (const PatternInstance& in : pattern_instances()) {
    const PatternShape& shape = pattern_shapes()[static_cast<size_t>(in.shape)];
    ASSERT_EQ(static_cast<int>(in.squares.size()), shape.size) << shape.name;
    std::set<int> squares(in.squares.begin(), in.squares.end());
    EXPECT_EQ(squares.size(), in.squares.size()) << shape.name << ": a square twice";
    for (int sq : in.squares) EXPECT_TRUE(sq >= 0 && sq < 64);
    EXPECT_TRUE(distinct.insert({squares.begin(), squares.end()}).second)
        << shape.name << ": the same window twice";
    ++seen[shape.name];
  }
  EXPECT_EQ(seen, expected);
}

TEST(PatternShapes, IndexIsTheWindowInBaseThreeFromTheMoversSide) {
  // The fourth row a4..h4 at the start: d4 white, e4 black. Black to move:
  // d4 is the opponent's (2), e4 the mover's (1); white to move, swapped.
  int row4 = -1;
  for (int i = 0; i < kNumInstances; ++i)
    if (pattern_instances()[static_cast<size_t>(i)].squares ==
        std::vector<int>{24, 25, 26, 27, 28, 29, 30, 31})
      row4 = i;
  ASSERT_GE(row4, 0);
  FeatureIndex black, white;
  feature_slots(kStartBlack, kStartWhite, black);
  feature_slots(kStartWhite, kStartBlack, white);
  const int base = black.slot[static_cast<size_t>(row4)] - (2 * 81 + 1 * 27);
  EXPECT_EQ(white.slot[static_cast<size_t>(row4)] - base, 1 * 81 + 2 * 27);
  // Both sides have 4 moves at the start.
  EXPECT_EQ(black.slot[kNumInstances + 1] - black.slot[kNumInstances], kMaxMobility + 1);
}

TEST(PatternShapes, WholeBoardIndexEqualsTheSquareBySquareDefinition) {
  // feature_slots reads the windows with PEXT where the CPU has BMI2; it
  // must give the definition's slots on played positions and on arbitrary
  // disc patterns (every corner of the pull-back by symmetry).
  Rng rng(20261128);
  for (int i = 0; i < 4000; ++i) {
    Bitboard P, O;
    if (i % 2 == 0) {
      const testing::Pos pos = testing::random_position(rng, static_cast<int>(rng.below(61)));
      P = pos.P, O = pos.O;
    } else {
      P = rng.next();
      O = rng.next() & ~P;
    }
    FeatureIndex fast, reference;
    feature_slots(P, O, fast);
    feature_slots_by_square(P, O, reference);
    ASSERT_EQ(fast.slot, reference.slot) << "P=" << P << " O=" << O;
  }
}

TEST(PatternWeightsFile, RoundTripsAndCompressesUnusedWeights) {
  PatternWeights w = zero_weights();
  w.stage(3)[7] = 12;
  w.stage(15)[stage_weight_count() - 1] = -32767;
  w.stage(0)[0] = 1;
  const std::string bytes = encode_weights(w);
  EXPECT_LT(bytes.size(), 1000u);  // zero runs, not millions of zeros
  Result<PatternWeights> back = decode_weights(bytes);
  ASSERT_TRUE(back) << back.status().message();
  EXPECT_EQ(back->w, w.w);
}

TEST(PatternWeightsFile, RefusesAMalformedFileAndSaysWhy) {
  const std::string good = encode_weights(zero_weights());
  auto error = [](const std::string& bytes) {
    Result<PatternWeights> w = decode_weights(bytes);
    return w ? std::string("accepted") : w.status().message();
  };
  EXPECT_NE(error("").find("MPATTERN"), std::string::npos);
  EXPECT_NE(error("MPATTERN").find("cut short"), std::string::npos);
  std::string v = good;
  v[8] = 2;  // version 2
  EXPECT_NE(error(v).find("version 2, expected 1"), std::string::npos);
  std::string stages = good;
  stages[12] = 3;
  EXPECT_NE(error(stages).find("3 stages"), std::string::npos);
  EXPECT_NE(error(good.substr(0, good.size() - 2)).find("cut short"), std::string::npos);
  EXPECT_NE(error(good.substr(0, good.size() - 4)).find("ends after"), std::string::npos);
  EXPECT_NE(error(good + "xx").find("2 bytes after"), std::string::npos);
  // A zero run longer than the weights left.
  std::string run = good;
  run[run.size() - 2] = static_cast<char>(0xFF);
  run[run.size() - 1] = static_cast<char>(0xFF);
  EXPECT_NE(error(run).find("a zero run of"), std::string::npos);
}

TEST(PatternWeightsFile, TheShippedWeightsPredictExactResultsBetterThanTheClassicEvaluation) {
  Result<const PatternWeights*> w = shipped_weights();
  ASSERT_TRUE(w) << w.status().message();
  // Positions of 12 empties from random play, solved exactly: the learned
  // evaluation's error in discs against the classic one's (about 100 units
  // a disc both).
  Rng rng(5);
  Searcher searcher(8);
  double learned = 0, classic = 0;
  int n = 0;
  for (int i = 0; i < 200; ++i) {
    const testing::Pos p = testing::random_position(rng, 12);
    if (!legal_moves(p.P, p.O) || popcount(~(p.P | p.O)) != 12) continue;
    const int exact = searcher.solve_exact(p.P, p.O);
    learned += std::abs(evaluate(*w, p.P, p.O) / 100.0 - exact);
    classic += std::abs(classic_evaluate(p.P, p.O) / 100.0 - exact);
    ++n;
  }
  ASSERT_GT(n, 100);
  EXPECT_LT(learned / n, 0.8 * classic / n)
      << "learned " << learned / n << ", classic " << classic / n;
}

TEST(ProbCut, PrunesTheLearnedSearchAndLeavesExactSolvesExact) {
  Result<const PatternWeights*> w = shipped_weights();
  ASSERT_TRUE(w) << w.status().message();
  Result<const ProbCutTable*> table = shipped_probcut();
  ASSERT_TRUE(table) << table.status().message();
  // Depth 8 from midgame positions: ProbCut visits fewer nodes and still
  // answers a legal move; the scores may differ (it is a forward pruning).
  Rng rng(8);
  Searcher searcher(8, *w, *table);
  uint64_t pruned = 0, full = 0;
  int agree = 0, n = 0;
  for (int i = 0; i < 12; ++i) {
    const testing::Pos p = testing::random_position(rng, 30 + static_cast<int>(rng.below(20)));
    if (!legal_moves(p.P, p.O)) continue;
    SearchLimits limits;
    limits.max_depth = 8;
    limits.exact_empties = 0;
    searcher.clear();
    const SearchResult a = searcher.search(p.P, p.O, limits);
    pruned += a.nodes;
    limits.probcut = false;
    searcher.clear();
    const SearchResult b = searcher.search(p.P, p.O, limits);
    full += b.nodes;
    ASSERT_TRUE(legal_moves(p.P, p.O) & square_bit(a.move));
    agree += a.move == b.move;
    ++n;
  }
  EXPECT_LT(pruned, full / 2) << "ProbCut " << pruned << " nodes, full width " << full;
  EXPECT_GE(agree * 2, n) << agree << " of " << n << " best moves agree";
  // An exact solve from 18 empties pre-searches with ProbCut; its score is
  // still the minimax one (the plain solver's, without tables).
  for (int i = 0; i < 4; ++i) {
    const testing::Pos p = testing::random_position(rng, 18);
    if (!legal_moves(p.P, p.O)) continue;
    EXPECT_EQ(Searcher(4, *w, *table).solve_exact(p.P, p.O), Searcher(4).solve_exact(p.P, p.O))
        << board_string(p.P, p.O);
  }
}

TEST(PatternTraining, SelfPlayIsSeededAndLabelsAreFinalMargins) {
  SelfPlayOptions o;
  o.games = 6;
  o.depth = 1;
  o.exact_empties = 8;
  o.seed = 3;
  o.threads = 1;
  const std::vector<TrainingSample> one = self_play(o);
  o.threads = 2;
  const std::vector<TrainingSample> two = self_play(o);
  ASSERT_EQ(one.size(), two.size());
  for (size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].P, two[i].P);
    EXPECT_EQ(one[i].O, two[i].O);
    EXPECT_EQ(one[i].margin, two[i].margin);
  }
  // Every position has a move; in the last 8 empties play is perfect, so a
  // position there is labelled with its exact value.
  Searcher searcher(4);
  int exact = 0;
  for (const TrainingSample& s : one) {
    ASSERT_NE(legal_moves(s.P, s.O), 0u);
    ASSERT_EQ(s.P & s.O, 0u);
    if (popcount(~(s.P | s.O)) <= 8) {
      EXPECT_EQ(s.margin, searcher.solve_exact(s.P, s.O)) << board_string(s.P, s.O);
      ++exact;
    }
  }
  EXPECT_GT(exact, 20);
}

TEST(PatternTraining, FittingLowersTheErrorOnHeldOutGames) {
  SelfPlayOptions o;
  o.games = 300;
  o.depth = 1;
  o.exact_empties = 6;
  o.seed = 9;
  const std::vector<TrainingSample> samples = self_play(o);
  FitOptions f;
  f.epochs = 4;
  std::vector<StageFit> report;
  const PatternWeights w = fit_patterns(samples, zero_weights(), f, &report);
  ASSERT_EQ(report.size(), static_cast<size_t>(kNumStages));
  // Late stages, where labels are (nearly) exact and positions many: the fit
  // must beat predicting a draw.
  FitOptions none = f;
  none.epochs = 0;
  std::vector<StageFit> before;
  fit_patterns(samples, zero_weights(), none, &before);
  for (int s = 11; s <= 13; ++s) {
    const StageFit& r = report[static_cast<size_t>(s)];
    EXPECT_GT(r.positions, 500u);
    EXPECT_LT(r.holdout_error, before[static_cast<size_t>(s)].holdout_error * 0.8) << "stage " << s;
  }
  // A stage with no positions keeps its starting weights (here zeros).
  for (int j = 0; j < stage_weight_count(); ++j) ASSERT_EQ(w.stage(kNumStages - 1)[j], 0);
}

}  // namespace
}  // namespace meeple::reversi
