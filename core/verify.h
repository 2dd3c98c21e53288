// Verification of a published match log: does every chance outcome follow
// from the revealed seed? (design.md, "Determinism and the match log".)
//
// A table publishes SHA-256(decimal seed) when it starts and reveals the
// seed with the log when it ends. A log is *verified* only if
//   1. it has exactly the fields of a log (docs/protocol.md "Match log"),
//   2. SHA-256 of its seed is the published seed_sha256,
//   3. it starts from the initial position of its game and options (no
//      "start") and no chance outcome is "supplied": every die, shuffle and
//      draw was sampled from the seed's RNG,
//   4. replaying it reproduces every seat, id, chance outcome and hash, each
//      entry's "json" is the action its id stands for, and the game has ended.
// A log that passes 1, 2 (when it has a seed_sha256) and 4 but carries a
// "start" or supplied chance is a *referee* log: dice entered by hand at a
// physical table. It is consistent, but nothing proves its dice fair, so it is
// never reported as verified. Anything else fails, naming the first bad entry.
//
// Used by `meeple verify`; usable by the server and fuzz targets (never
// aborts, whatever the document).
#pragma once

#include <optional>
#include <string>

#include "core/match.h"

namespace meeple {

enum class Verdict {
  kVerified,  // every chance outcome follows from the committed seed
  kReferee,   // consistent, but with dice entered by hand or a loaded start
  kFailed,    // rigged, corrupt or not a finished log
};
const char* verdict_name(Verdict v);

struct Verification {
  Verdict verdict = Verdict::kFailed;
  // Failed: what is wrong ("match log entry 7: chance outcome ..."). Referee:
  // why it is not provably fair. Verified: empty.
  std::string message;
  // Failed at an entry: its 1-based position in "entries"; 0 otherwise.
  size_t entry = 0;
  // The replayed match unless the verdict is kFailed.
  std::optional<Match> match;
};

Verification verify_log(const json& log, const Registry& registry);

}  // namespace meeple
