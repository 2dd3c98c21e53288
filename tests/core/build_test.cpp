// The sanitizer build is the tests' build, and it keeps assertions: the
// contract's "asserted, not checked" preconditions (core/game.h) must fire
// in CI, so a caller that breaks one is caught there (CMakeLists.txt drops
// -DNDEBUG when MEEPLE_SANITIZE is on).
#include <gtest/gtest.h>

#include "core/match.h"
#include "tests/core/toy_game.h"

#if defined(MEEPLE_SANITIZE) && defined(NDEBUG)
#error "the sanitizer build must keep assertions, but NDEBUG is defined (see CMakeLists.txt)"
#endif

namespace meeple {
namespace {

TEST(Build, SanitizerBuildFiresTheContractsAssertions) {
#ifndef MEEPLE_SANITIZE
  GTEST_SKIP() << "only the sanitizer build promises assertions";
#else
  auto game = testing::toy_registry().create("toy");
  ASSERT_TRUE(game.is_ok());
  Match m = Match::start(*game, 1);
  m.resolve_chance();
  ASSERT_FALSE(m.state().is_chance());
  // Sampling chance where none is due breaks Match::sample_chance's precondition.
  EXPECT_DEATH(m.sample_chance(), "is_chance");
#endif
}

}  // namespace
}  // namespace meeple
