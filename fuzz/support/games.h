// What the game-level fuzz targets share: every configured game the
// registry can create, and one routine that exercises a state through the
// whole contract of core/game.h, checking the promises an input must not
// be able to break.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/rng.h"

namespace meeple::fuzz {

// One game with one complete set of options ("risk" / missions / 4 players).
struct GameConfig {
  std::string name;
  json options;
  std::shared_ptr<const Game> game;
};

// Every (game, options) combination the registry accepts, in a fixed order:
// each option takes each of its allowed values (integers: min..max, booleans:
// both); combinations a game refuses (Risk's teams with 3 players) are left
// out. A new game or mode is fuzzed without touching fuzz/.
const std::vector<GameConfig>& all_configs();
// The configurations of one game.
std::vector<const GameConfig*> configs_of(const std::string& game);

// A seed for the harness's own choices (which actions to play), derived from
// the input so that a saved crash replays exactly.
uint64_t input_seed(const uint8_t* data, size_t size);

// Exercises a state through the contract and aborts (FUZZ_CHECK) on a broken
// promise: legal_actions sorted and unique, chance probabilities summing to
// 1, view and to_text for every seat and the spectator, to_json round trip
// (same hash, same document), determinize for one seat (picked with `rng`:
// same view, loadable), action_to_json / decode_action round trip for up to
// 16 legal actions; then applies up to `steps` actions picked with `rng`,
// checking again after each.
void exercise_state(const Game& game, const State& state, Rng& rng, int steps);

}  // namespace meeple::fuzz

namespace meeple::fuzz {

// The state_from_json targets: the input is a state document; every
// configuration of `game` tries to load it (a document names its own mode
// and players, so at most a few accept it); a loaded state is exercised.
void fuzz_state_from_json(const std::string& game, const uint8_t* data, size_t size);

}  // namespace meeple::fuzz
