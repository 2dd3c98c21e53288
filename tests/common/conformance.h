// The conformance suite every game runs (after open_spiel/tests/basic_tests):
// random playouts through Match that check, at every node, the guarantees
// core/game.h promises — sorted legal actions, chance probabilities summing
// to 1, action JSON round trips, state JSON round trips, independent copies,
// views for every seat, determinization consistent with the seat's view,
// hostile input through Match::act_json that fails cleanly and changes
// nothing — and at the end, returns in range and a replay that reproduces
// the hash.
//
// Use from a game's tests:
//   TEST(ReversiConformance, RandomPlayouts) {
//     meeple::testing::run_conformance("reversi", {}, {.games = 50});
//   }
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "all_games/all_games.h"
#include "core/match.h"
#include "core/registry.h"

namespace meeple::testing {

struct ConformanceOptions {
  int games = 20;          // random playouts
  int max_steps = 100000;  // a game longer than this fails (games must end)
  uint64_t seed = 1;
  int deep_check_every = 1;  // JSON/determinize checks every N steps (cost control)
  // The players, one made per seat from a seed; none: one uniformly random
  // player for every seat (games where random play rarely ends, like Risk,
  // pass their own bot).
  std::function<std::unique_ptr<Bot>(const Game&, uint64_t seed)> player = nullptr;
};

inline void check_node(const Game& game, const State& s, Rng& rng, bool deep) {
  const Seat cur = s.current_player();
  ASSERT_TRUE(cur == kChance || cur == kTerminal || (cur >= 0 && cur < game.num_seats()))
      << "current_player " << cur;
  const auto legal = s.legal_actions();
  ASSERT_EQ(s.is_terminal(), legal.empty()) << "legal actions empty exactly at the end";
  ASSERT_TRUE(std::is_sorted(legal.begin(), legal.end())) << "legal actions sorted";
  ASSERT_TRUE(std::adjacent_find(legal.begin(), legal.end()) == legal.end()) << "no duplicates";
  for (Action a : legal) ASSERT_TRUE(a >= 0 && a < game.num_distinct_actions()) << a;
  if (s.is_chance()) {
    const auto outcomes = s.chance_outcomes();
    double total = 0;
    std::vector<Action> ids;
    for (const auto& o : outcomes) {
      ASSERT_GT(o.probability, 0.0);
      total += o.probability;
      ids.push_back(o.action);
    }
    ASSERT_NEAR(total, 1.0, 1e-9) << "chance probabilities sum to 1";
    ASSERT_EQ(ids, legal) << "chance outcomes are the legal actions";
  } else if (!s.is_terminal()) {
    ASSERT_TRUE(s.chance_outcomes().empty());
    if (deep) {
      for (Action a : legal) {
        const json j = s.action_to_json(a);
        auto back = s.decode_action(j);
        ASSERT_TRUE(back.is_ok()) << j.dump() << ": " << back.status().to_string();
        ASSERT_EQ(*back, std::vector<Action>{a}) << "action JSON round trip " << j.dump();
        auto by_id = s.decode_action(json(a));
        ASSERT_TRUE(by_id.is_ok());
      }
    }
  }
  if (!deep) return;
  // Full-state JSON round trip.
  const json full = s.to_json();
  auto loaded = game.state_from_json(full);
  ASSERT_TRUE(loaded.is_ok()) << loaded.status().to_string();
  ASSERT_EQ((*loaded)->hash(), s.hash()) << "state JSON round trip keeps the hash";
  ASSERT_EQ((*loaded)->to_json(), full) << "state JSON round trip";
  // Copies are independent.
  auto copy = s.clone();
  ASSERT_EQ(copy->hash(), s.hash());
  if (!legal.empty()) {
    const uint64_t before = s.hash();
    copy->apply(legal[rng.below(legal.size())]);
    ASSERT_EQ(s.hash(), before) << "applying to a clone changed the original";
  }
  // Views: every seat and spectators; determinizations agree with the view.
  for (Seat seat = -3; seat < game.num_seats(); ++seat) {
    if (seat == kChance || seat == kTerminal) continue;
    const json v = s.view(seat);
    ASSERT_TRUE(v.is_object());
    ASSERT_TRUE(v.contains("current_player") && v.contains("terminal")) << v.dump();
    if (seat >= 0) {
      Rng drng(rng.next());
      auto d = s.determinize(seat, drng);
      ASSERT_EQ(d->view(seat), v) << "determinize(seat) keeps what the seat knows";
      ASSERT_EQ(d->current_player(), cur);
    }
  }
}

// Input a client could send at this node: JSON of every shape that is not
// an action, and the legal actions' own JSON and text damaged — fields
// nulled, retyped, out of range or missing, text truncated or extended.
inline std::vector<json> hostile_inputs(const State& s, int num_distinct_actions, Rng& rng) {
  std::vector<json> out = {nullptr,
                           true,
                           false,
                           -1,
                           3.5,
                           std::numeric_limits<int64_t>::max(),
                           std::numeric_limits<int64_t>::min(),
                           1e300,
                           "",
                           " ",
                           "\t\n",
                           "no such command",
                           "üñïçødé ☃ 99",
                           std::string(5000, 'x'),
                           "-1",
                           "99999999999999999999999",
                           json::array(),
                           json::array({1, 2}),
                           json::object(),
                           json{{"type", nullptr}},
                           json{{"type", 7}},
                           json{{"type", "no_such_type"}},
                           json{{"no_such_field", "x"}}};
  json deep = json::object();
  for (int i = 0; i < 64; ++i) deep = json{{"type", deep}};
  out.push_back(deep);
  const auto legal = s.legal_actions();
  if (legal.empty()) return out;
  out.push_back(num_distinct_actions);
  out.push_back(json::array({legal.front()}));
  const json bad_values[] = {nullptr,       "no_such_thing", -1,  -1000000000, 1000000000,
                             json::array(), json::object(),  2.5, true};
  for (int k = 0; k < 4; ++k) {
    const json good = s.action_to_json(legal[rng.below(legal.size())]);
    if (good.is_object()) {
      for (const auto& [key, value] : good.items()) {
        for (const json& v : bad_values) {
          json bad = good;
          bad[key] = v;
          out.push_back(bad);
        }
        json missing = good;
        missing.erase(key);
        out.push_back(missing);
      }
    } else if (good.is_string()) {
      const std::string text = good.get<std::string>();
      out.push_back(text.substr(0, text.size() / 2));
      out.push_back(text + " 99 extra");
      out.push_back(text + " -5");
      out.push_back("-3 " + text);
    }
  }
  return out;
}

// Every hostile input either decodes to steps that Match accepts as a whole
// (a decoder may accept more spellings than action_to_json writes) or fails
// with a message, leaving the match exactly as it was.
inline void check_hostile_input(const Match& m, Rng& rng) {
  if (m.state().is_terminal() || m.state().is_chance()) return;
  const uint64_t hash = m.state().hash();
  const size_t log_size = m.log().size();
  for (const json& bad : hostile_inputs(m.state(), m.game().num_distinct_actions(), rng)) {
    const std::string shown = bad.dump().substr(0, 120);
    auto decoded = m.state().decode_action(bad);
    if (!decoded.is_ok()) {
      ASSERT_FALSE(decoded.status().message().empty())
          << "an error must say what was wrong: " << shown;
      continue;
    }
    Match probe = m;  // the decoder took it: try it on a copy
    auto applied = probe.act_json(bad);
    if (applied.is_ok()) {
      ASSERT_FALSE(applied->empty()) << shown;
      ASSERT_EQ(probe.log().size(), log_size + applied->size()) << shown;
    } else {
      ASSERT_FALSE(applied.status().message().empty()) << shown;
      ASSERT_EQ(probe.state().hash(), hash) << "a rejected action changed the state: " << shown;
      ASSERT_EQ(probe.log().size(), log_size) << shown;
    }
  }
  ASSERT_EQ(m.state().hash(), hash);
}

inline void run_conformance(const std::string& game_name, const json& options,
                            ConformanceOptions opt = {}, const Registry& registry = all_games()) {
  auto game = registry.create(game_name, options);
  ASSERT_TRUE(game.is_ok()) << game.status().to_string();
  Rng rng(opt.seed);
  for (int g = 0; g < opt.games; ++g) {
    const uint64_t seed = rng.next();
    Match m = Match::start(*game, seed);
    std::vector<std::unique_ptr<Bot>> bots;
    if (opt.player) {
      for (int p = 0; p < (*game)->num_seats(); ++p) bots.push_back(opt.player(**game, rng.next()));
    } else {
      bots.push_back(std::make_unique<RandomBot>(rng.next()));
    }
    int steps = 0;
    while (!m.state().is_terminal()) {
      const bool deep = opt.deep_check_every > 0 && steps % opt.deep_check_every == 0;
      ASSERT_NO_FATAL_FAILURE(check_node(**game, m.state(), rng, deep))
          << "game " << g << " step " << steps;
      if (deep && steps % 5 == 0) {
        ASSERT_NO_FATAL_FAILURE(check_hostile_input(m, rng)) << "game " << g << " step " << steps;
      }
      if (m.state().is_chance()) {
        m.sample_chance();
      } else {
        Bot& bot = *bots[opt.player ? m.state().current_player() : 0];
        ASSERT_TRUE(m.act(bot.choose(Decision(**game, m.state()))).is_ok());
      }
      ASSERT_LT(++steps, opt.max_steps) << "the game must end";
    }
    ASSERT_NO_FATAL_FAILURE(check_node(**game, m.state(), rng, true));
    const auto r = m.state().returns();
    ASSERT_EQ(static_cast<int>(r.size()), (*game)->num_seats());
    for (double v : r) ASSERT_TRUE(v >= -1 && v <= 1);
    // The log replays to the same state; so does the full match JSON.
    auto replayed = Match::replay(m.log_json(), registry);
    ASSERT_TRUE(replayed.is_ok()) << replayed.status().to_string();
    ASSERT_EQ(replayed->state().hash(), m.state().hash());
    auto restored = Match::from_json(json::parse(m.to_json().dump()), registry);
    ASSERT_TRUE(restored.is_ok()) << restored.status().to_string();
    ASSERT_EQ(restored->rng().state(), m.rng().state());
    ASSERT_EQ(restored->state().hash(), m.state().hash());
  }
}

}  // namespace meeple::testing
