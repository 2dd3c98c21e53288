// Reading a JSON data file in a test: a missing file is a test failure that
// names the path, not an exception from the parser.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace meeple::testing {

inline nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << "cannot open " << path;
  if (!in) return nullptr;
  return nlohmann::json::parse(in);
}

}  // namespace meeple::testing
