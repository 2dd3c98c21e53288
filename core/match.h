// A match: game + options + seed + ordered action log (+ supplied chance
// outcomes). Everything else — the state, the RNG position — follows from
// those, and replay() proves it by recomputing the state hash at every step.
//
// Match is the one door through which outside input reaches a State: every
// action is validated before it is applied, compound actions are applied on a
// copy and committed only if every step is legal, so nothing half-happens.
//
// Log format (JSON, documented in docs/protocol.md):
//   {"game":"reversi","options":{...},"seed":"42",
//    "start": {...state...}            // only when not the initial position
//    "entries":[{"seat":0,"action":19,"json":{"move":"d3"},"hash":"9f3c..."},
//               {"seat":"chance","action":4,"supplied":true,"hash":"..."}]}
// A sampled chance entry must equal what the seed's RNG gives at that point;
// a supplied one (table-referee mode, tests) is taken as given, which is why
// a log with supplied entries or a "start" is a referee log: it replays, but
// core/verify.h never calls it provably fair.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/registry.h"
#include "core/rng.h"

namespace meeple {

struct LogEntry {
  Seat seat = 0;          // the seat that decided, or kChance
  Action action = 0;      // the id applied
  bool supplied = false;  // chance outcome given by a caller, not sampled
  uint64_t hash = 0;      // state hash after applying
};

std::string hash_to_hex(uint64_t h);

class Match {
 public:
  // A new match from the game's initial position.
  static Result<Match> start(const std::string& game, const json& options, uint64_t seed,
                             const Registry& registry);
  static Match start(std::shared_ptr<const Game> game, uint64_t seed);
  // A match that begins from a given position (loaded state).
  static Match start_from(std::shared_ptr<const Game> game, std::unique_ptr<State> state,
                          uint64_t seed);

  Match(const Match& other);
  Match& operator=(const Match& other);
  Match(Match&&) noexcept = default;
  Match& operator=(Match&&) noexcept = default;

  const Game& game() const { return *game_; }
  const std::shared_ptr<const Game>& game_ptr() const { return game_; }
  const State& state() const { return *state_; }
  uint64_t seed() const { return seed_; }
  const Rng& rng() const { return rng_; }
  const std::vector<LogEntry>& log() const { return log_; }

  // A decision by the seat to move. Errors: chance node or game over
  // (failed_precondition), id not legal (illegal_action).
  Status act(Action a);
  // Decodes a client's JSON action and applies all its steps, or none.
  // On success returns the ids applied.
  Result<std::vector<Action>> act_json(const json& action);
  // Applies a caller-supplied chance outcome (must be a listed outcome).
  Status supply_chance(Action outcome);
  // Samples one chance outcome with the match RNG and applies it.
  // Precondition: state().is_chance().
  Action sample_chance();
  // Samples chance nodes until a seat must decide or the game ends.
  void resolve_chance();
  // Takes back the last decision (and the chance outcomes after it) by
  // replaying the shorter log. Error if there is no decision to take back.
  Status undo();

  // True when the log holds a supplied chance outcome or the match began
  // from a loaded position: chance did not all follow from the seed.
  bool referee() const;

  json log_json() const;
  // Rebuilds a match from its log, checking every hash and every sampled
  // chance outcome against the seed. Errors name the first bad entry.
  static Result<Match> replay(const json& log, const Registry& registry);
  // Applies one log entry (the format above) as replay does: the id passes
  // json_integer's checks, the seat must be the one to move, a sampled
  // chance outcome must be what the RNG gives, the hash must match. Errors
  // name the field; the caller adds the entry's position. After an error the
  // match may hold part of the entry: discard it.
  Status replay_entry(const json& entry);
  // Full state: the log plus the current state and RNG position.
  json to_json() const;
  static Result<Match> from_json(const json& j, const Registry& registry);

 private:
  Match(std::shared_ptr<const Game> game, std::unique_ptr<State> state, uint64_t seed, json start);
  void record(Seat seat, Action a, bool supplied);
  // The outcome `rng` gives at this chance node; nothing is recorded.
  Action draw_chance(Rng& rng) const;
  static Result<Match> replay_entries(Match base, const json& entries);

  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
  uint64_t seed_ = 0;
  Rng rng_;
  json start_;  // null, or the loaded starting position
  std::vector<LogEntry> log_;
};

}  // namespace meeple
