// The cases of aten/native/Bucketization.cpp's op: searchsorted, with rows of boundaries (one
// per leading index of self) and with a 1-d sequence, left and right, through a sorter, into
// Long and Int, and of a Scalar. The reference counts the boundaries of a value's row below it
// (left) or not above it (right): where a binary search lands in a sorted row, whatever the
// order sorter reads it in.
#include "../OpCase.h"

#include <aten/core/Tensor.h>
#include <aten/ops/searchsorted.h>

#include <optional>
#include <string_view>
#include <vector>

namespace aten::optest {

namespace {

// Sorted along every row of 35 (with ties once converted to an integral dtype).
double sorted_row(int64_t i) { return static_cast<double>(i % 35) / 4.0; }
// Values around and between them, some equal to one.
double around(int64_t i) { return static_cast<double>((i * 7) % 40) / 4.0 - 0.5; }
// A row whose order sorter gives: element sorter[j] of row j's (13 j mod 35) is j / 4.
double shuffled_row(int64_t i) { return static_cast<double>((i * 13) % 35) / 4.0; }
double sorter_of_shuffled(int64_t j) { return static_cast<double>((j * 27) % 35); }

// in[0] the boundaries (rows along the last dim, or one row), in[1] the values.
auto count_reference(bool right, ScalarType result) {
  return [=](const Refs& in, std::span<const ScalarType>) -> Refs {
    const RefTensor& bd = in[0];
    const RefTensor& v = in[1];
    RefTensor out = filled(v.sizes, result);
    const int64_t row = bd.sizes.back();
    const int64_t row_in = v.dim() == 0 ? 1 : v.sizes.back();
    for (int64_t i = 0; i < v.numel(); ++i) {
      const int64_t start = bd.dim() == 1 ? 0 : i / row_in * row;
      const double x = v.values[static_cast<size_t>(i)].real();
      int64_t n = 0;
      for (int64_t j = 0; j < row; ++j) {
        const double b = bd.values[static_cast<size_t>(start + j)].real();
        n += right ? b <= x : b < x;
      }
      out.values[static_cast<size_t>(i)] = static_cast<double>(n);
    }
    return {out};
  };
}

std::function<std::vector<ScalarType>(std::span<const ScalarType>)> fixed(ScalarType t) {
  return [t](std::span<const ScalarType>) { return std::vector<ScalarType>{t}; };
}

}  // namespace

ATEN_OP_CASES(bucketization) {
  std::vector<OpCase> cases;

  // A row of boundaries per row of self, left into Long and right into Int.
  for (bool right : {false, true}) {
    OpCase c;
    c.overloads = {"searchsorted.Tensor", "searchsorted.Tensor_out"};
    c.inputs = {Input{{6, 35}, Values::any, std::nullopt, sorted_row},
                Input{{6, 35}, Values::any, std::nullopt, around}};
    c.call = [right](const Tensors& in) {
      return Tensors{searchsorted(in[0], in[1], right, right)};
    };
    c.call_out = [right](const Tensors& in, Tensors& out) {
      searchsorted_out(out[0], in[0], in[1], right, right);
    };
    const ScalarType result = right ? ScalarType::Int : ScalarType::Long;
    c.result_dtypes = fixed(result);
    c.reference = count_reference(right, result);
    c.skip_layouts = {Layout::zero_dim};  // 0-dim boundaries: an error (test_bucketization.cpp)
    cases.push_back(c);
  }

  // One row for every value, read through sorter, side="right".
  OpCase s;
  s.overloads = {"searchsorted.Tensor"};
  s.inputs = {Input{{35}, Values::any, std::nullopt, shuffled_row},
              Input{{4, 10}, Values::any, std::nullopt, around},
              Input{{35}, Values::any, ScalarType::Long, sorter_of_shuffled}};
  s.inputs[2].distinct = true;  // a permutation: the fuzzer must not repeat its elements
  s.call = [](const Tensors& in) {
    return Tensors{searchsorted(in[0], in[1], false, false, std::string_view("right"), in[2])};
  };
  s.result_dtypes = fixed(ScalarType::Long);
  s.reference = [](const Refs& in, std::span<const ScalarType> t) {
    return count_reference(true, ScalarType::Long)(in, t);
  };
  s.skip_layouts = {Layout::zero_dim, Layout::broadcast, Layout::large};
  cases.push_back(s);

  // A Scalar value: 2.5 in the promoted dtype (Float for integral boundaries).
  OpCase sc;
  sc.overloads = {"searchsorted.Scalar"};
  sc.inputs = {Input{{35}, Values::any, std::nullopt, sorted_row}};
  sc.call = [](const Tensors& in) { return Tensors{searchsorted(in[0], Scalar(2.5))}; };
  sc.result_dtypes = fixed(ScalarType::Long);
  sc.reference = [](const Refs& in, std::span<const ScalarType> t) {
    RefTensor value = filled({}, ScalarType::Double, 2.5);
    return count_reference(false, ScalarType::Long)({in[0], value}, t);
  };
  sc.skip_layouts = {Layout::zero_dim, Layout::large};  // longer than a sorted row
  sc.promoted_dtypes = {ScalarType::Bool};              // Bool and 2.5 compare in Float
  cases.push_back(sc);
  return cases;
}

}  // namespace aten::optest
