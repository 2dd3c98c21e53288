// `meeple train reversi`: a tiny run writes weights the bots can read and
// positions a refit can use; bad flags and files stop it with the reason,
// before any work.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

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
  EXPECT_NE(run_train_line("train risk --out " + out).find("unknown game 'risk'"),
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

}  // namespace
}  // namespace meeple::cli
