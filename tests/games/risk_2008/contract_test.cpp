// The 2008 state's contract pieces beyond the rules: actions as JSON and
// back, views that hide hands and the deck, determinization, loading a
// damaged document, the text and observations.
#include <gtest/gtest.h>

#include <bit>

#include "core/rng.h"
#include "tests/games/risk_2008/state_util.h"

namespace meeple::risk::state2008 {
namespace {

// A Command Room game played to Green's first draft with the first outcome
// and the first legal action each time.
Risk2008State early_game() {
  Risk2008State s(config(false, 5));
  while (s.phase() != Phase2008::kDraft) {
    if (s.is_chance())
      play(s, s.chance_outcomes().front().action);
    else
      play(s, s.legal_actions().front());
  }
  return s;
}

TEST(Risk2008Contract, EveryLegalActionRoundTripsThroughJson) {
  Rng rng(7);
  Risk2008State s(config(false, 4));
  for (int step = 0; step < 3000 && !s.is_terminal(); ++step) {
    const auto legal = s.legal_actions();
    for (const Action a : legal) {
      const json j = s.action_to_json(a);
      auto ids = s.decode_action(j);
      ASSERT_TRUE(ids) << j.dump() << ": " << ids.status().to_string();
      ASSERT_EQ(*ids, std::vector<Action>{a}) << j.dump();
      if (s.is_chance()) continue;
      // The text command too.
      const std::string text = s.action_to_string(a);
      auto by_text = s.decode_action(json(text));
      ASSERT_TRUE(by_text) << text << ": " << by_text.status().to_string();
      ASSERT_EQ(*by_text, std::vector<Action>{a}) << text;
    }
    s.apply(legal[rng.below(legal.size())]);
  }
}

TEST(Risk2008Contract, CompoundPlaceAndErrors) {
  Risk2008State s = early_game();
  const Territory t = static_cast<Territory>(s.legal_actions().front());
  const int left = s.draft_left();
  auto ids = s.decode_action(
      json{{"type", "place"}, {"territory", world_map().territory(t).name}, {"count", 2}});
  ASSERT_TRUE(ids) << ids.status().to_string();
  EXPECT_EQ(*ids, (std::vector<Action>{t, t}));
  EXPECT_FALSE(s.decode_action(json{{"type", "place"}, {"territory", "atlantis"}}));
  EXPECT_FALSE(s.decode_action(
      json{{"type", "place"}, {"territory", world_map().territory(t).id}, {"count", left + 1}}));
  EXPECT_FALSE(s.decode_action(json{{"type", "attack"}}));
  // In set-up the seats alternate: one placement at a time.
  Risk2008State setup(config(true, 3));
  while (setup.phase() != Phase2008::kSetupPlace) play(setup, setup.legal_actions().front());
  const Action first = setup.legal_actions().front();
  EXPECT_FALSE(setup.decode_action(
      json{{"type", "place"}, {"territory", world_map().territory(first).id}, {"count", 2}}));
}

TEST(Risk2008Contract, ViewsHideOtherHandsAndTheDeck) {
  Risk2008State s = early_game();
  // Seats 3, 4 and 5 of the spec hold cards.
  int holder = -1;
  for (int p = 0; p < 5; ++p)
    if (s.hand(p) != 0) holder = p;
  ASSERT_GE(holder, 0);
  const json mine = s.view(holder);
  EXPECT_EQ(mine["hands"][holder].get<uint64_t>(), s.hand(holder));
  EXPECT_FALSE(mine.contains("deck"));
  EXPECT_EQ(mine["deck_size"].get<int>(), std::popcount(s.deck()));
  const int other = (holder + 1) % 5;
  const json theirs = s.view(other);
  EXPECT_EQ(theirs["hands"][holder].get<uint64_t>(), 0u);
  EXPECT_EQ(theirs["hand_sizes"][holder].get<int>(), std::popcount(s.hand(holder)));
  const json spectator = s.view(kSpectator);
  for (int p = 0; p < 5; ++p) EXPECT_EQ(spectator["hands"][p].get<uint64_t>(), 0u);
  // The observation strings follow the views.
  EXPECT_EQ(s.observation_string(other), theirs.dump());
  EXPECT_EQ(s.observation_tensor(other).size(),
            static_cast<size_t>(s.observation_tensor_shape()[0]));
}

TEST(Risk2008Contract, DeterminizeRedrawsOnlyWhatTheSeatCannotSee) {
  Risk2008State s = early_game();
  Rng rng(3);
  bool changed = false;
  for (int k = 0; k < 20; ++k) {
    auto d = s.determinize(kSpectator, rng);
    auto& ds = static_cast<Risk2008State&>(*d);
    EXPECT_EQ(ds.view(kSpectator), s.view(kSpectator));
    for (int p = 0; p < 5; ++p) EXPECT_EQ(std::popcount(ds.hand(p)), std::popcount(s.hand(p)));
    changed = changed || ds.to_json() != s.to_json();
    for (int p = 0; p < 5; ++p) {
      auto own = s.determinize(p, rng);
      EXPECT_EQ(static_cast<Risk2008State&>(*own).hand(p), s.hand(p));
    }
  }
  EXPECT_TRUE(changed);
}

TEST(Risk2008Contract, DamagedDocumentsAreRefused) {
  Risk2008State s = early_game();
  auto cfg = std::make_shared<Risk2008Config>(s.config());
  json j = s.to_json();
  ASSERT_TRUE(Risk2008State::from_json(cfg, j));
  json bad = j;
  bad["phase"] = "lunch";
  EXPECT_FALSE(Risk2008State::from_json(cfg, bad));
  bad = j;
  bad["owner"][3] = 9;
  EXPECT_FALSE(Risk2008State::from_json(cfg, bad));
  bad = j;
  bad["deck"] = 0;  // 42 cards no longer accounted for
  EXPECT_FALSE(Risk2008State::from_json(cfg, bad));
  bad = j;
  bad["mode"] = "basic_training";
  EXPECT_FALSE(Risk2008State::from_json(cfg, bad));
  bad = j;
  bad["counters"][6] = 0;  // a draft with nothing to place
  EXPECT_FALSE(Risk2008State::from_json(cfg, bad));
  bad = j;
  bad.erase("troops");
  EXPECT_FALSE(Risk2008State::from_json(cfg, bad));
}

TEST(Risk2008Contract, TextNamesThePhaseAndTheHand) {
  Risk2008State s = early_game();
  const std::string text = s.to_text(s.active());
  EXPECT_NE(text.find("Command Room"), std::string::npos);
  EXPECT_NE(text.find("draft"), std::string::npos);
  EXPECT_EQ(s.seat_name(0), edition().seat_colour[0]);
  Risk2008State b = blank(false, 3, kY);
  b.set_territory(terr("egypt"), kB, 2);
  b.set_territory(terr("east_africa"), kG, 5);
  b.begin_attack_for_test(kG);
  play(b, attack("east_africa", "egypt", 3));
  play(b, kDefendBase + 1);
  EXPECT_NE(b.chance_description().find("egypt"), std::string::npos);
  // The log: dice are public, and the last one tells the result.
  for (const int face : {6, 6, 6, 1, 1}) {
    auto next = b.clone();
    next->apply(kDieBase + face - 1);
    const std::string words = b.describe(kDieBase + face - 1, *next, kSpectator);
    EXPECT_NE(words, "");
    if (!next->is_chance()) {
      EXPECT_NE(words.find("falls"), std::string::npos) << words;
    }
    b.apply(kDieBase + face - 1);
  }
  EXPECT_EQ(b.owner(terr("egypt")), kG);
  // A card drawn is shown only to its taker.
  Risk2008State d = blank(false, 3, kY);
  d.set_territory(terr("alaska"), kG, 3);
  d.give_token(kG, token_of(Reward::kGuaranteedCard));
  d.begin_attack_for_test(kG);
  play(d, kEndAttack);
  play(d, kEndManoeuvre);
  ASSERT_EQ(d.phase(), Phase2008::kDraw);
  auto after = d.clone();
  after->apply(kCardBase + terr("peru"));
  EXPECT_NE(d.describe(kCardBase + terr("peru"), *after, kG).find("Peru"), std::string::npos);
  EXPECT_EQ(d.describe(kCardBase + terr("peru"), *after, kY).find("Peru"), std::string::npos);
}

}  // namespace
}  // namespace meeple::risk::state2008
