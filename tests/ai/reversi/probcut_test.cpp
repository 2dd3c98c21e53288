// Multi-ProbCut's table (ai/reversi/probcut.h): the shipped file gives the
// search the spreads it was tuned with, a measurement writes the file back
// line for line, and a damaged file is refused by name.
#include "ai/reversi/probcut.h"

#include <gtest/gtest.h>

#include <string>

#include "core/data_files.h"

namespace meeple::reversi {
namespace {

ProbCutSpread pair_of(int depth, int shallow, double rms) {
  ProbCutSpread p;
  p.depth = depth;
  p.shallow = shallow;
  p.positions = 10;
  p.rms = rms;
  return p;
}

TEST(ProbCutTable, TheShallowSearchIsAboutHalfOfTheSameParity) {
  const int expected[] = {0, 0, 0, 1, 2, 1, 2, 3, 4, 3, 4, 5, 6, 5, 6, 7, 8, 7};
  for (int d = 3; d < static_cast<int>(std::size(expected)); ++d) {  // ProbCut's from depth 3
    EXPECT_EQ(probcut_shallow_depth(d), expected[d]) << "depth " << d;
    EXPECT_EQ((d - probcut_shallow_depth(d)) % 2, 0) << "depth " << d;
  }
}

// The spreads the shipped file gives are those docs/reversi_eval.md tables
// (measured for the shipped pattern tables), so the search prunes with
// what was measured and documented.
TEST(ProbCutTable, TheShippedFileGivesTheMeasuredSpreads) {
  Result<const ProbCutTable*> t = shipped_probcut();
  ASSERT_TRUE(t) << t.status().message();
  const int measured[12] = {0, 0, 0, 676, 588, 787, 746, 653, 604, 695, 654, 566};
  for (int d = 3; d < 12; ++d) EXPECT_EQ((*t)->sigma(d), measured[d]) << "depth " << d;
  // Deeper, the depth-11 pair with the same gap: 6 (11-5), 8 (11-3), 10 (11-1).
  for (int d = 12; d <= 40; ++d) {
    const int gap = d - probcut_shallow_depth(d);
    const int expected = gap == 6 ? 566 : gap == 8 ? 738 : gap == 10 ? 936 : 0;
    EXPECT_EQ((*t)->sigma(d), expected) << "depth " << d << ", gap " << gap;
  }
  EXPECT_EQ((*t)->sigma(1000), (*t)->sigma(ProbCutTable::kMaxDepth));
}

TEST(ProbCutTable, TheShippedFileIsWhatAMeasurementWrites) {
  Result<std::string> text = read_data_file("reversi/probcut.json");
  ASSERT_TRUE(text) << text.status().message();
  Result<ProbCutTable> t = decode_probcut(*text);
  ASSERT_TRUE(t) << t.status().message();
  EXPECT_EQ(t->pairs().size(), 41u);
  // The command names what decides the result (the thread count does not).
  EXPECT_EQ(encode_probcut(t->pairs(),
                           "meeple train reversi --probcut-spreads 450 "
                           "--probcut-depth 11 --seed 3"),
            *text);
}

// A depth without its own pair borrows the deepest shallower pair with the
// same gap; with none, the search does not cut there.
TEST(ProbCutTable, DeeperDepthsBorrowTheSameGapAndOthersAreNotCut) {
  const ProbCutTable t({pair_of(3, 1, 500), pair_of(5, 1, 900)});
  EXPECT_EQ(t.sigma(3), 500);
  EXPECT_EQ(t.sigma(4), 500);  // 4-2: gap 2, as 3-1
  EXPECT_EQ(t.sigma(5), 900);
  EXPECT_EQ(t.sigma(6), 900);  // 6-2: gap 4, as 5-1
  EXPECT_EQ(t.sigma(8), 900);  // 8-4
  EXPECT_EQ(t.sigma(9), 0);    // 9-3: gap 6, never measured
  const ProbCutTable deep_only({pair_of(5, 1, 900)});
  EXPECT_EQ(deep_only.sigma(3), 0);  // nothing shallower to borrow from
  EXPECT_EQ(deep_only.sigma(6), 900);
}

TEST(ProbCutTable, EncodingRoundTrips) {
  const std::vector<ProbCutSpread> pairs = {pair_of(3, 1, 890.4), pair_of(4, 2, 677.6)};
  Result<ProbCutTable> back = decode_probcut(encode_probcut(pairs, "a \"quoted\" command"));
  ASSERT_TRUE(back) << back.status().message();
  ASSERT_EQ(back->pairs().size(), 2u);
  EXPECT_EQ(back->pairs()[0].rms, 890);
  EXPECT_EQ(back->pairs()[1].rms, 678);
  EXPECT_EQ(back->sigma(4), 678);
}

// Each damaged file is refused with the field and what was expected.
TEST(ProbCutTable, ADamagedFileIsRefusedByName) {
  const std::string head =
      R"({"format": "meeple reversi probcut", "version": 1, "measured_by": "x", "pairs": )";
  const std::string good_pair = R"({"depth":3,"shallow":1,"positions":450,"mean":-126,"rms":890})";
  ASSERT_TRUE(decode_probcut(head + "[" + good_pair + "]}"));
  const std::pair<std::string, std::string> cases[] = {
      {"", "not valid JSON"},
      {"[1, 2", "not valid JSON"},
      {std::string(100, '[') + std::string(100, ']'), "nested deeper"},
      {"\"text\"", "an object"},
      {R"({"format": "meeple reversi weights", "version": 1, "measured_by": "x", "pairs": []})",
       "/format"},
      {R"({"format": "meeple reversi probcut", "version": 2, "measured_by": "x", "pairs": []})",
       "/version"},
      {R"({"format": "meeple reversi probcut", "version": 1, "pairs": []})", "measured_by"},
      {head + "[], \"extra\": 1}", "extra"},
      {head + "{}}", "/pairs"},
      {head + "[" + good_pair + "," + good_pair + "]}", "listed twice"},
      {head + R"([{"depth":3,"shallow":3,"positions":1,"mean":0,"rms":1}]})", "/pairs/0/shallow"},
      {head + R"([{"depth":0,"shallow":0,"positions":1,"mean":0,"rms":1}]})", "/pairs/0/depth"},
      {head + R"([{"depth":65,"shallow":1,"positions":1,"mean":0,"rms":1}]})", "/pairs/0/depth"},
      {head + R"([{"depth":3,"shallow":1,"positions":0,"mean":0,"rms":1}]})", "/pairs/0/positions"},
      {head + R"([{"depth":3,"shallow":1,"positions":1,"mean":0.5,"rms":1}]})", "/pairs/0/mean"},
      {head + R"([{"depth":3,"shallow":1,"positions":1,"mean":0,"rms":-1}]})", "/pairs/0/rms"},
      {head + R"([{"depth":3,"shallow":1,"positions":1,"mean":0,"rms":true}]})", "/pairs/0/rms"},
      {head + R"([{"depth":3,"shallow":1,"positions":1,"mean":0}]})", "rms"},
      {head + R"([{"depth":3,"shallow":1,"positions":1,"mean":0,"rms":1,"x":2}]})", "x"},
      {R"({"format": "meeple reversi probcut", "version": 1, "measured_by": ")"
       "\xff"
       R"(", "pairs": []})",
       "not valid JSON"},
  };
  for (const auto& [text, says] : cases) {
    Result<ProbCutTable> t = decode_probcut(text);
    ASSERT_FALSE(t) << text;
    EXPECT_NE(t.status().message().find(says), std::string::npos)
        << text << "\n  -> " << t.status().message();
  }
}

}  // namespace
}  // namespace meeple::reversi
