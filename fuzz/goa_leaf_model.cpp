// The learned Goa leaf value's weights (ai/goa/leaf_model.h,
// data/goa/leaf_model.json): arbitrary text is decoded; a refused file must
// say why, an accepted one must survive encoding and decoding again with
// every weight within the encoding's rounding.
#include <cmath>
#include <string>

#include "ai/goa/leaf_model.h"
#include "fuzz/support/check.h"

using namespace meeple::goa;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  meeple::Result<LeafModel> m = decode_leaf_model(text);
  if (!m) {
    FUZZ_CHECK(!m.status().message().empty(), "a refused file needs a reason");
    return 0;
  }
  meeple::Result<LeafModel> again = decode_leaf_model(encode_leaf_model(*m));
  FUZZ_CHECK(again && again->trained_by == m->trained_by, "encode then decode failed");
  for (int players = kLeafMinPlayers; players <= kLeafMaxPlayers; ++players)
    for (int round = 1; round <= kLeafRounds; ++round)
      for (size_t t = 0; t < kNumWorthTerms; ++t)
        FUZZ_CHECK(std::fabs(again->at(players, round)[t] - m->at(players, round)[t]) <= 1e-6,
                   "encode then decode changed a weight");
  return 0;
}
