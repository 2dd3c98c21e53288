// JSON from outside is measured before it is parsed (core/json_depth.h).
#include "core/json_depth.h"

#include <gtest/gtest.h>

#include <string>

namespace meeple {
namespace {

std::string nested(int depth, char open = '[', char close = ']') {
  return std::string(depth, open) + std::string(depth, close);
}

TEST(JsonDepth, TextDeeperThanTheLimitIsFoundAtTheBoundary) {
  EXPECT_FALSE(json_text_deeper_than(nested(kMaxJsonDepth)));
  EXPECT_TRUE(json_text_deeper_than(nested(kMaxJsonDepth + 1)));
  EXPECT_FALSE(json_text_deeper_than("{\"a\":[1,{\"b\":2}]}", 3));
  EXPECT_TRUE(json_text_deeper_than("{\"a\":[1,{\"b\":[]}]}", 3));
  EXPECT_FALSE(json_text_deeper_than("", 0));
  EXPECT_FALSE(json_text_deeper_than("17", 0));
  // Siblings do not add up: depth is nesting, not count.
  EXPECT_FALSE(json_text_deeper_than("[[],[],[],[]]", 2));
}

TEST(JsonDepth, BracketsInsideStringsDoNotCount) {
  EXPECT_FALSE(json_text_deeper_than("[\"[[[[[[\"]", 1));
  // An escaped quote does not end the string; an escaped backslash does not
  // escape the quote after it.
  EXPECT_FALSE(json_text_deeper_than("[\"\\\"[[[[\"]", 1));
  EXPECT_TRUE(json_text_deeper_than("[\"\\\\\"[[]]]", 2));
}

TEST(JsonDepth, AMillionLevelsAreRefusedWithoutRecursion) {
  const std::string text = nested(1000000, '{', '}');
  EXPECT_TRUE(json_text_deeper_than(text));
  // A value that deep exists only if something parsed it anyway: the value
  // check stops at its limit instead of walking down.
  const auto v = nlohmann::json::parse(nested(100000), nullptr, false);
  ASSERT_FALSE(v.is_discarded());
  EXPECT_FALSE(json_depth_at_most(v, kMaxJsonDepth));
  EXPECT_TRUE(json_depth_at_most(nlohmann::json::parse(nested(5)), 5));
  EXPECT_FALSE(json_depth_at_most(nlohmann::json::parse(nested(5)), 4));
  EXPECT_TRUE(json_depth_at_most(nlohmann::json(3), 0));
}

}  // namespace
}  // namespace meeple
