#include "core/verify.h"

#include <fmt/format.h>

#include <array>
#include <string_view>

#include "core/sha256.h"

namespace meeple {

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::kVerified:
      return "verified";
    case Verdict::kReferee:
      return "referee";
    case Verdict::kFailed:
      return "failed";
  }
  return "failed";
}

namespace {

Verification failed(std::string message, size_t entry = 0) {
  Verification v;
  v.verdict = Verdict::kFailed;
  v.message = std::move(message);
  v.entry = entry;
  return v;
}

// Rejects any field a log does not have, so nothing rides along unchecked.
std::string unknown_field(const json& j, std::initializer_list<std::string_view> known) {
  for (const auto& [k, v] : j.items()) {
    bool ok = false;
    for (auto name : known) ok = ok || k == name;
    if (!ok) return k;
  }
  return "";
}

bool is_lower_hex(const std::string& s, size_t length) {
  if (s.size() != length) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

}  // namespace

Verification verify_log(const json& log, const Registry& registry) {
  // 1. The shape of a log.
  if (!log.is_object())
    return failed(fmt::format("a match log must be a JSON object, got {}", log.type_name()));
  if (auto k = unknown_field(
          log, {"game", "options", "seed", "seed_sha256", "entries", "start", "table"});
      !k.empty())
    return failed(fmt::format(
        "unknown field '{}' (a log has game, options, seed, seed_sha256, entries, start, table)",
        k));
  if (!log.contains("game") || !log["game"].is_string())
    return failed("'game': expected the game's name (a string)");
  if (!log.contains("options") || !log["options"].is_object())
    return failed("'options': expected the table's options (an object)");
  if (!log.contains("seed") || !log["seed"].is_string())
    return failed("'seed': expected the revealed seed (a decimal string)");
  if (log.contains("table") && !log["table"].is_string())
    return failed("'table': expected the table's id (a string)");
  if (!log.contains("entries") || !log["entries"].is_array())
    return failed("'entries': expected the array of log entries");
  const std::string& seed_text = log["seed"].get_ref<const std::string&>();
  auto seed = Rng::parse(seed_text);
  if (!seed || Rng::to_string(*seed) != seed_text)
    return failed(
        fmt::format("'seed': expected an unsigned 64-bit decimal without leading zeros, "
                    "got \"{}\"",
                    seed_text));

  // 2. The commitment: the seed is the one published before the first move.
  const bool committed = log.contains("seed_sha256");
  if (committed) {
    if (!log["seed_sha256"].is_string() ||
        !is_lower_hex(log["seed_sha256"].get_ref<const std::string&>(), 64))
      return failed(fmt::format("'seed_sha256': expected 64 lower-case hex digits, got {}",
                                log["seed_sha256"].dump()));
    const std::string digest = sha256_hex(seed_text);
    if (digest != log["seed_sha256"].get_ref<const std::string&>())
      return failed(fmt::format("SHA-256 of seed {} is {}, not the published {}", seed_text, digest,
                                log["seed_sha256"].get<std::string>()));
  }

  // 3. The game and the position it starts from.
  auto game = registry.create(log["game"].get<std::string>(), log["options"]);
  if (!game) return failed("'game'/'options': " + game.status().message());
  Match m = Match::start(*game, *seed);
  if (log.contains("start") && !log["start"].is_null()) {
    auto st = (*game)->state_from_json(log["start"]);
    if (!st) return failed("'start': " + st.status().message());
    m = Match::start_from(*game, std::move(*st), *seed);
  }

  // 4. Every entry, in order.
  const json& entries = log["entries"];
  for (size_t i = 0; i < entries.size(); ++i) {
    const json& e = entries[i];
    auto bad = [&](const std::string& what) {
      return failed(fmt::format("match log entry {}: {}", i + 1, what), i + 1);
    };
    if (!e.is_object()) return bad(fmt::format("expected an object, got {}", e.type_name()));
    if (auto k = unknown_field(e, {"seat", "action", "json", "supplied", "hash"}); !k.empty())
      return bad(
          fmt::format("unknown field '{}' (an entry has seat, action, json, supplied, hash)", k));
    for (const char* field : {"seat", "action", "hash"})
      if (!e.contains(field)) return bad(fmt::format("'{}' is missing", field));
    const bool chance = e["seat"] == "chance";
    if (chance && e.contains("json"))
      return bad("'json' is for decisions; a chance entry has none");
    // The action text is what a reader of the log trusts: it must be what the id means.
    std::unique_ptr<State> before = e.contains("json") ? m.state().clone() : nullptr;
    if (auto st = m.replay_entry(e); !st) return bad(st.message());
    if (before) {
      const json expected = before->action_to_json(m.log().back().action);
      if (e["json"] != expected)
        return bad(fmt::format("'json' is {} but action {} is {}", e["json"].dump(),
                               m.log().back().action, expected.dump()));
    }
  }
  if (!m.state().is_terminal())
    return failed(
        fmt::format("the log ends after {} entries, before the game does "
                    "(a table reveals its log only when the game is over)",
                    entries.size()));

  // 5. The verdict.
  Verification v;
  if (m.referee()) {
    v.verdict = Verdict::kReferee;
    v.message = log.contains("start") && !log["start"].is_null()
                    ? "referee log: it starts from a loaded position, not provably fair"
                    : "referee log: dice entered by hand, not provably fair";
  } else if (!committed) {
    return failed(
        "'seed_sha256' is missing: nothing shows the seed was fixed before the first move");
  } else {
    v.verdict = Verdict::kVerified;
  }
  v.match = std::move(m);
  return v;
}

}  // namespace meeple
