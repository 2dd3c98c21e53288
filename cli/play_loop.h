// The terminal game loop behind `meeple play`, for every game.
//
// Each seat is a human at this terminal or a computer (a bot at a level).
// Chance is rolled by the match RNG, or — with manual dice, the referee mode
// for a physical table — asked for: the loop lists the outcomes and the user
// types what the real dice or cards showed. Humans may type `help`, `moves`,
// `hint`, `undo`, `board`, `save FILE`, `quit`; anything else is the game's
// own command (State::decode_action on the line), and a bad one gets the
// game's error and a new prompt, never a changed state.
#pragma once

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "core/match.h"

namespace meeple::cli {

struct SeatConfig {
  bool human = true;
  int level = 5;  // computer seats
};

struct PlayConfig {
  std::vector<SeatConfig> seats;  // one per seat
  bool manual_chance = false;     // ask for dice/cards instead of rolling
  bool auto_answers = true;       // humans delegate auto_action() answers
  int hint_level = 6;
  uint64_t seed = 0;
};

// Parses "human,computer:5,c" into seat configs (missing seats: computer at
// default_level). Error names the bad entry.
Result<std::vector<SeatConfig>> parse_seats(const std::string& text, int num_seats,
                                            int default_level);

class PlayLoop {
 public:
  PlayLoop(Match match, PlayConfig config, std::istream& in, std::ostream& out);
  // Plays until the game ends or the user quits (EOF counts as quit).
  // Returns 0 on a finished game, 1 if quit early.
  int run();
  const Match& match() const { return match_; }

 private:
  bool human_turn();  // false: quit
  bool manual_chance_turn();
  // Enters one typed line of chance outcomes at the chance node(s) due.
  Status enter_outcomes(const std::string& line);
  void save(const std::string& path);
  // After the result: 'save FILE' and 'board' until Enter, quit or the end
  // of input (only when a person played or refereed).
  void after_the_game();
  static std::optional<Action> match_outcome(const State& s,
                                             const std::vector<ChanceOutcome>& outcomes,
                                             const std::string& line);
  void computer_turn();
  void print_result();
  void print_help();
  void print_moves();
  void undo();
  std::string seat_name(Seat s) const;

  Match match_;
  PlayConfig config_;
  std::istream& in_;
  std::ostream& out_;
  std::vector<std::unique_ptr<Bot>> bots_;
};

}  // namespace meeple::cli
