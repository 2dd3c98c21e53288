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
  int id_sweep_every = 1;    // is_legal for every id in range at every Nth deep check
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
      const uint64_t dseed = rng.next();
      Rng drng(dseed);
      auto d = s.determinize(seat, drng);
      ASSERT_EQ(d->view(seat), v) << "determinize(seat) keeps what the seat knows";
      ASSERT_EQ(d->current_player(), cur);
      // determinize_into draws the same sample, into a state that held
      // another position (`copy`, one move on) or into nothing.
      Rng reused_rng(dseed);
      s.determinize_into(seat, reused_rng, copy);
      ASSERT_EQ(copy->to_json(), d->to_json()) << "determinize_into differs from determinize";
      std::unique_ptr<State> fresh;
      Rng fresh_rng(dseed);
      s.determinize_into(seat, fresh_rng, fresh);
      ASSERT_EQ(fresh->to_json(), d->to_json()) << "determinize_into an empty pointer differs";
    }
  }
}

// Contract v2: the metadata against the game and itself (once per game).
inline void check_metadata(const Game& game) {
  const GameMetadata m = game.metadata();
  const GameInfo& info = game.info();
  ASSERT_EQ(m.num_distinct_actions, game.num_distinct_actions());
  ASSERT_EQ(m.observation_tensor_shape, game.observation_tensor_shape());
  ASSERT_EQ(m.information_state_tensor_shape, game.information_state_tensor_shape());
  ASSERT_GT(tensor_size(m.observation_tensor_shape), 0);
  ASSERT_GT(tensor_size(m.information_state_tensor_shape), 0);
  ASSERT_EQ(static_cast<int>(m.seat_names.size()), game.num_seats());
  for (const auto& name : m.seat_names) ASSERT_FALSE(name.empty());
  std::vector<int> team_of(static_cast<size_t>(game.num_seats()), -1);
  for (size_t t = 0; t < m.teams.size(); ++t) {
    ASSERT_FALSE(m.teams[t].empty()) << "team " << t << " is empty";
    for (Seat p : m.teams[t]) {
      ASSERT_TRUE(p >= 0 && p < game.num_seats()) << "team " << t << " lists seat " << p;
      ASSERT_EQ(team_of[static_cast<size_t>(p)], -1) << "seat " << p << " is in two teams";
      team_of[static_cast<size_t>(p)] = static_cast<int>(t);
    }
  }
  for (int t : team_of) ASSERT_GE(t, 0) << "every seat is in a team";
  ASSERT_LE(m.min_utility, m.max_utility);
  if (m.utility == Utility::kZeroSum) {
    ASSERT_EQ(m.utility_sum, 0.0);
  }
  ASSERT_EQ(info.has_chance, m.chance_mode != ChanceMode::kDeterministic);
  ASSERT_EQ(info.has_hidden_information, m.information == Information::kImperfect);
  ASSERT_EQ(m.chance_mode == ChanceMode::kDeterministic, m.max_chance_outcomes == 0);
  ASSERT_TRUE(m.max_game_length == kUnboundedLength || m.max_game_length > 0);
  ASSERT_GT(m.practical_game_length, 0);
  if (m.max_game_length != kUnboundedLength) {
    ASSERT_EQ(m.practical_game_length, m.max_game_length);
  }
}

inline void check_tensor(const State& s, Seat seat, bool information,
                         const std::vector<int>& shape) {
  const size_t size = static_cast<size_t>(tensor_size(shape));
  const auto v = information ? s.information_state_tensor(seat) : s.observation_tensor(seat);
  ASSERT_EQ(v.size(), size) << "tensor of seat " << seat;
  for (size_t i = 0; i < v.size(); ++i) ASSERT_TRUE(std::isfinite(v[i])) << "entry " << i;
  // The span form writes the same into a dirty buffer of the right size and
  // refuses a wrong size or seat, leaving the buffer as it was.
  std::vector<float> buffer(size, 7.0f);
  const Status st =
      information ? s.information_state_tensor(seat, buffer) : s.observation_tensor(seat, buffer);
  ASSERT_TRUE(st.is_ok()) << st.to_string();
  ASSERT_EQ(buffer, v);
  std::vector<float> wrong(size + 1, 7.0f);
  ASSERT_FALSE(
      (information ? s.information_state_tensor(seat, wrong) : s.observation_tensor(seat, wrong))
          .is_ok());
  ASSERT_EQ(wrong, std::vector<float>(size + 1, 7.0f));
}

// Contract v2 at one node: legality in three forms, tensors, and views that
// do not change when what the observer cannot see is redrawn.
inline void check_contract_v2(const Game& game, const State& s, Rng& rng, bool sweep_ids) {
  const GameMetadata m = game.metadata();
  const int n = game.num_distinct_actions();
  ASSERT_EQ(s.num_distinct_actions(), n);
  const auto legal = s.legal_actions();
  std::vector<Action> buffer = {n + 5, -3, 17};  // reused, dirty
  s.legal_actions(buffer);
  ASSERT_EQ(buffer, legal) << "legal_actions(out) clears and fills the buffer";
  const auto mask = s.legal_actions_mask();
  ASSERT_EQ(static_cast<int>(mask.size()), n);
  std::vector<uint8_t> expected(static_cast<size_t>(n), 0);
  for (Action a : legal) expected[static_cast<size_t>(a)] = 1;
  ASSERT_TRUE(mask == expected) << "legal_actions_mask agrees with legal_actions";
  for (Action a : legal) ASSERT_TRUE(s.is_legal(a)) << "is_legal(" << a << ")";
  for (Action a :
       {-1, n, n + 1, std::numeric_limits<Action>::max(), std::numeric_limits<Action>::min()})
    ASSERT_FALSE(s.is_legal(a)) << "is_legal(" << a << ") out of range";
  if (sweep_ids) {
    for (Action a = 0; a < n; ++a)
      ASSERT_EQ(s.is_legal(a), expected[static_cast<size_t>(a)] == 1) << "is_legal(" << a << ")";
  } else {
    for (int k = 0; k < 64; ++k) {
      const auto a = static_cast<Action>(rng.below(static_cast<uint64_t>(n)));
      ASSERT_EQ(s.is_legal(a), expected[static_cast<size_t>(a)] == 1) << "is_legal(" << a << ")";
    }
  }
  if (s.is_chance()) {
    ASSERT_NE(m.chance_mode, ChanceMode::kDeterministic);
    ASSERT_LE(static_cast<int>(legal.size()), m.max_chance_outcomes);
  }
  ASSERT_EQ(s.observation_tensor_shape(), m.observation_tensor_shape);
  ASSERT_EQ(s.information_state_tensor_shape(), m.information_state_tensor_shape);
  for (Seat bad : {game.num_seats(), -4, kChance}) {
    ASSERT_TRUE(s.observation_tensor(bad).empty()) << "seat " << bad << " is refused";
    std::vector<float> out(static_cast<size_t>(tensor_size(m.observation_tensor_shape)));
    ASSERT_FALSE(s.observation_tensor(bad, out).is_ok());
  }
  for (Seat seat = kSpectator; seat < game.num_seats(); ++seat) {
    if (seat == kChance || seat == kTerminal) continue;
    ASSERT_NO_FATAL_FAILURE(check_tensor(s, seat, false, m.observation_tensor_shape));
    ASSERT_NO_FATAL_FAILURE(check_tensor(s, seat, true, m.information_state_tensor_shape));
    const std::string obs = s.observation_string(seat);
    const std::string info = s.information_state_string(seat);
    ASSERT_FALSE(obs.empty());
    ASSERT_FALSE(info.empty());
    // Redraw what this observer cannot see: nothing it observes may change.
    for (int k = 0; k < 2; ++k) {
      Rng drng(rng.next());
      const auto d = s.determinize(seat, drng);
      ASSERT_EQ(d->observation_string(seat), obs) << "observation of seat " << seat;
      ASSERT_EQ(d->information_state_string(seat), info) << "information state of seat " << seat;
      ASSERT_EQ(d->observation_tensor(seat), s.observation_tensor(seat)) << "seat " << seat;
      ASSERT_EQ(d->information_state_tensor(seat), s.information_state_tensor(seat))
          << "seat " << seat;
      if (m.information == Information::kPerfect) {
        ASSERT_EQ(d->hash(), s.hash()) << "perfect information: nothing to redraw";
      }
    }
  }
}

// Contract v2 at the end: returns within the utility range, summing as the
// utility type says, equal within a team; the length within the maximum.
inline void check_returns(const Game& game, const State& s, int length) {
  const GameMetadata m = game.metadata();
  const auto r = s.returns();
  ASSERT_EQ(static_cast<int>(r.size()), game.num_seats());
  double sum = 0;
  for (double v : r) {
    ASSERT_TRUE(v >= m.min_utility && v <= m.max_utility) << v;
    sum += v;
  }
  if (m.utility == Utility::kZeroSum || m.utility == Utility::kConstantSum) {
    ASSERT_NEAR(sum, m.utility_sum, 1e-9) << utility_name(m.utility);
  }
  if (m.utility == Utility::kIdentical) {
    for (double v : r) ASSERT_EQ(v, r[0]);
  }
  for (const auto& team : m.teams)
    for (Seat p : team)
      ASSERT_EQ(r[static_cast<size_t>(p)], r[static_cast<size_t>(team[0])]) << "team";
  if (m.max_game_length != kUnboundedLength) {
    ASSERT_LE(length, m.max_game_length);
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
  ASSERT_NO_FATAL_FAILURE(check_metadata(**game));
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
    int steps = 0, deep_checks = 0;
    while (!m.state().is_terminal()) {
      const bool deep = opt.deep_check_every > 0 && steps % opt.deep_check_every == 0;
      ASSERT_NO_FATAL_FAILURE(check_node(**game, m.state(), rng, deep))
          << "game " << g << " step " << steps;
      if (deep) {
        const bool sweep = deep_checks++ % std::max(1, opt.id_sweep_every) == 0;
        ASSERT_NO_FATAL_FAILURE(check_contract_v2(**game, m.state(), rng, sweep))
            << "game " << g << " step " << steps;
      }
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
    ASSERT_NO_FATAL_FAILURE(check_contract_v2(**game, m.state(), rng, true));
    ASSERT_NO_FATAL_FAILURE(check_returns(**game, m.state(), steps));
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
