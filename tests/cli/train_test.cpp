// `meeple train reversi`: a tiny run writes weights the bots can read and
// positions a refit can use; bad flags and files stop it with the reason,
// before any work.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ai/goa/leaf_model.h"
#include "ai/reversi/patterns.h"
#include "ai/reversi/probcut.h"
#include "cli/commands.h"

namespace meeple::cli {
namespace {

// Runs `meeple <line>`; the text it wrote to standard error if it failed,
// "" if it succeeded; what it printed goes to `printed` if given.
std::string run_train_line(const std::string& line, std::string* printed = nullptr) {
  CLI::App app;
  add_train_command(app);
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  bool failed = false;
  try {
    app.parse(line, false);
  } catch (const CLI::Error&) {
    failed = true;
  }
  const std::string out = testing::internal::GetCapturedStdout();
  if (printed) *printed = out;
  const std::string err = testing::internal::GetCapturedStderr();
  return failed ? (err.empty() ? "failed" : err) : "";
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(TrainCommand, WritesWeightsAndPositionsARefitCanUse) {
  const auto dir =
      std::filesystem::temp_directory_path() /
      ("meeple-train-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
  std::filesystem::create_directories(dir);
  const std::string weights = (dir / "w.bin").string(), positions = (dir / "p.pos").string();
  ASSERT_EQ(run_train_line("train reversi --games 6 --rounds 2 --depth 1 --exact 4 --epochs 1 "
                           "--threads 1 --save-positions " +
                           positions + " --out " + weights),
            "");
  Result<reversi::PatternWeights> w = reversi::decode_weights(slurp(weights));
  ASSERT_TRUE(w) << w.status().message();
  const std::string pos = slurp(positions);
  ASSERT_FALSE(pos.empty());
  EXPECT_EQ(pos.size() % 17, 0u);
  // A refit of the saved positions alone.
  const std::string refit = (dir / "r.bin").string();
  ASSERT_EQ(run_train_line("train reversi --rounds 0 --epochs 1 --positions " + positions +
                           " --out " + refit),
            "");
  EXPECT_TRUE(reversi::decode_weights(slurp(refit)));
  std::filesystem::remove_all(dir);
}

TEST(TrainCommand, MeasuresProbCutSpreadsWithoutWritingWeights) {
  std::string out;
  ASSERT_EQ(run_train_line("train reversi --probcut-spreads 6 --probcut-depth 4", &out), "");
  EXPECT_NE(out.find("ProbCut spreads"), std::string::npos) << out;
  // Depths 2..4 against every shallower depth of the same parity.
  for (const char* row :
       {"\n    2       0 ", "\n    3       1 ", "\n    4       2 ", "\n    4       0 "})
    EXPECT_NE(out.find(row), std::string::npos) << row << " in\n" << out;
}

// With --out the measurement becomes a ProbCut table the search can read,
// naming the command that measured it.
TEST(TrainCommand, WritesTheProbCutTable) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("meeple-probcut-" +
                     std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + ".json");
  std::string out;
  ASSERT_EQ(run_train_line("train reversi --probcut-spreads 6 --probcut-depth 4 --seed 5 --out " +
                               path.string(),
                           &out),
            "");
  const std::string text = slurp(path.string());
  std::filesystem::remove(path);
  Result<reversi::ProbCutTable> t = reversi::decode_probcut(text);
  ASSERT_TRUE(t) << t.status().message() << "\n" << text;
  EXPECT_EQ(t->pairs().size(), 8u);  // 1-0, 2-1, 2-0, 3-2, 3-1, 4-3, 4-2, 4-0
  EXPECT_NE(text.find("--probcut-spreads 6 --probcut-depth 4 --seed 5"), std::string::npos) << text;
  EXPECT_GT(t->sigma(3), 0);
  EXPECT_GT(t->sigma(4), 0);
}

TEST(TrainCommand, RefusesBadFlagsAndFilesWithTheReason) {
  const auto dir = std::filesystem::temp_directory_path() / "meeple-train-bad";
  std::filesystem::create_directories(dir);
  const std::string out = (dir / "w.bin").string();
  EXPECT_NE(run_train_line("train risk --out " + out)
                .find("unknown game 'risk' (train supports: reversi, goa)"),
            std::string::npos);
  EXPECT_NE(
      run_train_line("train reversi --games 0 --out " + out).find("--games is 0, expected 1.."),
      std::string::npos);
  EXPECT_NE(run_train_line("train reversi --rounds 0 --out " + out)
                .find("--rounds is 0, expected 1..100"),
            std::string::npos);
  EXPECT_NE(run_train_line("train reversi --random-min 9 --random-max 3 --out " + out)
                .find("--random-max is 3, expected 9..59"),
            std::string::npos);
  EXPECT_NE(run_train_line("train reversi --games 1 --out " + (dir / "no/such/dir/w.bin").string())
                .find("cannot write --out"),
            std::string::npos);
  EXPECT_NE(run_train_line("train reversi").find("--out FILE is required"), std::string::npos);
  EXPECT_NE(run_train_line("train reversi --probcut-spreads 5 --probcut-depth 20")
                .find("--probcut-depth is 20, expected 2..14"),
            std::string::npos);
  const std::string short_file = (dir / "short.pos").string();
  std::ofstream(short_file) << "12345";
  EXPECT_NE(run_train_line("train reversi --rounds 0 --positions " + short_file + " --out " + out)
                .find("expected a multiple of 17"),
            std::string::npos);
  const std::string not_weights = (dir / "not.bin").string();
  std::ofstream(not_weights) << "hello";
  EXPECT_NE(run_train_line("train reversi --games 1 --from " + not_weights + " --out " + out)
                .find("MPATTERN"),
            std::string::npos);
  std::filesystem::remove_all(dir);
}

// `meeple train goa`: a tiny run writes a leaf model the bots can read,
// naming the command that made it; bad flags stop it with the reason.
TEST(TrainCommand, GoaWritesALeafModel) {
  const auto dir =
      std::filesystem::temp_directory_path() /
      ("meeple-train-goa-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
  std::filesystem::create_directories(dir);
  const std::string out = (dir / "leaf.json").string();
  std::string printed;
  ASSERT_EQ(
      run_train_line("train goa --games 10 --seed 4 --l2 0.01 --threads 2 --out " + out, &printed),
      "");
  EXPECT_NE(printed.find("log loss"), std::string::npos) << printed;
  const std::string text = slurp(out);
  Result<goa::LeafModel> m = goa::decode_leaf_model(text);
  ASSERT_TRUE(m) << m.status().message() << "\n" << text;
  EXPECT_EQ(m->trained_by, "meeple train goa --games 10 --seed 4 --sample 0.2 --l2 0.01");
  double sum = 0;
  for (double w : m->at(4, 8)) sum += std::abs(w);
  EXPECT_GT(sum, 0) << "round 8's weights were fitted";

  EXPECT_NE(run_train_line("train goa --games 5 --out " + out).find("--games is 5, expected 10.."),
            std::string::npos);
  EXPECT_NE(run_train_line("train goa --sample 0 --out " + out).find("--sample is 0"),
            std::string::npos);
  EXPECT_NE(run_train_line("train goa --sample 1.5 --out " + out).find("--sample is 1.5"),
            std::string::npos);
  EXPECT_NE(run_train_line("train goa --l2 -1 --out " + out).find("--l2 is -1, expected 0..1"),
            std::string::npos);
  EXPECT_NE(run_train_line("train goa").find("--out FILE is required"), std::string::npos);
  EXPECT_NE(run_train_line("train goa --out " + (dir / "no/such/dir/leaf.json").string())
                .find("cannot write --out"),
            std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace meeple::cli
