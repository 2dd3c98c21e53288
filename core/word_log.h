// The log in words of one match for every viewer (State::describe), kept up
// to date as the match grows: each action is described once per viewer when
// it first appears, so a table that sends every seat its view after every
// move pays for the new actions only, not for the whole game again.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/match.h"

namespace meeple {

class WordLog {
 public:
  struct Entry {
    size_t index = 0;  // position of the action in the match's log
    Seat seat = 0;     // who decided it, or kChance
    // Whose turn it fell in (State::turn_seat at the last decision; kChance
    // before the first): a Risk defence is in the attacker's turn.
    Seat turn = kChance;
    std::string text;
  };

  explicit WordLog(std::shared_ptr<const Game> game);

  // Describes the entries of `log` not described yet. A log that does not
  // extend the one seen before (a referee's undo) is described afresh.
  void catch_up(const std::vector<LogEntry>& log);

  // What `viewer` (a seat, or kSpectator for the public log) sees.
  const std::vector<Entry>& entries(Seat viewer) const;

  // The action_to_string text of every action seen, in the state it was
  // decided in: the move list of a game that hides nothing.
  const std::vector<std::string>& action_texts() const { return action_texts_; }

  // The last `limit` entries `viewer` sees, as
  // {"total": n, "entries": [{"i": index, "seat": s | "chance",
  //  "turn": s | null, "text": "..."}]}.
  json to_json(Seat viewer, size_t limit) const;

 private:
  void restart();

  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;           // the match after `seen_` actions
  std::vector<uint64_t> hashes_;           // hash after each action seen
  Seat turn_ = kChance;                    // the turn the next action falls in
  std::vector<std::vector<Entry>> words_;  // per seat, then the spectator last
  std::vector<std::string> action_texts_;  // one per action seen
};

}  // namespace meeple
