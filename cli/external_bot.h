// A bot that is another program: `meeple arena --agent "cmd:python3 my_bot.py"`.
//
// Bot writers in any language compete by reading JSON lines on standard input
// and answering on standard output (docs/arena.md has the protocol and an
// example). The program is started once per seat per game, told the game and
// its seat ("start"), asked for each decision ("choose": the seat's view and
// its legal actions, never the true state) and told the result ("end").
//
// Everything the program sends is outside input: an answer that is not one
// JSON object naming a listed action, a line longer than kMaxLineBytes, no
// answer within the move time-out, or a program that exits, makes choose()
// return kInvalidAction with error() saying what was wrong. The arena then
// records a forfeit; nothing here throws or blocks past the time-out.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>

#include "ai/bot.h"

namespace meeple::cli {

class ExternalBot final : public Bot {
 public:
  static constexpr size_t kMaxLineBytes = 1 << 20;

  // `command` runs under /bin/sh -c in the current directory; its standard
  // error is the arena's. `start` is the "start" message (game, seat...).
  ExternalBot(std::string command, json start, std::chrono::milliseconds move_timeout);
  ~ExternalBot() override;
  ExternalBot(const ExternalBot&) = delete;
  ExternalBot& operator=(const ExternalBot&) = delete;

  std::string name() const override { return "cmd:" + command_; }
  Action choose(const Decision& d) override;
  // Tells the program the result ("end") and lets it exit; kills it if it
  // does not within a second. Called by the destructor if not before.
  void finish(const json& end);

  // Why the last choose() returned kInvalidAction ("" otherwise).
  const std::string& error() const { return error_; }

 private:
  bool spawn();
  bool send(const json& message);
  // One line from the program, or nullopt (error_ set) on time-out, EOF or
  // an over-long line.
  std::optional<std::string> read_line(std::chrono::steady_clock::time_point deadline);
  void stop(bool graceful);

  std::string command_;
  json start_;
  std::chrono::milliseconds move_timeout_;
  pid_t pid_ = -1;
  int to_child_ = -1, from_child_ = -1;
  bool started_ = false, dead_ = false;
  std::string buffer_;  // bytes read past the last line
  std::string error_;
};

// The action a program's answer names among `d`'s legal actions: an id
// ({"action":19}), the action's JSON ({"action":{"move":"d3"}}) or its text
// ({"action":"d3"}). Errors say what was expected.
Result<Action> action_from_answer(const Decision& d, const std::string& line);

}  // namespace meeple::cli
