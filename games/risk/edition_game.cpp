// The option both Risk editions take (edition_game.h).
#include "games/risk/edition_game.h"

namespace meeple::risk {

OptionSpec battles_option(const std::string& losses) {
  // No list of allowed values on purpose: that would make it a way to play,
  // enumerated as modes with golden logs of their own (tests/golden); it is
  // how chance is presented, checked in parse_battles_option.
  return OptionSpec{.name = "battles",
                    .type = OptionType::kString,
                    .default_value = "dice",
                    .description =
                        "dice (each die a chance outcome, as rolled at a table) or outcomes (each "
                        "roll one outcome: " +
                        losses + "; for search and simulation)",
                    .allowed = {},
                    .min = 0,
                    .max = 0};
}

Result<bool> parse_battles_option(const json& options, const std::string& game) {
  const std::string battles = options.value("battles", "dice");
  if (battles != "dice" && battles != "outcomes")
    return invalid_argument(game + ": battles must be dice or outcomes, got '" + battles + "'");
  return battles == "outcomes";
}

}  // namespace meeple::risk
