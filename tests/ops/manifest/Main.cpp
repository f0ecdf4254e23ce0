// The manifest suite's main(): its tests are registered from the case list (Runner.cpp), which
// the other drivers of the cases (tests/fuzz/) link without it.
#include <gtest/gtest.h>

namespace aten::optest {
void register_case_tests();       // Runner.cpp
void register_gradcheck_tests();  // Gradcheck.cpp
}  // namespace aten::optest

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  aten::optest::register_case_tests();
  aten::optest::register_gradcheck_tests();
  return RUN_ALL_TESTS();
}
