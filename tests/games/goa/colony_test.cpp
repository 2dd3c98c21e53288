// FOUND A COLONY: goa.md §12 T10, T11, T16 and rulings 30, 34.
#include "games/goa/colony.h"

#include <gtest/gtest.h>

#include <array>

#include "tests/games/goa/goa_helpers.h"

namespace meeple::goa {
namespace {

using testing::components;

// T10: Colonists value 4, Cochin (8), revealed 1 + 2, 2 colonists held.
TEST(GoaColony, T10FoundedWithColonistCards) {
  const Components& c = components();
  const Foundation f{c.colonies[1].required, 4, 1 + 2};
  EXPECT_EQ(f.total(), 7);
  EXPECT_EQ(f.shortfall(), 1);
  auto o = settle_foundation(c, f, 2, true);
  ASSERT_TRUE(o.is_ok());
  EXPECT_TRUE(o->success);
  EXPECT_EQ(2 - o->colonists_paid, 1);
  EXPECT_EQ(o->colonists_gained, 0);
}

// T11: Colonists value 2, Calicut (12), revealed 1 + 1, 3 colonists held.
TEST(GoaColony, T11AttemptFails) {
  const Components& c = components();
  const Foundation f{c.colonies[3].required, 2, 1 + 1};
  EXPECT_EQ(f.shortfall(), 8);
  EXPECT_EQ(settle_foundation(c, f, 3, true).status().code(), StatusCode::kIllegalAction);
  auto o = settle_foundation(c, f, 3, false);
  ASSERT_TRUE(o.is_ok());
  EXPECT_FALSE(o->success);
  EXPECT_EQ(3 + o->colonists_gained, 4);
  EXPECT_EQ(o->colonists_paid, 0);
}

// T16: Colonists value 2, Quilon (6), revealed 1 + 1; a COLONISTS card
// played in the window gives the 2 colonists of the shortfall.
TEST(GoaColony, T16FoundationWindow) {
  const Components& c = components();
  const Foundation f{c.colonies[0].required, 2, 1 + 1};
  EXPECT_EQ(f.shortfall(), 2);
  int colonists = 0;
  const Effect card = c.cards[1].effect;  // card #2 of the provisional deck
  ASSERT_EQ(card, Effect::kColonists);
  colonists += c.effects[static_cast<int>(card)].amount;
  auto o = settle_foundation(c, f, colonists, true);
  ASSERT_TRUE(o.is_ok());
  EXPECT_TRUE(o->success);
  EXPECT_EQ(colonists - o->colonists_paid, 0);
  // Without the card he cannot pay: failure and 1 colonist.
  EXPECT_FALSE(settle_foundation(c, f, 0, true).is_ok());
  auto fail = settle_foundation(c, f, 0, false);
  ASSERT_TRUE(fail.is_ok());
  EXPECT_EQ(fail->colonists_gained, 1);
}

TEST(GoaColony, SuccessIsAutomaticWhenTheTotalReaches) {  // ruling 30
  const Components& c = components();
  auto o = settle_foundation(c, Foundation{6, 4, 2}, 0, false);
  ASSERT_TRUE(o.is_ok());
  EXPECT_TRUE(o->success);
  EXPECT_EQ(o->colonists_gained, 0);
}

TEST(GoaColony, OneColonyPerName) {
  const Components& c = components();
  const std::array<int, 4> supply = {5, 4, 5, 4};
  EXPECT_EQ(foundable_colonies(c, 0b0000u, supply), 0b1111);
  EXPECT_EQ(foundable_colonies(c, 0b0101u, supply), 0b1010);
  const std::array<int, 4> used_up = {5, 0, 5, 4};
  EXPECT_EQ(foundable_colonies(c, 0b0000u, used_up), 0b1101);
}

}  // namespace
}  // namespace meeple::goa
