// The example bot of docs/bots.md (examples/sampling_bot.h): it compiles
// against the bot interface, plays legal moves in Reversi and in Risk (a
// hidden-information game, through determinize), and docs/bots.md shows the
// file exactly, so the documented example is the one that is built.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "all_games/all_games.h"
#include "core/match.h"
#include "core/registry.h"
#include "examples/sampling_bot.h"

namespace meeple {
namespace {

std::string read(const std::string& path) {
  std::ifstream f(path);
  EXPECT_TRUE(f) << "cannot read " << path;
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Plays `steps` decisions of `game` with the example bot in every seat.
void play(const std::string& name, const json& options, int steps, int samples, int max_steps) {
  auto game = all_games().create(name, options);
  ASSERT_TRUE(game.is_ok()) << game.status().to_string();
  Match m = Match::start(*game, 3);
  examples::SamplingBot bot(samples, max_steps, 8);
  for (int decided = 0; decided < steps && !m.state().is_terminal();) {
    if (m.state().is_chance()) {
      m.sample_chance();
      continue;
    }
    const Decision d(**game, m.state());
    const Action a = bot.choose(d);
    ASSERT_TRUE(d.is_legal(a)) << name << ": " << a;
    ASSERT_TRUE(m.act(a));
    ++decided;
  }
}

TEST(ExampleBot, PlaysAWholeReversiGame) {
  play("reversi", json::object(), 100, 2, 60);
}

TEST(ExampleBot, PlaysRiskFromSamplesOfWhatItsSeatKnows) {
  play("risk", {{"mode", "missions"}, {"players", 3}}, 150, 1, 20);
}

TEST(ExampleBot, DocumentationShowsTheExampleExactly) {
  const std::string example = read(MEEPLE_SOURCE_DIR "/examples/sampling_bot.h");
  const std::string doc = read(MEEPLE_SOURCE_DIR "/docs/bots.md");
  EXPECT_NE(doc.find("```cpp\n" + example + "```"), std::string::npos)
      << "docs/bots.md must show examples/sampling_bot.h verbatim";
}

}  // namespace
}  // namespace meeple
