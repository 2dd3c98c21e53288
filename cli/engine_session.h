// The JSON-lines engine protocol (`meeple engine`), documented with an
// example session in docs/protocol.md.
//
// One request a line in, one response a line out. Every game speaks it
// unchanged: the session only uses the core contract (Registry, Match,
// State, bots). A bad line gets {"ok":false,"error":{"code","message"}} and
// the session goes on with its state untouched: each command either fully
// succeeds or changes nothing (mutations run on the Match, whose act_json is
// all-or-nothing, and replaced matches are swapped in only when complete).
#pragma once

#include <optional>
#include <string>

#include "core/match.h"

namespace meeple::cli {

class EngineSession {
 public:
  // Handles one request line; returns the response (one line, no newline).
  std::string handle_line(const std::string& line);
  // Handles one parsed request; returns the response object.
  json handle(const json& request);
  bool quit_requested() const { return quit_; }

 private:
  Result<json> dispatch(const std::string& cmd, const json& req);
  Result<json> cmd_new(const json& req);
  Result<json> cmd_load(const json& req);
  Result<json> cmd_legal();
  Result<json> cmd_act(const json& req);
  Result<json> cmd_chance(const json& req);
  Result<json> cmd_roll();
  Result<json> cmd_view(const json& req);
  Result<json> cmd_bot(const json& req);
  Result<json> cmd_replay(const json& req);
  Result<json> cmd_undo();
  Result<Match*> need_match();
  json status_json() const;
  void settle_chance();  // samples chance nodes when auto_chance is on

  std::optional<Match> match_;
  bool auto_chance_ = true;
  bool quit_ = false;
};

}  // namespace meeple::cli
