// `meeple arena`'s three inputs from outside: a shard's --json file, read
// back by `meeple arena merge` (merge_arena_documents), a bot program's
// answer line (action_from_answer), tried against a Reversi and a Risk
// decision, and an --agent spec (parse_agent). The input is all three.
// Checks: a document that merges writes back (arena_json) to one that merges
// to the same records (thinking time included); an accepted answer names a legal action; an
// accepted agent is one kind of agent with a label, and its spec alone parses to the same agent.
#include "cli/arena.h"

#include <map>

#include "all_games/all_games.h"
#include "cli/arena_results.h"
#include "cli/external_bot.h"
#include "core/decision.h"
#include "core/match.h"
#include "fuzz/support/check.h"

using namespace meeple;
using namespace meeple::cli;

namespace {

void check_answer(const std::string& game, const json& options, const std::string& line) {
  static std::map<std::string, Match> matches;
  auto it = matches.find(game);
  if (it == matches.end()) {
    Match m = Match::start(game, options, 3, all_games()).value();
    m.resolve_chance();
    it = matches.emplace(game, std::move(m)).first;
  }
  const Match& m = it->second;
  const Decision d(m.game(), m.state());
  auto a = action_from_answer(d, line);
  FUZZ_CHECK(!a || d.is_legal(*a), "an answer was accepted as the illegal action %d", *a);
}

void check_agent(const std::string& text) {
  auto a = parse_agent(text);
  if (!a) {
    (void)a.status().message().size();  // printed to the user
    return;
  }
  // One player; careless (careless:P[:SPEC]) only makes a built-in one
  // careless.
  const int kinds = (a->level >= 0 && !a->heuristic ? 1 : 0) + (a->heuristic ? 1 : 0) +
                    (a->ismcts > 0 ? 1 : 0) + (!a->command.empty() ? 1 : 0);
  FUZZ_CHECK(kinds == 1, "agent \"%s\" is %d kinds of agent", text.c_str(), kinds);
  FUZZ_CHECK(a->careless == 0 || a->command.empty(), "agent \"%s\" is a careless program",
             text.c_str());
  // reuse:SPEC and noreuse:SPEC only keep or drop the tree of a searching
  // built-in player.
  FUZZ_CHECK(a->reuse == AgentSpec::Reuse::kAsLevel ||
                 ((a->level >= 1 || a->ismcts > 0) && a->careless == 0 && !a->heuristic &&
                  a->seconds == 0 && a->command.empty()),
             "agent \"%s\" keeps the tree of a player that has none", text.c_str());
  FUZZ_CHECK(a->level <= 10 && a->careless <= 100 && a->seconds >= 0 && a->seconds <= 600,
             "agent \"%s\" is out of range", text.c_str());
  FUZZ_CHECK(!a->label.empty() && a->label.size() <= 40, "agent \"%s\" has a bad label",
             text.c_str());
  auto again = parse_agent(a->spec);
  FUZZ_CHECK(again.is_ok() && again->spec == a->spec && again->level == a->level &&
                 again->heuristic == a->heuristic && again->ismcts == a->ismcts &&
                 again->careless == a->careless && again->seconds == a->seconds &&
                 again->command == a->command && again->reuse == a->reuse,
             "agent \"%s\" does not parse back from its spec", text.c_str());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  check_answer("reversi", json::object(), text);
  check_answer("risk", {{"players", 3}}, text);
  check_agent(text);

  const json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return 0;
  auto merged = merge_arena_documents({{"fuzz", doc}});
  if (!merged) {
    (void)json(merged.status().message()).dump();  // printed to the user
    return 0;
  }
  GameMetadata metadata;  // any game: summarize indexes by the config's seats
  const ArenaSummary sum = summarize(merged->config, metadata, merged->records);
  (void)format_table(merged->config, sum);
  (void)arena_csv(merged->config, merged->records);
  const json again = arena_json(merged->config, sum, merged->records);
  auto back = merge_arena_documents({{"again", json::parse(again.dump())}});
  FUZZ_CHECK(back.is_ok(), "arena_json of a merged arena does not merge: %s",
             back.status().message().c_str());
  FUZZ_CHECK(back->records.size() == merged->records.size(), "records lost in a round trip");
  for (size_t i = 0; i < back->records.size(); ++i) {
    FUZZ_CHECK(back->records[i].thinking == merged->records[i].thinking,
               "record %zu's thinking time changed in a round trip", i);
  }
  return 0;
}
