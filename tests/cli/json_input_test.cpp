// Documents named on the command line (replay, verify, play --load, arena
// merge): read whole, refused by name when they are not JSON or nest too
// deep. A log nested a million deep used to crash `meeple replay`.
#include "cli/json_input.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace meeple::cli {
namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("meeple_json_input_" + std::to_string(::getpid()) + "_" + name);
  std::ofstream(path) << text;
  return path.string();
}

TEST(JsonInput, ReadsAFileAndNamesWhatIsWrong) {
  const std::string good = write_temp("good.json", R"({"game":"reversi","entries":[]})");
  auto doc = read_json_input(good);
  ASSERT_TRUE(doc.is_ok()) << doc.status().to_string();
  EXPECT_EQ((*doc)["game"], "reversi");

  auto missing = read_json_input(good + ".absent");
  ASSERT_FALSE(missing.is_ok());
  EXPECT_EQ(missing.status().code(), StatusCode::kNotFound);

  const std::string bad = write_temp("bad.json", "{\"game\":");
  auto broken = read_json_input(bad);
  ASSERT_FALSE(broken.is_ok());
  EXPECT_NE(broken.status().message().find("not valid JSON"), std::string::npos);

  const int n = 1000000;
  const std::string deep =
      write_temp("deep.json", R"({"game":"reversi","seed":"1","entries":[{"action":)" +
                                  std::string(n, '[') + std::string(n, ']') + "}]}");
  auto nested = read_json_input(deep);
  ASSERT_FALSE(nested.is_ok());
  EXPECT_EQ(nested.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(nested.status().message().find("deeper than 64 levels"), std::string::npos)
      << nested.status().message();
  EXPECT_NE(nested.status().message().find(deep), std::string::npos) << "names the file";
  for (const auto& p : {good, bad, deep}) std::filesystem::remove(p);
}

}  // namespace
}  // namespace meeple::cli
