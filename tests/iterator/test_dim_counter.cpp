#include <aten/iterator/DimCounter.h>
#include <gtest/gtest.h>

using namespace aten;

// The worked example of the TensorIterator notes: range [1066670, 1280000) of [64, 2000, 10].
TEST(DimCounter, WorkedExampleInThreeSteps) {
  DimVector shape{64, 2000, 10};
  DimCounter c(shape, {1066670, 1280000});
  EXPECT_EQ(c.values, DimVector({46, 666, 8}));

  auto step = c.max_2d_step();
  EXPECT_EQ(step, (std::array<int64_t, 2>{18, 1}));
  c.increment(step);
  EXPECT_EQ(c.offset, 1066688);
  EXPECT_EQ(c.values, DimVector({0, 667, 8}));

  step = c.max_2d_step();
  EXPECT_EQ(step, (std::array<int64_t, 2>{64, 1333}));
  c.increment(step);
  EXPECT_EQ(c.offset, 1152000);
  EXPECT_EQ(c.values, DimVector({0, 0, 9}));

  step = c.max_2d_step();
  EXPECT_EQ(step, (std::array<int64_t, 2>{64, 2000}));
  c.increment(step);
  EXPECT_TRUE(c.is_done());
  EXPECT_EQ(c.values, DimVector({0, 0, 0}));
}

TEST(DimCounter, VisitsEveryElementOnceForAnyRange) {
  DimVector shape{3, 4, 5};
  for (int64_t begin = 0; begin < 60; begin += 7) {
    for (int64_t end = begin + 1; end <= 60; end += 11) {
      DimCounter c(shape, {begin, end});
      int64_t visited = 0, expect_linear = begin;
      while (!c.is_done()) {
        auto step = c.max_2d_step();
        // The step starts where the counter says.
        EXPECT_EQ(c.values[0] + shape[0] * (c.values[1] + shape[1] * c.values[2]), expect_linear);
        visited += step[0] * step[1];
        expect_linear += step[0] * step[1];
        c.increment(step);
      }
      EXPECT_EQ(visited, end - begin);
    }
  }
}
