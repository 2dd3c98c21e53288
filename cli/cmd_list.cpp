// `meeple list`: the games, their modes and options, from the registry.
#include <fmt/format.h>

#include <iostream>

#include "ai/bot.h"
#include "all_games/all_games.h"
#include "cli/commands.h"
#include "core/registry.h"

namespace meeple::cli {

namespace {

std::string allowed_values(const json& option) {
  if (option.contains("allowed")) {
    std::string s;
    for (const auto& v : option["allowed"])
      s += (s.empty() ? "" : "|") + (v.is_string() ? v.get<std::string>() : v.dump());
    return s;
  }
  if (option.contains("min"))
    return fmt::format("{}..{}", option["min"].dump(), option["max"].dump());
  return option["type"].get<std::string>();
}

}  // namespace

void add_list_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("list", "List the games, their modes and options");
  auto as_json = std::make_shared<bool>(false);
  cmd->add_flag("--json", *as_json, "Print the list as JSON");
  cmd->callback([as_json] {
    json all = json::array();
    for (const GameInfo* info : all_games().list()) {
      json g = all_games().describe_with_metadata(*info);
      g["levels"] = describe_levels(info->name);
      all.push_back(std::move(g));
    }
    if (*as_json) {
      std::cout << all.dump(2) << "\n";
      return;
    }
    for (const auto& g : all) {
      fmt::print("{:<14} {} ({}–{} seats{}{})\n", g["name"].get<std::string>(),
                 g["title"].get<std::string>(), g["min_seats"].get<int>(),
                 g["max_seats"].get<int>(), g["chance"].get<bool>() ? ", chance" : "",
                 g["hidden_information"].get<bool>() ? ", hidden information" : "");
      fmt::print("    {}\n", g["summary"].get<std::string>());
      for (const auto& o : g["options"])
        fmt::print("    --option {}={:<28} default {:<12} {}\n", o["name"].get<std::string>(),
                   allowed_values(o), o["default"].dump(), o["description"].get<std::string>());
      // The computer's levels (--level, --agent level:N), each named.
      const json& levels = g["levels"];
      for (size_t l = 0; l < levels["names"].size(); ++l)
        fmt::print("    level {:<2} {}\n", l, levels["names"][l].get<std::string>());
      if (levels["top"].get<int>() < kMaxLevel)
        fmt::print("    levels {}..{} play as level {}\n", levels["top"].get<int>() + 1, kMaxLevel,
                   levels["top"].get<int>());
    }
  });
}

}  // namespace meeple::cli
