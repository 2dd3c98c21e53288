// The checks behind `meeple verify` (cmd_verify.cpp), as a function so the
// command, tests and the match-log fuzz target (fuzz/match_log.cpp) run the
// same code. Needs the server's SHA-256 (MEEPLE_HAVE_SERVER).
//
// A log from GET /api/tables/{id}/log carries the revealed seed and the
// SHA-256 the table published when it started. Two checks:
//   1. SHA-256(decimal seed) equals the published seed_sha256, so the seed
//      was fixed before the first move;
//   2. Match::replay of the log from that seed reproduces every state hash
//      and every sampled chance outcome (dice, shuffles, draws).
// Together they show that the outcome follows from the seed and the moves.
#pragma once

#include <string>

#include "core/game.h"

namespace meeple::cli {

struct Verdict {
  enum Kind { kVerified = 0, kFailed = 1, kNotALog = 2 };
  Kind kind = kNotALog;
  std::string report;  // for standard output: what was checked, the final position
  std::string error;   // for standard error: why it is not verified
};

Verdict verify_log(const json& log);

}  // namespace meeple::cli
