// The Reversi ProbCut table (ai/reversi/probcut.h, data/reversi/probcut.json):
// arbitrary text is decoded; a refused file must say why, an accepted one
// must survive encoding and decoding again unchanged and give every depth
// a spread the search can use.
#include <string>

#include "ai/reversi/probcut.h"
#include "fuzz/support/check.h"

using namespace meeple::reversi;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  meeple::Result<ProbCutTable> t = decode_probcut(text);
  if (!t) {
    FUZZ_CHECK(!t.status().message().empty(), "a refused file needs a reason");
    return 0;
  }
  meeple::Result<ProbCutTable> again = decode_probcut(encode_probcut(t->pairs(), "fuzz"));
  FUZZ_CHECK(again && again->pairs() == t->pairs(), "encode then decode changed the pairs");
  for (int d = 0; d <= ProbCutTable::kMaxDepth + 1; ++d)
    FUZZ_CHECK(t->sigma(d) >= 0 && t->sigma(d) == again->sigma(d), "a spread changed");
  return 0;
}
