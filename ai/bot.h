// Bots: anything that picks an action for the seat to move.
//
// Bots know no protocol (no JSON lines, no HTTP): cli/, server/ and arena
// call them the same way. A bot owns its own RNG, seeded by the caller and
// never the match's, so thinking never changes the dice.
//
// A bot decides from information, not from the state: choose() receives a
// Decision (core/decision.h) with the seat, its view, the legal actions and
// determinize(rng), and no way to reach the true state of a hidden-
// information game. docs/bots.md explains it, with an example bot.
//
// Levels: 0 is the uniformly random player, for every game. 1 up to the
// game's top level are its bots at rising strength (1 instant and weak,
// beatable by a beginner); every level up to 10 is accepted, and those
// above the top play as the top (Reversi has 10, Goa 5, Risk and The King
// is Dead 2: level_names). A game with no bot of its own falls back to
// random.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/decision.h"
#include "core/game.h"

namespace meeple {

class Bot {
 public:
  virtual ~Bot() = default;
  virtual std::string name() const = 0;
  // A legal action for d.seat(). The same seed and the same information
  // give the same choice.
  virtual Action choose(const Decision& d) = 0;
  // After choose(): the bot's own estimate of the deciding seat's chance to
  // win with the action it chose (0..1, a draw counting half), when its
  // search yields one; nullopt otherwise (ai/hint.h then estimates it by
  // playouts).
  virtual std::optional<double> win_chance() const { return std::nullopt; }
  // Think for at most `seconds` of wall clock a move instead of the level's
  // own budget (a time-matched comparison, `meeple arena`'s level:N@S).
  // False, changing nothing, where the bot's levels are not limited by time.
  virtual bool limit_move_seconds(double seconds) {
    (void)seconds;
    return false;
  }
  // Keep (or, with false, stop keeping) the search tree from one decision
  // to the next, where the next is found in it (tree reuse, ai/ismcts.h),
  // for `meeple arena`'s reuse:SPEC and noreuse:SPEC. False, changing
  // nothing, where the bot keeps no tree.
  virtual bool keep_search_tree(bool keep) {
    (void)keep;
    return false;
  }
  // True when the bot learns from the game as it goes (The King is Dead's
  // advanced turn search: what the other's plays suggest it holds; a search
  // keeping its tree between decisions, ai/ismcts.h), so a
  // caller deciding every move of a seat should keep this one bot for the
  // whole game, as the arena and `meeple play` do, rather than make one a
  // move. A bot made afresh still plays legally, knowing only the present.
  virtual bool remembers() const { return false; }
  // Called by searchers while thinking: free-form progress (depth, score, pv).
  std::function<void(const json&)> on_info;
};

inline constexpr int kMinLevel = 0;
inline constexpr int kMaxLevel = 10;

// Plays a uniformly random legal action.
class RandomBot final : public Bot {
 public:
  explicit RandomBot(uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "random"; }
  Action choose(const Decision& d) override;

 private:
  Rng rng_;
};

// Makes the bot for `game` at `level` (0..10), with every game's bots
// registered (defined in ai/all_bots.cpp). Error if the level is out of range.
Result<std::unique_ptr<Bot>> make_bot(const Game& game, int level, uint64_t seed);

// Game-specific bots register here (ai/all_bots.cpp).
using BotFactory =
    std::function<Result<std::unique_ptr<Bot>>(const Game& game, int level, uint64_t seed)>;
// What a game's levels are: names[i] says what level i + 1 plays ("ISMCTS,
// 400 iterations a move"), so its size is the game's top level; `heuristic`
// is the level of its plain fast player (arenas' "heuristic" agent, and the
// players of hint playouts).
struct BotLevels {
  std::vector<std::string> names;
  int heuristic = 1;
  // The level a server plays when none is chosen: a computer seat created
  // without one, a seat its player left to the computer, a hint asked
  // without one, and the most a hint thinks while the bots are busy. A
  // good player that answers in well under a second.
  int standard = 3;
};
void register_bot(const std::string& game_name, BotFactory factory, BotLevels levels);
const BotFactory* find_bot_factory(const std::string& game_name);
// What each level of the game plays, from level 0 ("random") to its top
// level (ai/all_bots.cpp registers them first). Just {"random"} for a game
// with no bot of its own.
std::vector<std::string> level_names(const std::string& game_name);
// The level of the game's plain fast player (BotLevels::heuristic; 0 for a
// game with no bot of its own).
int heuristic_level(const std::string& game_name);
// BotLevels::standard (3 for a game with no bot of its own: it plays at
// random anyway).
int standard_level(const std::string& game_name);
// {"min": 0, "max": 10, "top": T, "heuristic": H, "standard": S, "names":
// level_names(game_name)}, for `meeple list` and GET /api/games.
json describe_levels(const std::string& game_name);
// The registered levels (no registration triggered; nullptr if none).
const BotLevels* registered_levels(const std::string& game_name);
// make_bot with a given factory (nullptr: random at every level).
Result<std::unique_ptr<Bot>> make_bot_from(const BotFactory* factory, const Game& game, int level,
                                           uint64_t seed);

}  // namespace meeple
