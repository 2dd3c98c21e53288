// The Reversi pattern weights file (ai/reversi/patterns.h): arbitrary bytes
// are decoded; a refused file must say why, an accepted one must survive
// encoding and decoding again unchanged and evaluate a position.
#include <string>

#include "ai/reversi/patterns.h"
#include "fuzz/support/check.h"

using namespace meeple::reversi;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  meeple::Result<PatternWeights> w = decode_weights(bytes);
  if (!w) {
    FUZZ_CHECK(!w.status().message().empty(), "a refused file needs a reason");
    return 0;
  }
  meeple::Result<PatternWeights> again = decode_weights(encode_weights(*w));
  FUZZ_CHECK(again && again->w == w->w, "encode then decode changed the weights");
  (void)pattern_value(*w, kStartBlack, kStartWhite);
  return 0;
}
