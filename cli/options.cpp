#include "cli/options.h"

#include <CLI/CLI.hpp>

#include "all_games/all_games.h"
#include "core/registry.h"

namespace meeple::cli {

void add_game_flags(CLI::App* cmd, GameFlags& flags) {
  cmd->add_option("--mode", flags.mode, "Game mode (see `meeple list`)");
  cmd->add_option("--players", flags.players, "Number of players");
  cmd->add_option("--option", flags.options, "Game option key=value (repeatable)");
  cmd->add_flag("--advanced", flags.advanced, "The advanced game (games with option 'advanced')");
  cmd->add_flag("--teams", flags.teams, "The team game (games with option 'teams')");
}

namespace {
struct EditionName {
  const char* game;     // as typed after `meeple play`
  const char* edition;  // --edition
  const char* name;     // the registered game
};
constexpr EditionName kEditions[] = {
    {"risk", "european", "risk"},
    {"risk", "2008", "risk-2008"},
    {"risk-2008", "2008", "risk-2008"},
};
}  // namespace

Result<std::string> game_for_edition(const std::string& game, const std::string& edition) {
  if (edition.empty()) return game;
  std::string known;
  for (const auto& e : kEditions) {
    if (game != e.game) continue;
    if (edition == e.edition) return std::string(e.name);
    known += known.empty() ? e.edition : std::string(" or ") + e.edition;
  }
  if (known.empty())
    return invalid_argument("--edition: " + game +
                            " has one edition (--edition is for risk: european or 2008)");
  return invalid_argument("--edition: " + game + " has no edition '" + edition + "' (expected " +
                          known + ")");
}

Result<json> options_from_flags(const std::string& game, const GameFlags& flags) {
  const GameInfo* info = all_games().find(game);
  if (!info) return all_games().create(game).status();  // names the known games
  json options = json::object();
  auto has = [&](const char* name) {
    for (const auto& o : info->options)
      if (o.name == name) return true;
    return false;
  };
  if (!flags.mode.empty()) {
    if (!has("mode")) return invalid_argument(game + " has no modes (see `meeple list`)");
    options["mode"] = flags.mode;
  }
  if (flags.players != 0) {
    if (!has("players"))
      return invalid_argument(game + " has a fixed number of players (see `meeple list`)");
    options["players"] = flags.players;
  }
  for (const auto& [flag, name] : {std::pair{flags.advanced, "advanced"}, {flags.teams, "teams"}}) {
    if (!flag) continue;
    if (!has(name))
      return invalid_argument(game + " has no option '" + name + "' (see `meeple list`)");
    options[name] = true;
  }
  for (const auto& kv : flags.options) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0)
      return invalid_argument("--option '" + kv + "' must be key=value");
    const std::string key = kv.substr(0, eq), text = kv.substr(eq + 1);
    json value = json::parse(text, nullptr, /*allow_exceptions=*/false);
    options[key] = value.is_discarded() ? json(text) : value;
  }
  auto normalized = Registry::normalize_options(*info, options);
  if (!normalized) return normalized.status();
  return options;
}

}  // namespace meeple::cli
