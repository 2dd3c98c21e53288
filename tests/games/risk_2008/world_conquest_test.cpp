// World Conquest (risk_2008.md §13, [UNVERIFIED]; docs/rulings.md): the
// "mode": "world-conquest" option. Command Room's set-up without objectives
// and rewards, no claim step, the draft counting cities and capitals, the
// card after a conquest, and the last player left as the only winner: at
// the elimination of the last opponent, never by objectives. Its state
// round-trips through JSON with its mode, and a seeded match replays.
#include <gtest/gtest.h>

#include <bit>

#include "all_games/all_games.h"
#include "core/match.h"
#include "core/rng.h"
#include "games/risk_2008/risk_2008_game.h"
#include "tests/games/risk_2008/state_util.h"

namespace meeple::risk::state2008 {
namespace {

// A World Conquest position: every territory `filler`'s with 1 troop, no
// cities, no capitals, the whole deck in the draw pile.
Risk2008State wc_blank(int players, int filler) {
  Risk2008State s(world_conquest_config(players));
  for (int t = 0; t < kNumTerritories; ++t) s.set_territory(t, filler, 1);
  s.set_cities(0);
  for (int p = 0; p < players; ++p) s.set_capital(p, -1);
  return s;
}

// Plays set-up with the first chance outcome and the first legal action.
Risk2008State wc_through_setup(int players) {
  Risk2008State s(world_conquest_config(players));
  while (s.phase() < Phase2008::kDraft) {
    if (s.is_chance())
      play(s, s.chance_outcomes().front().action);
    else
      play(s, s.legal_actions().front());
  }
  return s;
}

TEST(Risk2008WorldConquest, TheModeIsAnOptionMarkedUnverified) {
  auto game = make_risk_2008_game(json{{"mode", "world-conquest"}, {"players", 4}});
  ASSERT_TRUE(game.is_ok()) << game.status().to_string();
  EXPECT_EQ((*game)->num_seats(), 4);
  auto s = (*game)->new_initial_state();
  EXPECT_EQ(s->to_json()["mode"], "world_conquest");
  const GameInfo& info = (*game)->info();
  bool listed = false;
  for (const auto& o : info.options)
    if (o.name == "mode") {
      listed =
          std::find(o.allowed.begin(), o.allowed.end(), json("world-conquest")) != o.allowed.end();
      EXPECT_NE(o.description.find("world-conquest [UNVERIFIED]"), std::string::npos)
          << o.description;
    }
  EXPECT_TRUE(listed);
  int variants = 0;
  for (const auto& v : info.variants) variants += v["mode"] == "world-conquest";
  EXPECT_EQ(variants, 3);  // 3, 4 and 5 players
  EXPECT_FALSE(make_risk_2008_game(json{{"mode", "world_conquest"}, {"players", 3}}));
  // The CLI's flags and the engine protocol pass the option as it is.
  auto via_registry =
      all_games().create("risk-2008", json{{"mode", "world-conquest"}, {"players", 5}});
  ASSERT_TRUE(via_registry.is_ok()) << via_registry.status().to_string();
}

// §13 with §6.1: the city cards, then straight to the die roll for seat 1:
// no objective is laid and no reward token placed; capitals, claims,
// reinforcement and the starting cards as in Command Room.
TEST(Risk2008WorldConquest, SetUpLaysNoObjectivesAndNoRewards) {
  for (int players = 3; players <= 5; ++players) {
    Risk2008State s(world_conquest_config(players));
    int city_cards = 0;
    while (s.phase() == Phase2008::kCities) {
      ++city_cards;
      play(s, s.chance_outcomes().front().action);
    }
    EXPECT_EQ(city_cards, 15);
    EXPECT_EQ(std::popcount(s.cities()), 15);
    ASSERT_EQ(s.phase(), Phase2008::kFirst) << "objectives and tokens are skipped";
    while (s.phase() < Phase2008::kDraft) {
      ASSERT_NE(s.phase(), Phase2008::kObjectives);
      ASSERT_NE(s.phase(), Phase2008::kTokens);
      if (s.is_chance())
        play(s, s.chance_outcomes().front().action);
      else
        play(s, s.legal_actions().front());
    }
    for (int i = 0; i < kNumObjectives; ++i) {
      EXPECT_EQ(s.objective_place(i), kBoxed) << i;
      EXPECT_EQ(s.objective_token(i), -1) << i;
    }
    for (int k = 0; k < kNumTokens; ++k) EXPECT_EQ(s.token_holder(k), -1) << k;
    // Command Room's numbers (§6.1 table): every capital placed, every
    // territory claimed, every starting troop placed, the starting cards.
    const Edition2008& e = edition();
    int troops = 0, dealt = 0;
    for (int t = 0; t < kNumTerritories; ++t) troops += s.troops(t);
    EXPECT_EQ(troops, players * e.starting_troops[players]);
    for (int p = 0; p < players; ++p) {
      EXPECT_GE(s.capital(p), 0);
      EXPECT_EQ(s.owner(s.capital(p)), p);
      EXPECT_EQ(s.setup_left(p), 0);
      dealt += std::popcount(s.hand(p));
    }
    EXPECT_EQ(dealt, players == 3 ? 1 : players == 4 ? 2 : 4);
    EXPECT_EQ(s.active(), s.first_seat());
    check_invariants(s);
  }
}

// §7.1: cities and capitals count in the draft as in Command Room.
TEST(Risk2008WorldConquest, DraftCountsCitiesAndCapitals) {
  Risk2008State s = wc_blank(3, kY);
  // Yellow holds territories 0..29 (T = 30: 10 troops), Green the rest.
  for (int t = 30; t < kNumTerritories; ++t) s.set_territory(t, kG, 1);
  const int plain = s.base_draft(kY);
  // Three cities: (30 + 3) / 3 = 11, one more; two capitals: two more.
  s.set_cities(uint64_t{1} << 0 | uint64_t{1} << 1 | uint64_t{1} << 2);
  s.set_capital(kY, 2);
  s.set_capital(kG, 3);  // Green's capital, held by Yellow
  EXPECT_EQ(s.base_draft(kY), plain + 1 + 2);
}

// §7.4 and §7.6: after attacking there is never an objective to claim; a
// turn with a conquest draws one card.
TEST(Risk2008WorldConquest, NoClaimStepAndACardAfterAConquest) {
  Risk2008State s = wc_blank(3, kY);
  s.set_territory(terr("egypt"), kG, 1);
  s.set_territory(terr("brazil"), kG, 1);
  s.set_territory(terr("argentina"), kB, 1);
  s.set_territory(terr("east_africa"), kY, 10);
  // Every objective is in the box: nothing can ever be claimed.
  s.begin_attack_for_test(kY);
  win(s, "east_africa", "egypt");
  ASSERT_FALSE(s.is_terminal());
  for (const Action a : s.legal_actions()) EXPECT_FALSE(a >= kClaimBase && a <= kNoClaim) << a;
  play(s, kEndAttack);
  ASSERT_EQ(s.phase(), Phase2008::kManoeuvre);
  play(s, kEndManoeuvre);
  ASSERT_EQ(s.phase(), Phase2008::kDraw);
  play(s, kCardBase + terr("alaska"));
  EXPECT_EQ(s.hand(kY), cards({"alaska"}));
  EXPECT_EQ(s.active(), kG);
}

// R20 and ruling WC3: the conquest of the last opponent's last territory
// ends the game at once (after its move-in), the conqueror alone left.
TEST(Risk2008WorldConquest, TheLastPlayerLeftWinsAtTheLastElimination) {
  Risk2008State s = wc_blank(3, kY);
  s.set_territory(terr("egypt"), kG, 1);
  s.set_territory(terr("argentina"), kB, 1);
  s.set_territory(terr("east_africa"), kY, 10);
  s.set_territory(terr("brazil"), kY, 10);
  s.set_hand(kG, cards({"peru"}));
  s.set_hand(kB, cards({"japan", "siam"}));
  s.set_deck(((uint64_t{1} << kNumTerritories) - 1) & ~cards({"peru", "japan", "siam"}), 0);
  s.begin_attack_for_test(kY);
  win(s, "brazil", "argentina");
  // Blue is out, its cards Yellow's (§11.1); Green is left: no end yet.
  EXPECT_TRUE(s.eliminated(kB));
  EXPECT_EQ(s.hand(kY), cards({"japan", "siam"}));
  ASSERT_FALSE(s.is_terminal());
  win(s, "east_africa", "egypt");
  EXPECT_TRUE(s.eliminated(kG));
  EXPECT_EQ(s.hand(kY), cards({"japan", "siam", "peru"}));
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winner(), kY);
  EXPECT_EQ(s.phase(), Phase2008::kGameOver);
  EXPECT_EQ(s.returns(), (std::vector<double>{1, -1, -1}));
  EXPECT_EQ(std::popcount(s.own_mask(kY)), kNumTerritories);
  check_invariants(s);
}

// §12's three objectives and the own capital do not win World Conquest.
// (Objectives cannot be held in this mode; the position is forced by hand
// to show the end-of-turn check is off. The same position in Command Room
// ends the game.)
TEST(Risk2008WorldConquest, ThreeObjectivesAndTheCapitalDoNotWin) {
  for (const bool world_conquest : {false, true}) {
    Risk2008State s = world_conquest ? wc_blank(3, kY) : blank(false, 3, kY);
    s.set_territory(terr("egypt"), kG, 1);
    s.set_territory(terr("argentina"), kB, 1);
    s.set_capital(kY, terr("alaska"));
    s.set_capital(kG, terr("egypt"));
    s.set_capital(kB, terr("argentina"));
    for (int i = 0; i < 3; ++i) s.set_objective(i, kY, -1);
    s.begin_attack_for_test(kY);
    play(s, kEndAttack);
    if (s.phase() == Phase2008::kClaimObjective) play(s, kNoClaim);
    play(s, kEndManoeuvre);
    EXPECT_EQ(s.is_terminal(), !world_conquest) << "world_conquest " << world_conquest;
    if (world_conquest) {
      EXPECT_EQ(s.active(), kG);
      EXPECT_EQ(s.phase(), Phase2008::kDraft);
    }
  }
}

TEST(Risk2008WorldConquest, StateRoundTripsThroughJsonWithItsMode) {
  Risk2008State s = wc_through_setup(4);
  Rng rng(11);
  for (int step = 0; step < 400 && !s.is_terminal(); ++step) {
    const auto legal = s.legal_actions();
    s.apply(legal[rng.below(legal.size())]);
  }
  const json j = s.to_json();
  EXPECT_EQ(j["mode"], "world_conquest");
  auto back = Risk2008State::from_json(world_conquest_config(4), j);
  ASSERT_TRUE(back) << back.status().to_string();
  EXPECT_EQ((*back)->to_json(), j);
  EXPECT_EQ((*back)->hash(), s.hash());
  // Another mode's game refuses it, and it refuses theirs.
  auto as_command_room = Risk2008State::from_json(config(false, 4), j);
  ASSERT_FALSE(as_command_room);
  EXPECT_NE(as_command_room.status().message().find("command_room"), std::string::npos);
  json cr = j;
  cr["mode"] = "command_room";
  EXPECT_FALSE(Risk2008State::from_json(world_conquest_config(4), cr));
  // A World Conquest document with an objective out or a reward held is
  // refused.
  json laid = j;
  laid["objective_place"][0] = kOnBoard;
  EXPECT_FALSE(Risk2008State::from_json(world_conquest_config(4), laid));
  json token = j;
  token["token_holder"][0] = 0;
  EXPECT_FALSE(Risk2008State::from_json(world_conquest_config(4), token));
  // The view and a determinization carry the mode; the text names it.
  EXPECT_EQ(s.view(1)["mode"], "world_conquest");
  auto det = s.determinize(1, rng);
  EXPECT_EQ(det->view(1), s.view(1));
  EXPECT_NE(s.to_text(0).find("World Conquest"), std::string::npos);
  EXPECT_FALSE(s.observation_tensor(0).empty());
}

// The mode is in the hash: the same opening position hashes differently
// from Command Room's (whose hashes, pinned by its golden logs, stay).
TEST(Risk2008WorldConquest, TheModeIsInTheHash) {
  Risk2008State wc(world_conquest_config(3));
  Risk2008State cr(config(false, 3));
  EXPECT_NE(wc.hash(), cr.hash());
}

// A seeded match replays from its log to the same hashes and result.
TEST(Risk2008WorldConquest, ASeededMatchReplays) {
  auto game = all_games().create("risk-2008", json{{"mode", "world-conquest"}, {"players", 3}});
  ASSERT_TRUE(game.is_ok());
  Match m = Match::start(*game, 4242);
  Rng rng(5);
  for (int step = 0; step < 3000 && !m.state().is_terminal(); ++step) {
    if (m.state().is_chance()) {
      m.sample_chance();
      continue;
    }
    const auto legal = m.state().legal_actions();
    ASSERT_TRUE(m.act(legal[rng.below(legal.size())]).ok());
  }
  auto replayed = Match::replay(m.log_json(), all_games());
  ASSERT_TRUE(replayed.is_ok()) << replayed.status().to_string();
  EXPECT_EQ(replayed->state().hash(), m.state().hash());
  EXPECT_EQ(replayed->state().to_json(), m.state().to_json());
}

}  // namespace
}  // namespace meeple::risk::state2008
