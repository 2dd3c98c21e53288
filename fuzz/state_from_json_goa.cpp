// Goa's state_from_json, for every option set the registry
// offers: arbitrary bytes, parsed as JSON, loaded and, when accepted,
// exercised through the whole game contract (support/games.h).
#include "fuzz/support/games.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  meeple::fuzz::fuzz_state_from_json("goa", data, size);
  return 0;
}
