// `meeple odds A D [--json]`: exact Risk battle odds (games/risk/odds.h), an
// absorbing Markov chain over the armies, not a simulation. A counts the
// attacking armies that may roll (the source keeps one more behind), D the
// defending armies; both sides always roll the most dice they may.
#include <fmt/format.h>

#include <iostream>

#include "cli/commands.h"

#ifdef MEEPLE_HAVE_RISK
#include <nlohmann/json.hpp>

#include "games/risk/odds.h"
#endif

namespace meeple::cli {

void add_odds_command(CLI::App& app) {
  struct Args {
    int attackers = 0, defenders = 0;
    bool json_out = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand(
      "odds", "Exact Risk battle odds: A attacking armies (source - 1) v D defenders");
  cmd->add_option("A", args->attackers, "attacking armies that may roll (source armies - 1)")
      ->required()
      ->check(CLI::Range(0, 2000));
  cmd->add_option("D", args->defenders, "defending armies")->required()->check(CLI::Range(1, 2000));
  cmd->add_flag("--json", args->json_out, "print JSON");
  cmd->callback([args] {
#ifdef MEEPLE_HAVE_RISK
    const auto o = risk::battle_odds(args->attackers, args->defenders);
    if (args->json_out) {
      nlohmann::json j = {{"attackers", o.attackers},
                          {"defenders", o.defenders},
                          {"conquest", o.conquest},
                          {"expected_attacker_losses", o.expected_attacker_losses},
                          {"expected_defender_losses", o.expected_defender_losses},
                          {"attacker_survivors", o.attacker_survivors},
                          {"defender_survivors", o.defender_survivors}};
      std::cout << j.dump(2) << "\n";
      return;
    }
    std::cout << fmt::format("Risk battle: {} attacking armies v {} defending armies (exact)\n",
                             o.attackers, o.defenders);
    std::cout << fmt::format("  P(conquest)              {:.6f}\n", o.conquest);
    std::cout << fmt::format("  expected attacker losses {:.4f}\n", o.expected_attacker_losses);
    std::cout << fmt::format("  expected defender losses {:.4f}\n", o.expected_defender_losses);
    std::cout << "  conquest with k attackers left:\n";
    for (int k = 1; k <= o.attackers; ++k)
      if (o.attacker_survivors[k] >= 5e-7)
        std::cout << fmt::format("    {:>4}  {:.6f}\n", k, o.attacker_survivors[k]);
    std::cout << "  attack fails with k defenders left:\n";
    for (int k = 1; k <= o.defenders; ++k)
      if (o.defender_survivors[k] >= 5e-7)
        std::cout << fmt::format("    {:>4}  {:.6f}\n", k, o.defender_survivors[k]);
#else
    std::cerr << "meeple odds: this build has no Risk (MEEPLE_SKIP_GAMES)\n";
    throw CLI::RuntimeError(2);
#endif
  });
}

}  // namespace meeple::cli
