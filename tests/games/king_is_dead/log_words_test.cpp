// The log in words (KidState::describe): T1's and T2's power struggles as
// the table hears them, a card's effect told once with the followers it
// moved, the summon, and the Cunning deal that only its receiver reads.
#include <gtest/gtest.h>

#include "kid_helpers.h"

namespace meeple::king_is_dead::test {
namespace {

// Applies `cmd` and returns what `viewer` reads of it.
std::string told(KidState& s, const std::string& cmd, Seat viewer = kSpectator) {
  const Action a = act(s, cmd);
  auto after = s.clone();
  after->apply(a);
  const std::string words = s.describe(a, *after, viewer);
  s.apply(a);
  return words;
}

TEST(KidLogWords, PassesAndThePowerStruggleT1) {
  auto s = load(opening());
  ASSERT_TRUE(s);
  EXPECT_EQ(told(*s, "pass"), "player A passes (1 of 2 passes in a row).");
  EXPECT_EQ(told(*s, "pass"),
            "player B passes; 2 passes in a row. Power struggle in Lancaster: the Scots take "
            "control.");
}

TEST(KidLogWords, AnUnstableRegionT2) {
  Position p = opening();
  p.open["lancaster"] = {2, 2, 0};
  p.supply = {5, 3, 4};
  auto s = load(p);
  ASSERT_TRUE(s);
  told(*s, "pass");
  EXPECT_EQ(told(*s, "pass"),
            "player B passes; 2 passes in a row. Power struggle in Lancaster: no majority, it "
            "becomes unstable (1 of 3 instability discs).");
}

TEST(KidLogWords, ACardIsToldOnceWithWhatItMovedThenTheSummon) {
  auto s = load(opening());
  ASSERT_TRUE(s);
  EXPECT_EQ(told(*s, "play assemble"), "player A plays Assemble.");
  // Assemble's steps: nothing is told until the last one.
  std::vector<std::string> said;
  while (s->phase() == Phase::kEffect) {
    const Action a = s->legal_actions().front();
    auto after = s->clone();
    after->apply(a);
    said.push_back(s->describe(a, *after, 1));
    s->apply(a);
  }
  ASSERT_FALSE(said.empty());
  for (size_t k = 0; k + 1 < said.size(); ++k) EXPECT_EQ(said[k], "") << k;
  EXPECT_TRUE(said.back().starts_with("player A's Assemble: ")) << said.back();
  EXPECT_NE(said.back().find(" +"), std::string::npos) << said.back();
  ASSERT_EQ(s->phase(), Phase::kSummon);
  const std::string summon = told(*s, s->action_to_string(s->legal_actions().front()));
  EXPECT_TRUE(summon.starts_with("player A summons a Scots ") ||
              summon.starts_with("player A summons a Welsh ") ||
              summon.starts_with("player A summons an English "))
      << summon;
  EXPECT_TRUE(summon.ends_with(" to their court.")) << summon;
}

TEST(KidLogWords, OnlyTheReceiverReadsWhichCunningCardIsDealt) {
  auto game = make_game(3, true);
  auto s = game->new_initial_state();
  int deals = 0;
  while (s->is_chance()) {
    const Action a = s->legal_actions().front();
    auto after = s->clone();
    after->apply(a);
    if (a >= kDealBase) {
      const std::string name = static_cast<const KidState&>(*s)
                                   .board()
                                   .card_name[static_cast<size_t>(kFirstCunning + a - kDealBase)];
      ++deals;
      int receiver = -1;
      for (Seat p = 0; p < 3; ++p)
        if (s->describe(a, *after, p).find("only you see") != std::string::npos) receiver = p;
      ASSERT_GE(receiver, 0);
      for (Seat p = kSpectator; p < 3; ++p) {
        if (p == kChance || p == kTerminal) continue;
        const std::string words = s->describe(a, *after, p);
        if (p == receiver)
          EXPECT_NE(words.find(name), std::string::npos) << words;
        else
          EXPECT_EQ(words, s->seat_name(receiver) + " is dealt a Cunning card.");
      }
    } else {
      EXPECT_FALSE(s->describe(a, *after, kSpectator).empty());
    }
    s = std::move(after);
  }
  EXPECT_EQ(deals, 9);
}

}  // namespace
}  // namespace meeple::king_is_dead::test
