// decode_action at reachable states, from arbitrary JSON and text.
//
// Input: an 8-byte header, then the action.
//   byte 0      which configuration (support/games.h all_configs(), modulo)
//   bytes 1-2   length of the random playout before the action (modulo 512)
//   byte 3      bit 0: the rest is a text command even if it parses as JSON
//   bytes 4-7   the playout's seed (match RNG and the choice of actions)
// The header alone fixes the position, so mutating the action keeps it.
// Checks: decode never changes the state; a decoded list is exactly what
// Match::act_json applies; a refused action leaves the match as it was.
#include <map>

#include "core/match.h"
#include "fuzz/support/check.h"
#include "fuzz/support/games.h"

using namespace meeple;

namespace {

constexpr size_t kHeader = 8;

// The position a header names: playouts are the slow part, and libFuzzer
// mutates the action far more often than the header, so keep the last few.
const Match& position(const uint8_t* header) {
  static std::map<uint64_t, Match> cache;
  uint64_t key = 0;
  for (size_t i = 0; i < kHeader; ++i) key = key << 8 | header[i];
  key &= ~(uint64_t{0xfe} << 32);  // byte 3's other bits do not change the position
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  const auto& configs = fuzz::all_configs();
  const auto& config = configs[header[0] % configs.size()];
  const int prefix = (header[1] | header[2] << 8) % 512;
  const uint64_t seed = uint64_t{header[4]} | uint64_t{header[5]} << 8 | uint64_t{header[6]} << 16 |
                        uint64_t{header[7]} << 24;
  Match m = Match::start(config.game, seed);
  Rng choose(mix64(seed, 1));
  for (int i = 0; i < prefix && !m.state().is_terminal(); ++i) {
    if (m.state().is_chance()) {
      m.sample_chance();
    } else {
      const auto legal = m.state().legal_actions();
      FUZZ_CHECK(m.act(legal[choose.below(legal.size())]).is_ok(), "a legal action refused");
    }
  }
  m.resolve_chance();
  if (cache.size() >= 256) cache.clear();
  return cache.emplace(key, std::move(m)).first->second;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < kHeader) return 0;
  Match match = position(data);
  const std::string rest(reinterpret_cast<const char*>(data) + kHeader, size - kHeader);
  json action = (data[3] & 1) ? json() : json::parse(rest, nullptr, /*allow_exceptions=*/false);
  const bool from_json = !action.is_discarded() && !action.is_null();
  if (!from_json) action = rest;  // a text command, as typed in the terminal

  const State& state = match.state();
  const uint64_t hash = state.hash();
  const json doc = state.to_json();
  auto decoded = state.decode_action(action);
  FUZZ_CHECK(state.hash() == hash && state.to_json() == doc, "decode_action changed the state");
  // Parsed JSON holds valid UTF-8, so its errors must serialise into a reply.
  if (!decoded && from_json) (void)json(decoded.status().message()).dump();

  const size_t moves = match.log().size();
  auto applied = match.act_json(action);
  if (decoded && !decoded->empty()) {
    FUZZ_CHECK(applied.is_ok(), "decoded to %zu ids but act_json refused: %s", decoded->size(),
               applied.status().to_string().c_str());
    FUZZ_CHECK(*applied == *decoded, "act_json applied other ids than decode_action gave");
    FUZZ_CHECK(match.log().size() == moves + decoded->size(), "the log grew by %zu, not %zu",
               match.log().size() - moves, decoded->size());
    Rng rng(fuzz::input_seed(data, size));
    fuzz::exercise_state(match.game(), match.state(), rng, 0);
  } else {
    FUZZ_CHECK(!applied.is_ok(), "act_json applied what decode_action refused");
    FUZZ_CHECK(match.log().size() == moves && match.state().hash() == hash &&
                   match.state().to_json() == doc,
               "a refused action changed the match");
  }
  return 0;
}
