#include "ai/reversi/patterns.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <set>

#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "core/data_files.h"

namespace meeple::reversi {

namespace {

constexpr char kMagic[8] = {'M', 'P', 'A', 'T', 'T', 'E', 'R', 'N'};
constexpr uint32_t kPatternsVersion = 1;
// In the file a zero run is this marker followed by its length (uint16):
// most configurations of the big shapes never occur, and their weights stay 0.
constexpr int16_t kZeroRun = INT16_MIN;

struct ShapeDef {
  PatternShape shape;
  std::vector<int> squares;  // the base instance, a1 corner / first rows
};

int pow3(int n) {
  int p = 1;
  while (n-- > 0) p *= 3;
  return p;
}

ShapeDef def(const char* name, std::vector<int> squares) {
  const int n = static_cast<int>(squares.size());
  return {{name, n, pow3(n)}, std::move(squares)};
}

const std::vector<ShapeDef>& shape_defs() {
  static const std::vector<ShapeDef> defs = {
      def("row2", {8, 9, 10, 11, 12, 13, 14, 15}),
      def("row3", {16, 17, 18, 19, 20, 21, 22, 23}),
      def("row4", {24, 25, 26, 27, 28, 29, 30, 31}),
      def("diagonal8", {0, 9, 18, 27, 36, 45, 54, 63}),
      def("diagonal7", {1, 10, 19, 28, 37, 46, 55}),
      def("diagonal6", {2, 11, 20, 29, 38, 47}),
      def("diagonal5", {3, 12, 21, 30, 39}),
      def("diagonal4", {4, 13, 22, 31}),
      def("edge+2x", {9, 0, 1, 2, 3, 4, 5, 6, 7, 14}),
      def("corner3x3", {0, 1, 2, 8, 9, 10, 16, 17, 18}),
      def("corner2x5", {0, 1, 2, 3, 4, 8, 9, 10, 11, 12}),
  };
  return defs;
}

// The flat form the evaluation loops over.
struct Flat {
  int offset;  // of the shape's table in a stage's vector
  int size;
  uint8_t squares[10];
  // The fast index (feature_slots): the instance is the base squares under
  // symmetry `sym`, so it reads the base squares (`mask`) of the board pulled
  // back by that symmetry, and `ternary` turns those bits, in square order,
  // into base-3 digits in the shape's index order.
  int sym;
  Bitboard mask;
  const uint16_t* ternary;
};

struct Layout {
  std::array<PatternShape, kNumShapes> shapes;
  std::array<PatternInstance, kNumInstances> instances;
  std::array<Flat, kNumInstances> flat;
  std::array<std::vector<uint16_t>, kNumShapes> ternary;
  int mobility_p = 0, mobility_o = 0, bias = 0, count = 0;
};

// Shape `def`'s base squares as a mask, and for every subset of them (bit j
// standing for the j-th lowest square, as PEXT leaves them) the sum of their
// base-3 place values in the shape's index order.
Bitboard base_mask(const ShapeDef& d) {
  Bitboard m = 0;
  for (int sq : d.squares) m |= square_bit(sq);
  return m;
}
std::vector<uint16_t> ternary_table(const ShapeDef& d) {
  std::vector<int> ascending = d.squares;
  std::sort(ascending.begin(), ascending.end());
  const int n = static_cast<int>(ascending.size());
  std::vector<int> place(n);  // of the j-th lowest square
  for (int j = 0; j < n; ++j) {
    const int k = static_cast<int>(std::find(d.squares.begin(), d.squares.end(), ascending[j]) -
                                   d.squares.begin());
    place[j] = pow3(n - 1 - k);
  }
  std::vector<uint16_t> table(size_t{1} << n);
  for (size_t bits = 0; bits < table.size(); ++bits) {
    int v = 0;
    for (int j = 0; j < n; ++j)
      if ((bits >> j) & 1) v += place[j];
    table[bits] = static_cast<uint16_t>(v);
  }
  return table;
}

Layout build_layout() {
  Layout l;
  const auto& defs = shape_defs();
  std::array<int, kNumShapes> offsets{};
  int offset = 0, n = 0;
  for (int s = 0; s < kNumShapes; ++s) {
    l.shapes[s] = defs[s].shape;
    l.ternary[s] = ternary_table(defs[s]);
    offsets[s] = offset;
    offset += defs[s].shape.tables;
    std::set<std::vector<int>> seen;
    for (int sym = 0; sym < 8; ++sym) {
      std::vector<int> squares;
      for (int sq : defs[s].squares) squares.push_back(transform_square(sym, sq));
      std::vector<int> key = squares;
      std::sort(key.begin(), key.end());
      if (!seen.insert(key).second) continue;
      l.instances[n] = {s, squares};
      Flat& f = l.flat[n];
      f.offset = offsets[s];
      f.size = static_cast<int>(squares.size());
      for (int k = 0; k < f.size; ++k) f.squares[k] = static_cast<uint8_t>(squares[k]);
      f.sym = sym;
      f.mask = base_mask(defs[s]);
      f.ternary = l.ternary[s].data();
      ++n;
    }
  }
  if (n != kNumInstances) throw std::logic_error("pattern instances: miscounted");
  l.mobility_p = offset;
  l.mobility_o = offset + kMaxMobility + 1;
  l.bias = offset + 2 * (kMaxMobility + 1);
  l.count = l.bias + 1;
  return l;
}

const Layout& layout() {
  static const Layout l = build_layout();
  return l;
}

// The board B' with B'[q] = B[transform_square(sym, q)]: the squares an
// instance of symmetry `sym` reads sit in B' where its shape's base squares
// are. transform_square mirrors files, then ranks, then swaps the two, so
// the pull-back applies the inverse steps in the reverse order.
Bitboard mirror_files(Bitboard b) {
  b = ((b >> 1) & 0x5555555555555555ull) | ((b & 0x5555555555555555ull) << 1);
  b = ((b >> 2) & 0x3333333333333333ull) | ((b & 0x3333333333333333ull) << 2);
  return ((b >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((b & 0x0F0F0F0F0F0F0F0Full) << 4);
}
Bitboard swap_files_ranks(Bitboard b) {
  Bitboard t = 0x0F0F0F0F00000000ull & (b ^ (b << 28));
  b ^= t ^ (t >> 28);
  t = 0x3333000033330000ull & (b ^ (b << 14));
  b ^= t ^ (t >> 14);
  t = 0x5500550055005500ull & (b ^ (b << 7));
  return b ^ t ^ (t >> 7);
}
Bitboard pull_back(int sym, Bitboard b) {
  if (sym & 4) b = swap_files_ranks(b);
  if (sym & 2) b = __builtin_bswap64(b);  // mirror the ranks
  if (sym & 1) b = mirror_files(b);
  return b;
}

inline int cell(Bitboard P, Bitboard O, int sq) {
  return static_cast<int>(((P >> sq) & 1) | (((O >> sq) & 1) << 1));
}

void put_u32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}
void put_16(std::string& out, uint16_t v) {
  out.push_back(static_cast<char>(v & 0xFF));
  out.push_back(static_cast<char>(v >> 8));
}

// A cursor over the file's bytes; every read checks the length.
struct Reader {
  const std::string& bytes;
  size_t at = 0;
  bool u32(uint32_t& v) {
    if (bytes.size() - at < 4) return false;
    v = 0;
    for (int i = 0; i < 4; ++i) v |= uint32_t{static_cast<uint8_t>(bytes[at + i])} << (8 * i);
    at += 4;
    return true;
  }
  bool u16(uint16_t& v) {
    if (bytes.size() - at < 2) return false;
    v = static_cast<uint16_t>(static_cast<uint8_t>(bytes[at]) |
                              (static_cast<uint8_t>(bytes[at + 1]) << 8));
    at += 2;
    return true;
  }
};

}  // namespace

const std::array<PatternShape, kNumShapes>& pattern_shapes() {
  return layout().shapes;
}

const std::array<PatternInstance, kNumInstances>& pattern_instances() {
  return layout().instances;
}

int stage_weight_count() {
  return layout().count;
}

int bias_slot() {
  return layout().bias;
}

namespace {
void mobility_slots(const Layout& l, Bitboard P, Bitboard O, FeatureIndex& out) {
  out.slot[kNumInstances] = l.mobility_p + std::min(popcount(legal_moves(P, O)), kMaxMobility);
  out.slot[kNumInstances + 1] = l.mobility_o + std::min(popcount(legal_moves(O, P)), kMaxMobility);
}
}  // namespace

void feature_slots_by_square(Bitboard P, Bitboard O, FeatureIndex& out) {
  const Layout& l = layout();
  for (int i = 0; i < kNumInstances; ++i) {
    const Flat& f = l.flat[i];
    int index = 0;
    for (int k = 0; k < f.size; ++k) index = index * 3 + cell(P, O, f.squares[k]);
    out.slot[i] = f.offset + index;
  }
  mobility_slots(l, P, O, out);
}

void feature_slots(Bitboard P, Bitboard O, FeatureIndex& out) {
#ifdef __BMI2__
  // Eight pulled-back boards a side, then two PEXTs and two table reads an
  // instance, instead of 345 single-square reads: the same indices
  // (patterns_test compares the two on random positions).
  const Layout& l = layout();
  std::array<Bitboard, 8> p, o;
  for (int sym = 0; sym < 8; ++sym) p[sym] = pull_back(sym, P), o[sym] = pull_back(sym, O);
  for (int i = 0; i < kNumInstances; ++i) {
    const Flat& f = l.flat[i];
    out.slot[i] = f.offset + f.ternary[_pext_u64(p[f.sym], f.mask)] +
                  2 * f.ternary[_pext_u64(o[f.sym], f.mask)];
  }
  mobility_slots(l, P, O, out);
#else
  feature_slots_by_square(P, O, out);
#endif
}

PatternWeights zero_weights() {
  PatternWeights w;
  w.w.assign(static_cast<size_t>(kNumStages) * stage_weight_count(), 0);
  return w;
}

int pattern_value(const PatternWeights& weights, Bitboard P, Bitboard O) {
  FeatureIndex fi;
  feature_slots(P, O, fi);
  const int16_t* w = weights.stage(stage_of(popcount(~(P | O))));
  int v = w[bias_slot()];
  for (int slot : fi.slot) v += w[slot];
  return v;
}

std::string encode_weights(const PatternWeights& weights) {
  std::string out(kMagic, sizeof kMagic);
  put_u32(out, kPatternsVersion);
  put_u32(out, kNumStages);
  put_u32(out, static_cast<uint32_t>(stage_weight_count()));
  put_u32(out, kNumShapes);
  for (const PatternShape& s : pattern_shapes()) put_u32(out, static_cast<uint32_t>(s.size));
  for (size_t i = 0; i < weights.w.size();) {
    if (weights.w[i] != 0) {
      put_16(out, static_cast<uint16_t>(std::max<int16_t>(weights.w[i], -INT16_MAX)));
      ++i;
      continue;
    }
    size_t run = 0;
    while (i < weights.w.size() && weights.w[i] == 0 && run < UINT16_MAX) ++i, ++run;
    put_16(out, static_cast<uint16_t>(kZeroRun));
    put_16(out, static_cast<uint16_t>(run));
  }
  return out;
}

Result<PatternWeights> decode_weights(const std::string& bytes) {
  if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    return data_loss("not a pattern weights file: expected it to begin with \"MPATTERN\"");
  Reader r{bytes, sizeof kMagic};
  uint32_t version = 0, stages = 0, count = 0, shapes = 0;
  if (!r.u32(version) || !r.u32(stages) || !r.u32(count) || !r.u32(shapes))
    return data_loss("pattern weights: the header is cut short");
  if (version != kPatternsVersion)
    return data_loss(
        fmt::format("pattern weights: version {}, expected {}", version, kPatternsVersion));
  if (stages != kNumStages || count != static_cast<uint32_t>(stage_weight_count()) ||
      shapes != kNumShapes)
    return data_loss(fmt::format(
        "pattern weights: {} stages of {} weights over {} shapes, expected {} of {} over {}",
        stages, count, shapes, kNumStages, stage_weight_count(), kNumShapes));
  for (const PatternShape& s : pattern_shapes()) {
    uint32_t size = 0;
    if (!r.u32(size)) return data_loss("pattern weights: the header is cut short");
    if (size != static_cast<uint32_t>(s.size))
      return data_loss(
          fmt::format("pattern weights: shape {} has {} squares in the file, expected {}", s.name,
                      size, s.size));
  }
  PatternWeights w = zero_weights();
  size_t i = 0;
  while (i < w.w.size()) {
    uint16_t v = 0;
    if (!r.u16(v))
      return data_loss(
          fmt::format("pattern weights: the file ends after {} of {} weights", i, w.w.size()));
    if (static_cast<int16_t>(v) != kZeroRun) {
      w.w[i++] = static_cast<int16_t>(v);
      continue;
    }
    uint16_t run = 0;
    if (!r.u16(run)) return data_loss("pattern weights: a zero run is cut short");
    if (run == 0 || run > w.w.size() - i)
      return data_loss(
          fmt::format("pattern weights: a zero run of {} at weight {} of {}", run, i, w.w.size()));
    i += run;  // already zero
  }
  if (r.at != bytes.size())
    return data_loss(
        fmt::format("pattern weights: {} bytes after the last weight", bytes.size() - r.at));
  return w;
}

Result<const PatternWeights*> shipped_weights() {
  static const Result<PatternWeights> loaded =
      decode_data_file<PatternWeights>("reversi/patterns.bin", decode_weights);
  if (!loaded) return loaded.status();
  return &loaded.value();
}

}  // namespace meeple::reversi
