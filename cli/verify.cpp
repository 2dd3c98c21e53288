#include "cli/verify.h"

#ifdef MEEPLE_HAVE_SERVER
#include <fmt/format.h>

#include "all_games/all_games.h"
#include "core/match.h"
#include "server/crypto.h"

namespace meeple::cli {

Verdict verify_log(const json& log) {
  Verdict v;
  if (!log.is_object()) {
    v.error = "the log is not a JSON object";
    return v;
  }
  // 1. Commitment.
  if (!log.contains("seed") || !log["seed"].is_string() || !log.contains("seed_sha256") ||
      !log["seed_sha256"].is_string()) {
    v.error = "the log needs 'seed' (string) and 'seed_sha256'";
    return v;
  }
  const std::string seed = log["seed"].get<std::string>();
  const std::string published = log["seed_sha256"].get<std::string>();
  const std::string digest = server::sha256_hex(seed);
  if (digest != published) {
    v.kind = Verdict::kFailed;
    v.error = fmt::format("FAILED: SHA-256 of seed {} is {}, not the published {}", seed, digest,
                          published);
    return v;
  }
  v.report = fmt::format("seed {} matches the published SHA-256 {}\n", seed, digest);
  // 2. Replay.
  auto m = Match::replay(log, all_games());
  if (!m) {
    v.kind = Verdict::kFailed;
    v.error = "FAILED: " + m.status().to_string();
    return v;
  }
  const State& s = m->state();
  v.report += fmt::format("replayed {} log entries; every state hash and chance outcome matches\n",
                          m->log().size());
  v.report += s.to_text(kSpectator) + "\n";
  if (s.is_terminal()) {
    v.report += "final scores: " + s.scores().dump() + "\n";
    v.report += "returns: " + json(s.returns()).dump() + "\n";
  } else {
    v.report += "note: the game in this log has not ended\n";
  }
  v.report += "verified\n";
  v.kind = Verdict::kVerified;
  return v;
}

}  // namespace meeple::cli
#endif
