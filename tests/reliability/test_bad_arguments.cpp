// Bad non-tensor arguments, op by op (they are not in the case registry, whose cases fix their
// arguments): negative sizes, sizes whose byte count overflows, out-of-range dims and indices,
// shapes that do not fit. Each is an aten::Error naming the op and the offending value.
#include "Probe.h"

#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/add.h>
#include <aten/ops/empty.h>
#include <aten/ops/empty_strided.h>
#include <aten/ops/full.h>
#include <aten/ops/mul.h>
#include <aten/ops/narrow.h>
#include <aten/ops/ones.h>
#include <aten/ops/sum.h>
#include <aten/ops/t.h>
#include <aten/ops/zeros.h>

#include <gtest/gtest.h>

#include <functional>
#include <limits>

namespace aten::optest {
namespace {

struct Bad {
  const char* what;
  std::function<void()> call;
  std::vector<std::string> names;  // what the message must contain
};

void run(const char* category, const std::vector<Bad>& cases) {
  for (const Bad& b : cases) expect_error(b.call, b.names, b.what);
  report_count(category, static_cast<int>(cases.size()));
}

constexpr int64_t kHuge = int64_t{1} << 62;

TEST(BadArguments, NegativeSizes) {
  run("negative sizes",
      {{"empty({-1})", [] { empty({-1}); }, {"negative dimension -1"}},
       {"empty({3, -2})",
        [] {
          empty({3, -2});
        },
        {"negative dimension -2"}},
       {"zeros({-1})", [] { zeros({-1}); }, {"negative dimension -1"}},
       {"ones({2, -5})",
        [] {
          ones({2, -5});
        },
        {"negative dimension -5"}},
       {"full({-3}, 1.0)", [] { full({-3}, 1.0); }, {"negative dimension -3"}},
       {"empty_strided({-1}, {1})", [] { empty_strided({-1}, {1}); }, {"negative dimension -1"}},
       {"view(-2)",
        [] {
          empty({6}).view({-2, 3});
        },
        {"view", "-2"}},
       {"reshape(-2)",
        [] {
          empty({6}).reshape({-2, 3});
        },
        {"-2"}},
       {"expand(-2)", [] { empty({1}).expand({-2}); }, {"expand", "-2"}},
       {"narrow length -1", [] { narrow(empty({4}), 0, 0, -1); }, {"narrow", "-1"}}});
}

TEST(BadArguments, SizesWhoseByteCountOverflows) {
  run("byte count overflows", {{"empty({1<<62, 8})",
                                [] {
                                  empty({kHuge, 8});
                                },
                                {"empty", std::to_string(kHuge)}},
                               {"empty({1<<62}, Double)",
                                [] { empty({kHuge}, TensorOptions(ScalarType::Double)); },
                                {std::to_string(kHuge)}},
                               {"empty({1<<32, 1<<32})",
                                [] {
                                  empty({int64_t{1} << 32, int64_t{1} << 32});
                                },
                                {"4294967296"}},
                               {"zeros({1<<62, 8})",
                                [] {
                                  zeros({kHuge, 8});
                                },
                                {std::to_string(kHuge)}},
                               {"full({1<<62, 8})",
                                [] {
                                  full({kHuge, 8}, 2);
                                },
                                {std::to_string(kHuge)}},
                               {"empty_strided({1<<62}, {8})",
                                [] { empty_strided({kHuge}, {8}); },
                                {std::to_string(kHuge)}},
                               {"expand to 1<<62 then contiguous",
                                [] {
                                  empty({1}).expand({kHuge, 8}).contiguous();
                                },
                                {std::to_string(kHuge)}}});
}

TEST(BadArguments, OutOfRangeDims) {
  const Tensor t = zeros({2, 3, 4});
  run("out-of-range dims", {{"sum dim 3", [&] { sum(t, IntArrayRef{3}); }, {"sum", "3"}},
                            {"sum dim -4", [&] { sum(t, IntArrayRef{-4}); }, {"sum", "-4"}},
                            {"sum dims repeated",
                             [&] {
                               sum(t, IntArrayRef{1, 1});
                             },
                             {"sum", "1"}},
                            {"transpose 0, 3", [&] { t.transpose(0, 3); }, {"transpose", "3"}},
                            {"permute 3 dims of 2",
                             [&] {
                               t.permute({0, 1});
                             },
                             {"permute"}},
                            {"permute repeated",
                             [&] {
                               t.permute({0, 1, 1});
                             },
                             {"permute", "1"}},
                            {"select dim 3", [&] { t.select(3, 0); }, {"select", "3"}},
                            {"select index 2 of 2", [&] { t.select(0, 2); }, {"select", "2"}},
                            {"select index -3", [&] { t.select(0, -3); }, {"select", "-3"}},
                            {"slice dim 5", [&] { t.slice(5, 0, 1); }, {"slice", "5"}},
                            {"slice step 0", [&] { t.slice(0, 0, 2, 0); }, {"slice", "step"}},
                            {"squeeze dim 3", [&] { t.squeeze(3); }, {"squeeze", "3"}},
                            {"unsqueeze dim 5", [&] { t.unsqueeze(5); }, {"unsqueeze", "5"}},
                            {"narrow start 5", [&] { t.narrow(1, 5, 1); }, {"narrow", "5"}},
                            {"narrow dim 3", [&] { t.narrow(3, 0, 1); }, {"narrow", "3"}}});
}

TEST(BadArguments, ShapesThatDoNotFit) {
  const Tensor t = zeros({2, 3, 4});
  run("shapes that do not fit",
      {{"view 25 elements",
        [&] {
          t.view({5, 5});
        },
        {"view", "[5, 5]", "24"}},
       {"view two -1",
        [&] {
          t.view({-1, -1});
        },
        {"view", "-1"}},
       {"view of a transpose", [&] { t.transpose(0, 2).view({24}); }, {"view"}},
       {"reshape 25 elements", [&] { t.reshape({25}); }, {"[25]", "24"}},
       {"expand 3 to 4",
        [&] {
          t.expand({2, 4, 4});
        },
        {"expand", "[2, 4, 4]"}},
       {"expand to fewer dims",
        [&] {
          t.expand({3, 4});
        },
        {"expand", "[3, 4]"}},
       {"copy_ [2, 3, 4] into [4]", [&] { zeros({4}).copy_(t); }, {"copy_", "[2, 3, 4]", "[4]"}},
       {"add [2, 3, 4] + [3]", [&] { add(t, zeros({3})); }, {"add", "[2, 3, 4]", "[3]"}},
       {"mul [2, 3, 4] * [2, 3]",
        [&] {
          mul(t, zeros({2, 3}));
        },
        {"mul", "[2, 3, 4]", "[2, 3]"}}});
}

}  // namespace
}  // namespace aten::optest
