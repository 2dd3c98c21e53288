// The game contract: what every game in games/ provides, and what ai/,
// cli/ and server/ may rely on. Modelled on OpenSpiel's State/Game split
// (open_spiel/spiel.h) with errors as values at the boundary.
//
// Guarantees every implementation gives (checked for every game by
// tests/core/conformance.h):
//  * current_player() is a seat in [0, num_seats), kChance or kTerminal.
//  * legal_actions() is sorted ascending, without duplicates, and empty
//    exactly when the state is terminal. At a chance node it lists the
//    outcomes, and chance_outcomes() gives the same ids with probabilities
//    that sum to 1. The order is part of the contract (seeded bots and
//    replays rely on it) and is pinned by tests.
//  * apply(a) requires a legal a (asserted, not checked): callers from
//    outside go through Match, which validates first, so nothing from a
//    client ever half-happens.
//  * action_to_json / decode_action round-trip every legal action; decode
//    never changes the state and names what was wrong in its error.
//  * to_json / Game::state_from_json round-trip the full state (hidden
//    parts included); hash() is equal for equal states.
//  * view(seat) contains exactly what that seat may know; kSpectator sees
//    only public information.
//  * determinize(seat, rng) returns a full state consistent with view(seat),
//    drawing the unknown parts from rng (never the match's RNG).
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/rng.h"
#include "core/status.h"
#include "core/types.h"

namespace meeple {

using json = nlohmann::json;

struct ChanceOutcome {
  Action action;
  double probability;
};

class Game;

class State {
 public:
  virtual ~State() = default;

  virtual std::unique_ptr<State> clone() const = 0;
  virtual int num_seats() const = 0;

  // A seat in [0, num_seats()), kChance or kTerminal.
  virtual Seat current_player() const = 0;
  bool is_terminal() const { return current_player() == kTerminal; }
  bool is_chance() const { return current_player() == kChance; }

  // Legal ids, sorted ascending; at a chance node, the outcomes.
  virtual std::vector<Action> legal_actions() const = 0;
  virtual bool is_legal(Action a) const;  // default: search legal_actions()

  // Applies a legal action or chance outcome (precondition, asserted).
  virtual void apply(Action a) = 0;

  // A default answer the seat to move may delegate (a seat setting such as
  // Risk's "always defend with the most dice"); kInvalidAction when this
  // decision has none. Drivers apply it only for seats that opted in.
  virtual Action auto_action() const { return kInvalidAction; }

  // Outcomes and probabilities at a chance node (empty elsewhere).
  virtual std::vector<ChanceOutcome> chance_outcomes() const { return {}; }

  // The JSON form of an action in this state, e.g. {"move":"d3"}.
  virtual json action_to_json(Action a) const = 0;
  // Short human text ("d3", "pass", "attack alaska->kamchatka 3 dice").
  virtual std::string action_to_string(Action a) const { return action_to_json(a).dump(); }
  // Decodes a client's JSON into the ids it stands for, in order; each id is
  // legal in the state that the previous ones reach. A plain action gives one
  // id; a compound one ("place 5 on alaska") may give several. A bare
  // integer is accepted as an id. Errors name the field, the value and what
  // was expected. Never changes the state.
  virtual Result<std::vector<Action>> decode_action(const json& j) const;
  // Game-specific part of decode_action: JSON objects, and strings, which are
  // the game's text commands as typed in the terminal ("d3", "pass",
  // "attack alaska kamchatka 3", "place 5 alaska").
  virtual Result<std::vector<Action>> decode_action_object(const json& j) const = 0;

  // What `seat` may know (kSpectator: public only). Always includes
  // "current_player" and "terminal".
  virtual json view(Seat seat) const = 0;
  // Full state, hidden parts included.
  virtual json to_json() const = 0;

  // A full state consistent with view(seat). Perfect-information games
  // return a copy.
  virtual std::unique_ptr<State> determinize(Seat /*seat*/, Rng& /*rng*/) const { return clone(); }

  // Per seat, at the end: 1 win, 0 draw, -1 loss (team games: the team's).
  // Before the end: all zero.
  virtual std::vector<double> returns() const = 0;
  // Game scores for display and statistics (disc counts, victory points).
  virtual json scores() const = 0;

  virtual uint64_t hash() const = 0;

  // A seat's name in the game's words ("Black", "Red"); default "seat N".
  virtual std::string seat_name(Seat seat) const { return "seat " + std::to_string(seat); }

  // Plain-text rendering for the terminal, from `seat`'s point of view.
  virtual std::string to_text(Seat seat) const = 0;
};

enum class OptionType { kInt, kString, kBool };

// One option a game accepts, with its default and allowed values.
struct OptionSpec {
  std::string name;
  OptionType type = OptionType::kInt;
  json default_value;
  std::string description;
  std::vector<json> allowed;  // empty: any value of the type within [min, max]
  int64_t min = 0, max = 0;   // for kInt when allowed is empty
};

// A game's facts, as data: shown by `meeple list` and the server's lobby.
struct GameInfo {
  std::string name;   // "reversi"
  std::string title;  // "Reversi"
  std::string summary;
  int min_seats = 2, max_seats = 2;
  bool has_chance = false;
  bool has_hidden_information = false;
  std::vector<OptionSpec> options;
};

// A configured game (options fixed); creates and loads states.
class Game {
 public:
  virtual ~Game() = default;
  virtual const GameInfo& info() const = 0;
  // Complete options: every option present, defaults filled in.
  virtual const json& options() const = 0;
  virtual int num_seats() const = 0;
  // Upper bound (exclusive) of action ids, for AI encodings.
  virtual int num_distinct_actions() const = 0;
  virtual std::unique_ptr<State> new_initial_state() const = 0;
  // Inverse of State::to_json, validated: a bad document is an error.
  virtual Result<std::unique_ptr<State>> state_from_json(const json& j) const = 0;
};

}  // namespace meeple
