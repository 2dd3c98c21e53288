// Match logs from outside: Match::replay (core/match.h, what `meeple replay`,
// the engine's "replay" and the server's restore run) and the whole of
// `meeple verify` (core/verify.h). The input is a log document.
// Checks: a log that replays gives a match whose own log replays to the same
// state, and whose state keeps the contract (support/games.h).
#include "all_games/all_games.h"
#include "core/match.h"
#include "core/verify.h"
#include "fuzz/support/check.h"
#include "fuzz/support/games.h"

using namespace meeple;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const json log = json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (log.is_discarded()) return 0;
  auto match = Match::replay(log, all_games());
  if (match) {
    const json again = match->log_json();
    auto rebuilt = Match::replay(json::parse(again.dump()), all_games());
    FUZZ_CHECK(rebuilt.is_ok(), "a replayed match's own log does not replay: %s",
               rebuilt.status().to_string().c_str());
    FUZZ_CHECK(rebuilt->state().hash() == match->state().hash(), "the replays end apart");
    FUZZ_CHECK(Match::from_json(match->to_json(), all_games()).is_ok(),
               "Match::to_json does not load back");
    Rng rng(fuzz::input_seed(data, size));
    fuzz::exercise_state(match->game(), match->state(), rng, 2);
  } else {
    (void)json(match.status().message()).dump();  // errors travel in JSON replies
  }
  const Verification v = verify_log(log, all_games());
  FUZZ_CHECK(v.verdict == Verdict::kFailed || match.is_ok(),
             "verify accepted a log that does not replay");
  FUZZ_CHECK(v.verdict != Verdict::kVerified || (!log.contains("start") && v.match.has_value()),
             "verify called a log with a start position verified");
  return 0;
}
