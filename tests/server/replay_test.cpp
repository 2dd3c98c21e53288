// The replay's steps (server/replay.h): numbered by turn, so the browser
// steps a turn at a time, with each action in words. Properties over seeded
// random playouts; a Risk defender's dice stay in the attacker's turn.
#include "server/replay.h"

#include <gtest/gtest.h>

#include "all_games/all_games.h"
#include "core/registry.h"
#include "core/rng.h"
#include "core/word_log.h"

namespace meeple::test {
namespace {

// A match of `decisions` random decisions (fewer if it ends first).
Match random_match(const std::string& game, const json& options, int decisions, uint64_t seed) {
  auto m = Match::start(game, options, seed, all_games());
  EXPECT_TRUE(m.is_ok()) << m.status().to_string();
  Rng rng(seed ^ 0x5eed);
  for (int i = 0; i < decisions; ++i) {
    m->resolve_chance();
    if (m->state().is_terminal()) break;
    const auto legal = m->state().legal_actions();
    EXPECT_TRUE(m->act(legal[rng.below(legal.size())]).is_ok());
  }
  return std::move(*m);
}

// What every replay keeps: one step per entry after the start, turns from
// 0 up by at most one, each turn after 0 opened by its own seat's decision,
// and no two turns in a row of the same seat.
void expect_turns_well_formed(const Match& m, const json& steps) {
  ASSERT_EQ(steps.size(), m.log().size() + 1);
  EXPECT_EQ(steps[0]["turn"], 0);
  EXPECT_EQ(steps[0]["text"], "start");
  for (size_t i = 1; i < steps.size(); ++i) {
    const json& step = steps[i];
    const json& prev = steps[i - 1];
    const int turn = step["turn"].get<int>();
    ASSERT_TRUE(turn == prev["turn"].get<int>() || turn == prev["turn"].get<int>() + 1) << i;
    if (turn != prev["turn"].get<int>()) {
      EXPECT_EQ(step["seat"], step["turn_seat"]) << "turn " << turn << " opened at step " << i;
      EXPECT_NE(step["turn_seat"], prev["turn_seat"]) << "two turns in a row of one seat at " << i;
    }
    if (turn == 0) {
      EXPECT_TRUE(step["turn_seat"].is_null());
    }
  }
  EXPECT_EQ(steps.back()["view"], m.state().view(kSpectator));
}

TEST(ReplaySteps, EveryReversiMoveOrPassIsATurn) {
  const Match m = random_match("reversi", json::object(), 200, 3);
  ASSERT_TRUE(m.state().is_terminal());
  const json steps = server::replay_steps(m.game(), m.log());
  expect_turns_well_formed(m, steps);
  // Reversi has no chance: each decision is the next turn.
  EXPECT_EQ(steps.back()["turn"].get<size_t>(), m.log().size());
  EXPECT_EQ(steps[1]["words"].get<std::string>().rfind("Black plays ", 0), 0u) << steps[1];
}

TEST(ReplaySteps, ARiskDefenderAnswersInsideTheAttackersTurn) {
  const Match m = random_match("risk", {{"mode", "domination"}, {"players", 3}}, 1500, 11);
  const json steps = server::replay_steps(m.game(), m.log());
  expect_turns_well_formed(m, steps);
  int answered_inside = 0, turns_with_rolls = 0, last_turn_counted = -1;
  for (size_t i = 1; i < steps.size(); ++i) {
    const json& step = steps[i];
    if (step["seat"].is_number() && step["turn_seat"].is_number() &&
        step["seat"] != step["turn_seat"])
      ++answered_inside;  // a defence: another seat decided within the turn
    if (step["seat"] == "chance" && step["turn"].get<int>() > 0 &&
        step["turn"].get<int>() != last_turn_counted) {
      ++turns_with_rolls;
      last_turn_counted = step["turn"].get<int>();
    }
  }
  EXPECT_GT(answered_inside, 0) << "no defence found in 1500 random decisions";
  EXPECT_GT(turns_with_rolls, 0);
  // Far fewer turns than steps: a turn is a player's whole turn.
  EXPECT_LT(steps.back()["turn"].get<size_t>() * 3, steps.size());
  // The start and the deal are turn 0; the first claim opens turn 1.
  size_t first_decision = 1;
  while (!steps[first_decision]["seat"].is_number()) ++first_decision;
  EXPECT_EQ(steps[first_decision - 1]["turn"], 0);
  EXPECT_EQ(steps[first_decision]["turn"], 1);
}

TEST(ReplaySteps, WordsAreTheSpectatorsLog) {
  const Match m = random_match("king-is-dead", {{"players", 3}}, 40, 5);
  const json steps = server::replay_steps(m.game(), m.log());
  expect_turns_well_formed(m, steps);
  auto s = m.game().new_initial_state();
  for (size_t i = 0; i < m.log().size(); ++i) {
    auto before = s->clone();
    s->apply(m.log()[i].action);
    EXPECT_EQ(steps[i + 1]["words"], before->describe(m.log()[i].action, *s, kSpectator)) << i;
  }
}

TEST(ReplaySteps, TheLogInWordsNamesTheSameTurns) {
  // The live log (core/word_log.h) and the replay group actions alike, so
  // "since your last turn" and the replay's turns agree.
  const Match m = random_match("risk", {{"mode", "domination"}, {"players", 3}}, 1200, 17);
  const json steps = server::replay_steps(m.game(), m.log());
  WordLog words(m.game_ptr());
  words.catch_up(m.log());
  int defences = 0;
  for (const auto& e : words.entries(kSpectator)) {
    const json& step = steps[e.index + 1];
    EXPECT_EQ(e.turn == kChance ? json(nullptr) : json(e.turn), step["turn_seat"]) << e.text;
    if (e.seat >= 0 && e.seat != e.turn) {
      ++defences;
      EXPECT_NE(e.text.find(" defends "), std::string::npos) << e.text;
    }
  }
  EXPECT_GT(defences, 0);
}

}  // namespace
}  // namespace meeple::test
