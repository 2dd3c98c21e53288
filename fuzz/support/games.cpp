#include "fuzz/support/games.h"

#include <algorithm>
#include <cmath>

#include "all_games/all_games.h"
#include "core/registry.h"
#include "fuzz/support/check.h"

namespace meeple::fuzz {

namespace {

// Every value one option may take.
std::vector<json> option_values(const OptionSpec& spec) {
  if (!spec.allowed.empty()) return spec.allowed;
  if (spec.type == OptionType::kBool) return {false, true};
  if (spec.type == OptionType::kInt && spec.min < spec.max) {
    std::vector<json> values;
    for (int64_t v = spec.min; v <= spec.max && values.size() < 64; ++v) values.push_back(v);
    return values;
  }
  return {spec.default_value};
}

std::vector<GameConfig> enumerate() {
  std::vector<GameConfig> out;
  const Registry& registry = all_games();
  for (const GameInfo* info : registry.list()) {
    std::vector<json> combos = {json::object()};
    int made = 0;
    std::string last_error;
    for (const OptionSpec& spec : info->options) {
      std::vector<json> next;
      for (const json& partial : combos)
        for (const json& value : option_values(spec)) {
          json j = partial;
          j[spec.name] = value;
          next.push_back(std::move(j));
        }
      combos = std::move(next);
    }
    for (const json& options : combos) {
      auto game = registry.create(info->name, options);
      if (game) {
        out.push_back({info->name, options, std::move(*game)});
        ++made;
      } else {
        last_error = game.status().to_string();
      }
    }
    // Combinations a game rejects are skipped, but a game none of whose
    // combinations loads (its data files fail, say) would leave its
    // targets fuzzing nothing: stop instead.
    FUZZ_CHECK(made > 0, "no option set of %s makes a game: %s", info->name.c_str(),
               last_error.c_str());
  }
  return out;
}

// Dumps a JSON produced by the library: it must serialise (valid UTF-8).
std::string dump(const json& j) {
  return j.dump();  // throws on invalid UTF-8, which libFuzzer reports
}

void check_json_round_trip(const Game& game, const State& state) {
  const json doc = state.to_json();
  const json reparsed = json::parse(dump(doc));
  auto loaded = game.state_from_json(reparsed);
  FUZZ_CHECK(loaded.is_ok(), "to_json of a state does not load back: %s\n  state: %s",
             loaded.status().to_string().c_str(), dump(doc).c_str());
  FUZZ_CHECK((*loaded)->hash() == state.hash(), "hash differs after the JSON round trip");
  FUZZ_CHECK((*loaded)->to_json() == doc, "to_json differs after the JSON round trip");
}

void check_legal_actions(const Game& game, const State& state, Rng& rng) {
  const auto legal = state.legal_actions();
  FUZZ_CHECK(std::is_sorted(legal.begin(), legal.end()), "legal_actions is not sorted");
  FUZZ_CHECK(std::adjacent_find(legal.begin(), legal.end()) == legal.end(),
             "legal_actions has duplicates");
  FUZZ_CHECK(legal.empty() == state.is_terminal(), "legal_actions empty: %d, terminal: %d",
             static_cast<int>(legal.empty()), static_cast<int>(state.is_terminal()));
  for (Action a : legal)
    FUZZ_CHECK(a >= 0 && a < game.num_distinct_actions(), "action id %d out of range", a);
  if (state.is_chance()) {
    const auto outcomes = state.chance_outcomes();
    FUZZ_CHECK(outcomes.size() == legal.size(), "chance outcomes and legal actions differ");
    double sum = 0;
    for (size_t i = 0; i < outcomes.size(); ++i) {
      FUZZ_CHECK(outcomes[i].action == legal[i], "chance outcome %zu is not legal action %zu", i,
                 i);
      FUZZ_CHECK(outcomes[i].probability > 0 && outcomes[i].probability <= 1,
                 "chance probability %g", outcomes[i].probability);
      sum += outcomes[i].probability;
    }
    FUZZ_CHECK(std::fabs(sum - 1) < 1e-9, "chance probabilities sum to %.17g", sum);
  } else {
    FUZZ_CHECK(state.chance_outcomes().empty(), "chance outcomes at a decision node");
  }
  // is_legal agrees with the list, for the legal ids and a few others.
  for (Action a : legal) FUZZ_CHECK(state.is_legal(a), "listed action %d is not is_legal", a);
  const Action probes[] = {-1, kInvalidAction, game.num_distinct_actions(),
                           static_cast<Action>(rng.below(game.num_distinct_actions()))};
  for (Action a : probes)
    FUZZ_CHECK(state.is_legal(a) == std::binary_search(legal.begin(), legal.end(), a),
               "is_legal(%d) disagrees with legal_actions", a);
  const Action automatic = state.auto_action();
  FUZZ_CHECK(automatic == kInvalidAction || state.is_legal(automatic),
             "auto_action %d is not legal", automatic);
  // Every legal action's JSON decodes to exactly that action (at most 16 of
  // them, spread over the list, so an input costs milliseconds).
  if (!state.is_chance()) {
    const size_t stride = legal.size() / 16 + 1;
    for (size_t i = rng.below(stride); i < legal.size(); i += stride) {
      const Action a = legal[i];
      const json aj = state.action_to_json(a);
      (void)state.action_to_string(a);
      auto decoded = state.decode_action(json::parse(dump(aj)));
      FUZZ_CHECK(decoded.is_ok() && decoded->size() == 1 && (*decoded)[0] == a,
                 "action %d's JSON %s does not decode back (%s)", a, dump(aj).c_str(),
                 decoded.status().to_string().c_str());
    }
  } else {
    for (Action a : legal) {
      (void)dump(state.action_to_json(a));
      (void)state.action_to_string(a);
    }
  }
}

void check_views(const Game& game, const State& state, Rng& rng) {
  const int seats = state.num_seats();
  FUZZ_CHECK(seats == game.num_seats(), "state has %d seats, game %d", seats, game.num_seats());
  const Seat current = state.current_player();
  FUZZ_CHECK(current == kChance || current == kTerminal || (current >= 0 && current < seats),
             "current_player %d", current);
  // One seat a call (picked by rng) determinizes: it is the slow check.
  const Seat determinized = static_cast<Seat>(rng.below(seats));
  for (Seat seat = kSpectator; seat < seats; ++seat) {
    if (seat == kChance || seat == kTerminal) continue;
    const json view = state.view(seat);
    (void)dump(view);
    FUZZ_CHECK(view.is_object() && view.contains("current_player") && view.contains("terminal"),
               "view(%d) lacks current_player or terminal", seat);
    (void)state.to_text(seat);
    if (seat >= 0) (void)state.seat_name(seat);
    if (seat == determinized) {
      // A determinized state is a whole, loadable state that the seat
      // cannot tell from the real one.
      auto guess = state.determinize(seat, rng);
      FUZZ_CHECK(guess->view(seat) == view, "determinize(%d) changes what seat %d sees", seat,
                 seat);
      check_json_round_trip(game, *guess);
    }
  }
  const auto returns = state.returns();
  FUZZ_CHECK(static_cast<int>(returns.size()) == seats, "returns has %zu entries", returns.size());
  if (!state.is_terminal())
    for (double r : returns) FUZZ_CHECK(r == 0, "a return of %g before the end", r);
  (void)dump(state.scores());
  FUZZ_CHECK(state.clone()->hash() == state.hash(), "a copy hashes differently");
}

void check_state(const Game& game, const State& state, Rng& rng) {
  check_legal_actions(game, state, rng);
  check_views(game, state, rng);
  check_json_round_trip(game, state);
}

}  // namespace

const std::vector<GameConfig>& all_configs() {
  static const std::vector<GameConfig> configs = enumerate();
  return configs;
}

std::vector<const GameConfig*> configs_of(const std::string& game) {
  std::vector<const GameConfig*> out;
  for (const auto& c : all_configs())
    if (c.name == game) out.push_back(&c);
  return out;
}

uint64_t input_seed(const uint8_t* data, size_t size) {
  uint64_t h = 0x6d65657065ull;  // "meepe"
  for (size_t i = 0; i < size; ++i) h = mix64(h, data[i]);
  return h;
}

void exercise_state(const Game& game, const State& state, Rng& rng, int steps) {
  auto s = state.clone();
  check_state(game, *s, rng);
  for (int i = 0; i < steps && !s->is_terminal(); ++i) {
    const auto legal = s->legal_actions();
    s->apply(legal[rng.below(legal.size())]);
    check_state(game, *s, rng);
  }
}

}  // namespace meeple::fuzz

namespace meeple::fuzz {

void fuzz_state_from_json(const std::string& game, const uint8_t* data, size_t size) {
  const json doc = json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return;
  Rng rng(input_seed(data, size));
  for (const GameConfig* config : configs_of(game)) {
    auto state = config->game->state_from_json(doc);
    if (!state) {
      // Errors are sent to clients inside JSON: they must serialise.
      (void)dump(json(state.status().message()));
      continue;
    }
    exercise_state(*config->game, **state, rng, 4);
  }
}

}  // namespace meeple::fuzz
