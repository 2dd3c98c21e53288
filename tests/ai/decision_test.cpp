// core/decision.h: what a bot is given. It names the seat, shows the seat's
// view and legal actions, and samples full states with determinize(rng); it
// offers no way to the true state (checked at compile time for the obvious
// doors) and its samples redraw what the seat cannot see while keeping what
// it sees (checked at run time on Secret Missions Risk, the mode with the
// most hidden parts). For a perfect-information game a sample is the exact
// state.
#include "core/decision.h"

#include <gtest/gtest.h>

#include <set>
#include <type_traits>

#include "ai/bot.h"
#include "all_games/all_games.h"
#include "core/match.h"
#include "core/registry.h"

namespace meeple {
namespace {

// The doors a true state could leak through, closed at compile time.
template <class T>
concept HandsOutAState = std::is_base_of_v<State, T> ||
    std::is_convertible_v<const T&, const State&> ||
    std::is_convertible_v<const T&, const State*> || requires(const T& d) {
  d.state();
} || requires(const T& d) {
  d.truth();
} || requires(const T& d) {
  d.true_state();
} || requires(const T& d) {
  d.clone();
} || requires(const T& d) {
  d.to_json();
} || requires(const T& d) {
  d.determinize(Seat{0}, std::declval<Rng&>());
};
static_assert(!HandsOutAState<Decision>, "a bot must not reach the true state");
// A copy could outlive the state it refers to; bots take it by reference.
static_assert(!std::is_copy_constructible_v<Decision>);
// The bot interface takes a Decision, not a State.
static_assert(!std::is_invocable_v<decltype(&Bot::choose), Bot&, const State&>);
static_assert(std::is_invocable_r_v<Action, decltype(&Bot::choose), Bot&, const Decision&>);

std::shared_ptr<const Game> create(const std::string& name, const json& options = json::object()) {
  auto g = all_games().create(name, options);
  EXPECT_TRUE(g.is_ok()) << g.status().to_string();
  return *g;
}

// A 4-player Secret Missions game played some way in, at a decision.
Match missions_midgame(const std::shared_ptr<const Game>& game) {
  Match m = Match::start(game, 77);
  auto bot = make_bot(*game, 0, 3);
  for (int step = 0; step < 400 || m.state().is_chance(); ++step) {
    if (m.state().is_chance())
      m.sample_chance();
    else
      EXPECT_TRUE(m.act((*bot)->choose(Decision(*game, m.state()))));
  }
  return m;
}

TEST(Decision, GivesTheSeatItsViewAndLegalActions) {
  auto game = create("risk", {{"mode", "missions"}, {"players", 4}});
  Match m = missions_midgame(game);
  const State& truth = m.state();
  const Decision d(*game, truth);
  EXPECT_EQ(d.seat(), truth.current_player());
  EXPECT_EQ(d.view(), truth.view(d.seat()));
  EXPECT_EQ(d.legal_actions(), truth.legal_actions());
  EXPECT_TRUE(d.has_hidden_information());
  EXPECT_EQ(d.num_seats(), 4);
  for (Action a : d.legal_actions()) {
    EXPECT_TRUE(d.is_legal(a));
    EXPECT_EQ(d.action_to_json(a), truth.action_to_json(a));
    EXPECT_EQ(d.action_to_string(a), truth.action_to_string(a));
  }
}

// Samples with different RNGs differ in what the seat cannot see (other
// hands, the deck, other missions) and never in what it sees.
TEST(Decision, DeterminizeRedrawsOnlyWhatTheSeatCannotSee) {
  auto game = create("risk", {{"mode", "missions"}, {"players", 4}});
  Match m = missions_midgame(game);
  const Decision d(*game, m.state());
  std::set<uint64_t> samples;
  std::set<std::string> other_missions;
  for (uint64_t k = 0; k < 20; ++k) {
    Rng rng(k);
    auto s = d.determinize(rng);
    ASSERT_EQ(s->view(d.seat()), d.view()) << "sample " << k;
    ASSERT_EQ(s->current_player(), d.seat());
    ASSERT_EQ(s->legal_actions(), d.legal_actions());
    samples.insert(s->hash());
    const Seat other = (d.seat() + 1) % 4;
    other_missions.insert(s->view(other)["players"][other]["missions"].dump());
  }
  EXPECT_GT(samples.size(), 10u) << "the hidden parts should be redrawn";
  EXPECT_GT(other_missions.size(), 1u) << "another player's missions should be redrawn";
}

// Reversi hides nothing: determinize is the exact state, so a searcher
// works on the real position.
TEST(Decision, PerfectInformationSampleIsTheExactState) {
  auto game = create("reversi");
  Match m = Match::start(game, 5);
  auto bot = make_bot(*game, 0, 11);
  for (int i = 0; i < 20; ++i) ASSERT_TRUE(m.act((*bot)->choose(Decision(*game, m.state()))));
  const Decision d(*game, m.state());
  EXPECT_FALSE(d.has_hidden_information());
  Rng rng(1);
  auto s = d.determinize(rng);
  EXPECT_EQ(s->to_json(), m.state().to_json());
  EXPECT_EQ(s->hash(), m.state().hash());
}

}  // namespace
}  // namespace meeple
