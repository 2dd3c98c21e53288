// The shared conformance suite (tests/common/conformance.h): the contract's
// guarantees checked at every node of random Reversi games through Match.
#include "tests/common/conformance.h"

#include <gtest/gtest.h>

namespace meeple::reversi::testing {
namespace {

TEST(ReversiConformance, RandomPlayouts) {
  meeple::testing::run_conformance("reversi", {}, {.games = 50});
}

}  // namespace
}  // namespace meeple::reversi::testing
