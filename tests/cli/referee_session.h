// What the terminal loop's referee tests share: a match started from a
// position written for the test, and a table of people typing the chance.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <utility>

#include "cli/play_loop.h"
#include "core/game.h"
#include "core/match.h"

namespace meeple::cli::test {

// A match from `position`, which must load as a state: undo and the log
// rebuild from its JSON, so a position only the test can build is no use.
inline Match match_from_position(std::shared_ptr<const Game> game, const json& position) {
  auto loaded = game->state_from_json(position);
  EXPECT_TRUE(loaded.is_ok()) << loaded.status().to_string();
  return Match::start_from(std::move(game), std::move(*loaded), 1);
}

// Every seat a person and every die typed in, as at a physical table.
inline PlayConfig referee_table(int seats) {
  PlayConfig c;
  c.seats.assign(static_cast<size_t>(seats), SeatConfig{true, 0});
  c.manual_chance = true;
  return c;
}

}  // namespace meeple::cli::test
