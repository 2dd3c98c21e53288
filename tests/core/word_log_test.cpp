// The log in words (core/word_log.h) over the toy game: each viewer's log,
// built step by step as the match grows, equals one built from the whole
// log at once; a replaced log is described afresh; the default words hide
// every chance outcome and name the seat of each decision.
#include "core/word_log.h"

#include <gtest/gtest.h>

#include "tests/core/toy_game.h"

namespace meeple::test {
namespace {

using testing::toy_registry;

std::vector<std::string> texts(const WordLog& w, Seat viewer) {
  std::vector<std::string> out;
  for (const auto& e : w.entries(viewer)) out.push_back(e.text);
  return out;
}

TEST(WordLog, GrowsWithTheMatchAndEqualsOneBuiltAtOnce) {
  const Registry reg = toy_registry();
  Match m = Match::start("toy", {}, 11, reg).value();
  WordLog growing(m.game_ptr());
  Rng pick(5);
  while (!m.state().is_terminal()) {
    m.resolve_chance();
    if (m.state().is_terminal()) break;
    ASSERT_TRUE(m.act(static_cast<Action>(pick.below(2))).is_ok());
    growing.catch_up(m.log());
  }
  WordLog at_once(m.game_ptr());
  at_once.catch_up(m.log());
  size_t decisions = 0;
  for (const auto& e : m.log()) decisions += e.seat >= 0;
  for (Seat v : {Seat{0}, Seat{1}, kSpectator}) {
    EXPECT_EQ(texts(growing, v), texts(at_once, v));
    // The toy game's default words: decisions only, no die and no card.
    ASSERT_EQ(growing.entries(v).size(), decisions);
    for (const auto& e : growing.entries(v)) {
      EXPECT_GE(e.seat, 0);
      EXPECT_EQ(m.log()[e.index].seat, e.seat);
      EXPECT_TRUE(e.text.starts_with("Seat 0: ") || e.text.starts_with("Seat 1: ")) << e.text;
    }
  }
  const json j = growing.to_json(kSpectator, 3);
  EXPECT_EQ(j["total"], decisions);
  ASSERT_EQ(j["entries"].size(), std::min<size_t>(3, decisions));
  EXPECT_EQ(j["entries"].back()["text"], growing.entries(kSpectator).back().text);
  // The move list: every action's text in the state it was decided in.
  growing.catch_up(m.log());  // the last chance outcomes too
  ASSERT_EQ(growing.action_texts().size(), m.log().size());
  auto replay = m.game().new_initial_state();
  for (size_t i = 0; i < m.log().size(); ++i) {
    EXPECT_EQ(growing.action_texts()[i], replay->action_to_string(m.log()[i].action)) << i;
    replay->apply(m.log()[i].action);
  }
  EXPECT_EQ(at_once.action_texts(), growing.action_texts());
}

TEST(WordLog, AReplacedLogIsDescribedAfresh) {
  const Registry reg = toy_registry();
  Match a = Match::start("toy", {}, 1, reg).value();
  Match b = Match::start("toy", {}, 2, reg).value();
  for (Match* m : {&a, &b}) {
    for (int k = 0; k < 6 && !m->state().is_terminal(); ++k) {
      m->resolve_chance();
      if (m->state().is_terminal()) break;
      ASSERT_TRUE(m->act(k % 2).is_ok());
    }
  }
  WordLog w(a.game_ptr());
  w.catch_up(a.log());
  w.catch_up(b.log());  // another history of the same length: its hashes differ
  WordLog fresh(b.game_ptr());
  fresh.catch_up(b.log());
  EXPECT_EQ(texts(w, 0), texts(fresh, 0));
  EXPECT_EQ(w.action_texts(), fresh.action_texts());
  w.catch_up({});  // shorter: back to the start
  EXPECT_TRUE(w.entries(0).empty());
  EXPECT_TRUE(w.action_texts().empty());
}

}  // namespace
}  // namespace meeple::test
