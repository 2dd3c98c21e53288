// The game contract: what every game in games/ provides, and what ai/,
// cli/ and server/ may rely on. Modelled on OpenSpiel's State/Game split
// (open_spiel/spiel.h) with errors as values at the boundary.
//
// Guarantees every implementation gives (checked for every game by
// tests/core/conformance.h):
//  * current_player() is a seat in [0, num_seats), kChance or kTerminal.
//  * legal_actions() is sorted ascending, without duplicates, and empty
//    exactly when the state is terminal; is_legal(a) agrees with it for
//    every integer and legal_actions_mask() has a 1 exactly at its ids. At a chance node it lists
//    the outcomes, and chance_outcomes() gives the same ids with probabilities that sum to 1. The
//    order is part of the contract (seeded bots and replays rely on it) and is pinned by tests.
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
//    drawing the unknown parts from rng (never the match's RNG); seat may be
//    kSpectator (everything hidden is redrawn).
//  * Contract v2 (docs/contract.md): observation and information-state
//    strings and tensors depend only on what the seat may know (equal for
//    every determinization for that seat), tensors have the shapes the game
//    declares and finite values; Game::metadata() describes the game and
//    returns() respects its utility type and range.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "core/metadata.h"
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
  // The seat whose turn this is: current_player(), except while another seat
  // answers inside that turn (a Risk defender's dice). Replays and logs
  // group actions into turns with it; at a chance node it may be anything.
  virtual Seat turn_seat() const { return current_player(); }

  // Legal ids, sorted ascending; at a chance node, the outcomes. The first
  // form clears `out` and fills it, so a caller that keeps one buffer pays
  // no allocation per call (the hot path of playouts and searches).
  virtual void legal_actions(std::vector<Action>& out) const = 0;
  std::vector<Action> legal_actions() const {
    std::vector<Action> out;
    legal_actions(out);
    return out;
  }
  // Whether `a` is legal here, for any integer (out of range: false). The
  // default searches legal_actions(); games answer without building the list.
  virtual bool is_legal(Action a) const;
  // Upper bound (exclusive) of action ids, as Game::num_distinct_actions().
  virtual int num_distinct_actions() const = 0;
  // num_distinct_actions() entries: 1 where the id is legal, else 0.
  std::vector<uint8_t> legal_actions_mask() const;

  // Applies a legal action or chance outcome (precondition, asserted).
  virtual void apply(Action a) = 0;

  // A default answer the seat to move may delegate (a seat setting such as
  // Risk's "always defend with the most dice"); kInvalidAction when this
  // decision has none. Drivers apply it only for seats that opted in.
  virtual Action auto_action() const { return kInvalidAction; }

  // Outcomes and probabilities at a chance node (empty elsewhere).
  virtual std::vector<ChanceOutcome> chance_outcomes() const { return {}; }
  // At a chance node: what is drawn or rolled and for whom, in the game's
  // words ("red attacks kamchatka from alaska: attacker's die 2 of 3"), so a
  // referee entering real dice knows which die is due. Elsewhere: "".
  virtual std::string chance_description() const { return is_chance() ? "chance" : ""; }

  // The JSON form of an action in this state, e.g. {"move":"d3"}.
  virtual json action_to_json(Action a) const = 0;
  // Short human text ("d3", "pass", "attack alaska->kamchatka 3 dice").
  virtual std::string action_to_string(Action a) const { return action_to_json(a).dump(); }
  // The log in words: what applying `a` to this state did, as `viewer` (a
  // seat or kSpectator) may see it, or "" when it shows the viewer nothing
  // (a card dealt to someone else, one die of a roll not yet complete).
  // `after` is this state with `a` applied, so the words can say what
  // followed ("Madagascar fell"). The server shows each viewer their own
  // log. The default names the seat and the action for a player's move and
  // shows no chance outcome: a game whose chance is public says so itself.
  virtual std::string describe(Action a, const State& after, Seat viewer) const;
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

  // A full state consistent with view(seat), drawn with `rng`: the sample
  // determinize_into writes, in fresh storage.
  std::unique_ptr<State> determinize(Seat seat, Rng& rng) const {
    std::unique_ptr<State> out;
    determinize_into(seat, rng, out);
    return out;
  }
  // The same sample written into `out`, which may hold an earlier sample of
  // this game, so a bot deciding again and again allocates nothing. A game
  // with hidden information overrides it: it copies itself into `out`
  // (core/copy_into.h, which reuses that state's storage or replaces
  // anything else in `out`) and redraws there what `seat` cannot see.
  // Perfect-information games keep this copy.
  virtual void determinize_into(Seat /*seat*/, Rng& /*rng*/, std::unique_ptr<State>& out) const {
    out = clone();
  }

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

  // --- Observations for AI (contract v2, docs/contract.md) ---
  // `seat` is a seat or kSpectator (public information only); another value
  // is treated as kSpectator by the strings and refused by the tensors.
  // Observation: what the seat sees now. Information state: what it knows,
  // its memory included. Both depend only on what the seat may know.
  virtual std::string observation_string(Seat seat) const = 0;
  virtual std::string information_state_string(Seat seat) const = 0;
  // Shapes (row-major; the same for every state of one configured game).
  virtual std::vector<int> observation_tensor_shape() const = 0;
  virtual std::vector<int> information_state_tensor_shape() const = 0;
  // Writes the tensor into `out`, which must hold exactly tensor_size(shape)
  // floats; an error (and `out` untouched) for a bad seat or size.
  Status observation_tensor(Seat seat, std::span<float> out) const;
  Status information_state_tensor(Seat seat, std::span<float> out) const;
  // The same into a new vector; empty for a bad seat.
  std::vector<float> observation_tensor(Seat seat) const;
  std::vector<float> information_state_tensor(Seat seat) const;
  bool is_observer(Seat seat) const {
    return seat == kSpectator || (seat >= 0 && seat < num_seats());
  }

 protected:
  // Called with a valid seat and a zero-filled `out` of the declared size:
  // write the non-zero entries.
  virtual void write_observation_tensor(Seat seat, std::span<float> out) const = 0;
  virtual void write_information_state_tensor(Seat seat, std::span<float> out) const = 0;
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
  // The ways to play worth listing with their metadata (option objects, e.g.
  // each Risk mode at each player count); empty: the default options only.
  std::vector<json> variants;
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
  // Contract v2: chance mode, information, utility, lengths, teams, seat
  // names and tensor shapes (core/metadata.h, docs/contract.md).
  virtual GameMetadata metadata() const = 0;
  std::vector<int> observation_tensor_shape() const {
    return new_initial_state()->observation_tensor_shape();
  }
  std::vector<int> information_state_tensor_shape() const {
    return new_initial_state()->information_state_tensor_shape();
  }

 protected:
  // The fields every game fills the same way, from its initial state:
  // num_distinct_actions, shapes, seat names and one team per seat.
  GameMetadata standard_metadata() const;
};

}  // namespace meeple
