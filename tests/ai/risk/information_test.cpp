// Bots decide from information, not from the state (core/decision.h): in
// every Risk mode with hidden information (other players' hands and the
// deck; Secret Missions: the missions; the active 2-player game: the cards
// under the neutrals), two true states that differ only in what the deciding
// seat cannot see give the same choice, for the heuristic bot and the random
// bot with the same seed. The deck has no order to hide: a draw is a chance
// outcome (risk_state.h), so "the deck" is the set of undrawn cards.
//
// The second state is the first with its hidden parts redrawn
// (State::determinize for the deciding seat), checked to look the same to
// that seat (its view) and to differ from the truth often enough for the
// test to mean something. Determinization itself must not leak either: from
// both states, the same RNG gives the very same sample.
#include <gtest/gtest.h>

#include <algorithm>

#include "ai/bot.h"
#include "ai/risk/risk_bot.h"
#include "core/decision.h"
#include "core/match.h"
#include "tests/games/risk/risk_helpers.h"

namespace meeple::risk {
namespace {

struct ModeCase {
  const char* mode;
  int players;
};

class RiskInformation : public ::testing::TestWithParam<ModeCase> {};

// Plays a seeded game between heuristic bots and, at every few decisions,
// compares the choices made from the truth and from a redrawn truth.
TEST_P(RiskInformation, ChoiceIsTheSameWhateverTheHiddenPartsAre) {
  const auto [mode, players] = GetParam();
  auto game = test::make(mode, players);
  Match m = Match::start(game, 2026);
  std::vector<std::unique_ptr<Bot>> players_bots;
  for (int p = 0; p < players; ++p)
    players_bots.push_back(make_risk_bot(*game, kHeuristicLevel, 100 + static_cast<uint64_t>(p)));
  Rng redraw(9), sample(0);
  int compared = 0, hidden_differed = 0;
  for (int step = 0; step < 3000 && !m.state().is_terminal(); ++step) {
    const State& truth = m.state();
    if (truth.is_chance()) {
      m.sample_chance();
      continue;
    }
    const Seat seat = truth.current_player();
    if (step % 7 == 0) {
      auto other = truth.determinize(seat, redraw);
      ASSERT_EQ(other->view(seat), truth.view(seat)) << "the redrawn state looks the same";
      hidden_differed += other->hash() != truth.hash();
      for (int level : {0, 1, 2, 3, kHeuristicLevel}) {
        const uint64_t seed = 5000 + static_cast<uint64_t>(step);
        auto bot_a = make_bot(*game, level, seed);
        auto bot_b = make_bot(*game, level, seed);
        ASSERT_TRUE(bot_a.is_ok() && bot_b.is_ok());
        const Action a = (*bot_a)->choose(Decision(*game, truth));
        const Action b = (*bot_b)->choose(Decision(*game, *other));
        ASSERT_EQ(a, b) << mode << " step " << step << " level " << level << ": "
                        << truth.action_to_string(a) << " vs " << truth.action_to_string(b);
      }
      // Determinization depends on the seat's knowledge only.
      const uint64_t k = sample.next();
      Rng r1(k), r2(k);
      ASSERT_EQ(truth.determinize(seat, r1)->to_json(), other->determinize(seat, r2)->to_json())
          << mode << " step " << step;
      ++compared;
    }
    ASSERT_TRUE(m.act(players_bots[static_cast<size_t>(seat)]->choose(Decision(*game, truth))));
  }
  EXPECT_GE(compared, 100);
  EXPECT_GE(hidden_differed, compared / 2) << "the hidden parts were rarely redrawn";
}

INSTANTIATE_TEST_SUITE_P(EveryModeWithHiddenInformation, RiskInformation,
                         ::testing::Values(ModeCase{"domination", 3}, ModeCase{"missions", 4},
                                           ModeCase{"two-player-passive", 2},
                                           ModeCase{"two-player-active", 2}, ModeCase{"teams", 4}),
                         [](const auto& param_info) {
                           std::string name = param_info.param.mode;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name + "_" + std::to_string(param_info.param.players);
                         });

// The heuristic bot decides from a determinized state with its own RNG: the
// same seed gives the same game.
TEST(RiskInformation, HeuristicBotIsDeterministicGivenItsSeed) {
  auto game = test::make("missions", 3);
  auto play = [&] {
    Match m = Match::start(game, 31);
    std::vector<std::unique_ptr<Bot>> bots;
    for (int p = 0; p < 3; ++p)
      bots.push_back(make_risk_bot(*game, kHeuristicLevel, 7 + static_cast<uint64_t>(p)));
    for (int step = 0; step < 1500 && !m.state().is_terminal(); ++step) {
      if (m.state().is_chance())
        m.sample_chance();
      else
        EXPECT_TRUE(m.act(bots[static_cast<size_t>(m.state().current_player())]->choose(
            Decision(*game, m.state()))));
    }
    return m.state().hash();
  };
  EXPECT_EQ(play(), play());
}

// The active 2-player game (§11.3): bribe cards lie face down, but the
// briber knows what he gave, under the neutral and, once the neutral is
// destroyed, in the hand of whoever destroyed it (§11.5). Samples for the
// briber keep them; samples for the opponent redraw them.
using test::kRed, test::kBlue, test::kGreen, test::kBlack;

std::unique_ptr<RiskState> red_bribed_green(const Game& game) {
  auto s = test::board(game, kBlack);
  s->set_territory(test::T("alaska"), kRed, 3);
  s->set_territory(test::T("brazil"), kBlue, 6);
  s->set_territory(test::T("peru"), kGreen, 1);
  test::give(*s, kRed, test::cards({"alaska", "peru", "greenland"}));
  test::give(*s, kBlue, test::cards({"china", "india"}));
  s->set_neutral_status(kGreen, 2);  // Blue's ally: two cards make it Red's
  s->begin_turn_for_test(kRed);
  EXPECT_EQ(s->phase(), Phase::kBribe);
  test::act(*s, "bribe alaska green");
  test::act(*s, "bribe peru green");
  return s;
}

TEST(RiskInformation, TheBriberKnowsTheCardsItGave) {
  auto game = test::make("two-player-active", 2);
  auto s = red_bribed_green(*game);
  const CardMask given = test::cards({"alaska", "peru"});
  EXPECT_EQ(s->bribes_given(kRed), given);
  EXPECT_EQ(s->view(kRed)["neutrals"][0]["your_cards"], json::array({"alaska", "peru"}));
  EXPECT_FALSE(s->view(kBlue)["neutrals"][0].contains("your_cards"));
  EXPECT_FALSE(s->view(kSpectator)["neutrals"][0].contains("your_cards"));
  int moved_for_blue = 0;
  for (uint64_t k = 0; k < 30; ++k) {
    Rng r1(k), r2(k);
    const auto for_red = s->determinize(kRed, r1);
    const auto& red_sample = static_cast<const RiskState&>(*for_red);
    ASSERT_EQ(red_sample.bribes(kGreen), given) << "Red gave exactly these";
    ASSERT_EQ(red_sample.bribes_given(kRed), given);
    const auto for_blue = s->determinize(kBlue, r2);
    const auto& blue_sample = static_cast<const RiskState&>(*for_blue);
    ASSERT_EQ(blue_sample.view(kBlue), s->view(kBlue));
    ASSERT_EQ(popcount(blue_sample.bribes(kGreen)), 2);
    ASSERT_EQ(blue_sample.bribes_given(kRed), blue_sample.bribes(kGreen))
        << "Blue saw Red give two cards to green, not which";
    moved_for_blue += blue_sample.bribes(kGreen) != given;
  }
  EXPECT_GT(moved_for_blue, 20) << "Blue cannot know which cards lie under green";
}

TEST(RiskInformation, TheBriberKnowsWhoTookItsCards) {
  auto game = test::make("two-player-active", 2);
  auto s = red_bribed_green(*game);
  // Blue destroys green and takes its bribe cards (§11.5, R28 d).
  s->begin_attack_for_test(kBlue);
  test::act(*s, "attack brazil peru 3");
  if (s->phase() == Phase::kDefend) test::act(*s, "defend 1");  // one army: one die
  test::roll(*s, {6, 6, 6, 1});
  while (s->phase() == Phase::kMoveIn) s->apply(kMoveDone);
  const CardMask given = test::cards({"alaska", "peru"});
  ASSERT_EQ(s->bribes(kGreen), 0u);
  ASSERT_EQ(s->hand(kBlue) & given, given);
  EXPECT_EQ(s->view(kRed)["players"][kBlue]["your_bribes_held"], json::array({"alaska", "peru"}));
  for (uint64_t k = 0; k < 20; ++k) {
    Rng rng(k);
    const auto sample = s->determinize(kRed, rng);
    ASSERT_EQ(static_cast<const RiskState&>(*sample).hand(kBlue) & given, given);
    ASSERT_EQ(sample->view(kRed), s->view(kRed));
  }
  // Once traded, the cards are in the open discard pile and forgotten as bribes.
  test::give(*s, kBlue, test::cards({"joker1"}));
  s->begin_turn_for_test(kBlue);
  while (s->phase() == Phase::kBribe) s->apply(kEndBribe);
  const Territory a = test::T("alaska"), b = test::T("peru");
  const Action trade =
      trade_action(std::min(a, b), std::max(a, b), kJoker1);  // infantry x2 + joker
  ASSERT_TRUE(s->is_legal(trade));
  s->apply(trade);
  EXPECT_EQ(s->bribes_given(kRed), 0u);
}

}  // namespace
}  // namespace meeple::risk
