// CPU kernel of where. Compiled once per CPU capability (see DispatchStub.h).
#include <aten/cpu/Loops.h>
#include <aten/native/Where.h>
#include <aten/ops/where_dtypes.h>

#include <array>
#include <cstdint>

namespace aten::native {
inline namespace CPU_CAPABILITY {
namespace {

// out = condition ? self : other. Where a row is dense (each operand contiguous, self or other
// possibly one broadcast value, as in ReLU's backward, `where(result <= 0, 0, grad)`), the row
// is a plain select loop that the compiler vectorizes; anything else goes element by element
// through basic_loop.
template <typename scalar_t>
struct WhereLoop2d {
  static void dense_row(char* const* p, const int64_t* strides, int64_t n) {
    auto* out = reinterpret_cast<scalar_t*>(p[0]);
    // The condition's bytes as integers, and both sides loaded before the select: GCC vectorizes
    // that, not a select on bools nor one that loads only the side it picks.
    const auto* c = reinterpret_cast<const uint8_t*>(p[1]);
    const auto* a = reinterpret_cast<const scalar_t*>(p[2]);
    const auto* b = reinterpret_cast<const scalar_t*>(p[3]);
    if (strides[2] == 0 && strides[3] != 0) {
      const scalar_t av = *a;
      for (int64_t i = 0; i < n; ++i) {
        const scalar_t bi = b[i];
        out[i] = c[i] != 0 ? av : bi;
      }
    } else if (strides[3] == 0 && strides[2] != 0) {
      const scalar_t bv = *b;
      for (int64_t i = 0; i < n; ++i) {
        const scalar_t ai = a[i];
        out[i] = c[i] != 0 ? ai : bv;
      }
    } else if (strides[2] != 0) {
      for (int64_t i = 0; i < n; ++i) {
        const scalar_t ai = a[i], bi = b[i];
        out[i] = c[i] != 0 ? ai : bi;
      }
    } else {
      const scalar_t av = *a, bv = *b;
      for (int64_t i = 0; i < n; ++i) out[i] = c[i] != 0 ? av : bv;
    }
  }

  void operator()(char** data, const int64_t* strides, int64_t size0, int64_t size1) const {
    constexpr int64_t s = sizeof(scalar_t);
    const bool dense = strides[0] == s && strides[1] == static_cast<int64_t>(sizeof(bool)) &&
                       (strides[2] == s || strides[2] == 0) && (strides[3] == s || strides[3] == 0);
    std::array<char*, 4> ptrs = {data[0], data[1], data[2], data[3]};
    for (int64_t j = 0; j < size1; ++j) {
      if (dense) {
        dense_row(ptrs.data(), strides, size0);
      } else {
        auto select = [](bool c, scalar_t a, scalar_t b) -> scalar_t { return c ? a : b; };
        basic_loop(ptrs.data(), strides, 0, size0, select);
      }
      for (size_t a = 0; a < 4; ++a) ptrs[a] += strides[4 + a];
    }
  }
};

void where_kernel(TensorIteratorBase& iter) {
  ATEN_DISPATCH_where_TYPES(iter.dtype(0), [&] {
    iter.for_each(WhereLoop2d<scalar_t>{});
    iter.cast_outputs();
  });
}

}  // namespace
}  // namespace CPU_CAPABILITY

ATEN_REGISTER_DISPATCH(where_stub, &where_kernel);

}  // namespace aten::native
