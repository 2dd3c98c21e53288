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
// Levels: 0 is the uniformly random player, for every game. 1..10 are the
// game's best bot at rising strength (1 instant and weak, 10 about five
// seconds a move). A game with no bot of its own falls back to random.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

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
using BotFactory = std::function<std::unique_ptr<Bot>(const Game& game, int level, uint64_t seed)>;
void register_bot(const std::string& game_name, BotFactory factory);
const BotFactory* find_bot_factory(const std::string& game_name);
// make_bot with a given factory (nullptr: random at every level).
Result<std::unique_ptr<Bot>> make_bot_from(const BotFactory* factory, const Game& game, int level,
                                           uint64_t seed);

}  // namespace meeple
