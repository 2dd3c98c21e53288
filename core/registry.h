// The registry of games: create a game by name and JSON options.
//
// core/ knows no game: each registers itself (register_game(Registry&)),
// and the program assembles the list (all_games/all_games.h).
//
// Options are validated against the game's OptionSpecs before the game sees
// them: an unknown option is named and the valid ones listed; a value of the
// wrong type or outside its allowed values says what was expected. The game's
// factory receives complete options (defaults filled) and may still reject a
// combination (e.g. the team game with 3 players) with its own message.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"

namespace meeple {

using GameFactory = std::function<Result<std::shared_ptr<const Game>>(const json& options)>;

class Registry {
 public:
  void add(GameInfo info, GameFactory factory);
  std::vector<const GameInfo*> list() const;  // sorted by name
  const GameInfo* find(const std::string& name) const;

  // Validates `options` (an object, may be empty or null) and creates the game.
  Result<std::shared_ptr<const Game>> create(const std::string& name,
                                             const json& options = json::object()) const;

  // Validates options and fills in defaults, without creating the game.
  static Result<json> normalize_options(const GameInfo& info, const json& options);

  // JSON description of one game (for `meeple list --json` and the API).
  static json describe(const GameInfo& info);
  // describe() plus "variants": for each of the game's listed ways to play
  // (GameInfo::variants, or the default options) its complete options and
  // metadata (contract v2), or the error that game gave.
  json describe_with_metadata(const GameInfo& info) const;

 private:
  struct Entry {
    GameInfo info;
    GameFactory factory;
  };
  std::map<std::string, Entry> games_;
};

}  // namespace meeple
