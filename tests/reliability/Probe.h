#pragma once
// What the bad-input and strong-guarantee tests share: calling something that must throw an
// aten::Error naming the op, snapshots of tensors' bytes, and per-category counts.
#include "ops/manifest/Compare.h"

#include <aten/TensorOperators.h>
#include <aten/core/Formatting.h>
#include <aten/core/Tensor.h>
#include <aten/ops/t.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

namespace aten::optest {

// The op's name as its errors say it: the first overload without overload name or trailing _.
inline std::string op_name(const OpCase& c) {
  std::string n = c.overloads.at(0).substr(0, c.overloads[0].find('.'));
  while (!n.empty() && n.back() == '_') n.pop_back();
  return n;
}

// A tensor's geometry and every byte of its storage that it covers (tensors here are dense).
struct Snapshot {
  std::vector<int64_t> sizes, strides;
  int64_t offset = 0;
  ScalarType dtype = ScalarType::Undefined;
  std::vector<unsigned char> bytes;

  explicit Snapshot(const Tensor& t)
      : sizes(t.sizes().begin(), t.sizes().end()),
        strides(t.strides().begin(), t.strides().end()),
        offset(t.storage_offset()),
        dtype(t.scalar_type()) {
    const RefTensor r = to_ref(t);  // logical values, exact for every dtype
    bytes.resize(r.values.size() * sizeof(std::complex<double>));
    if (!bytes.empty()) std::memcpy(bytes.data(), r.values.data(), bytes.size());
  }
  bool operator==(const Snapshot&) const = default;
};

// Calls f, which must throw an aten::Error whose message contains every one of `names`;
// true when it threw an aten::Error (else a test failure).
template <typename F>
bool expect_error(F&& f, const std::vector<std::string>& names, const std::string& what) {
  try {
    f();
  } catch (const Error& e) {
    const std::string msg = e.what();
    for (const std::string& n : names)
      EXPECT_NE(msg.find(n), std::string::npos) << what << ": \"" << n << "\" not in: " << msg;
    return true;
  } catch (const std::exception& e) {
    ADD_FAILURE() << what << ": threw a non-aten exception: " << e.what();
    return false;
  }
  ADD_FAILURE() << what << ": no error";
  return false;
}

inline std::string shape_text(const Tensor& t) {
  std::ostringstream s;
  s << t.sizes();
  return s.str();
}

inline void report_count(const char* category, int n) {
  std::printf("[ reliability ] %s: %d inputs tried\n", category, n);
  ::testing::Test::RecordProperty(category, n);
}

}  // namespace aten::optest
