// Risk 2008's state_from_json, for every option set the registry offers
// (Command Room and Basic Training, 3-5 players): arbitrary bytes, parsed as
// JSON, loaded and, when accepted, exercised through the whole game contract
// (support/games.h).
#include "fuzz/support/games.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  meeple::fuzz::fuzz_state_from_json("risk-2008", data, size);
  return 0;
}
