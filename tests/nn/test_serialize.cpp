// Saving and loading: the tensor archive's round trip over dtypes and shapes, its errors on
// damaged files, a module's and an optimizer's state (with the generator's), and a training
// run resumed from a checkpoint continuing bit for bit like the run that never stopped.
#include "Reference.h"
#include "nn/NnTestHelpers.h"

#include <aten/Factories.h>
#include <aten/TensorOperators.h>
#include <aten/ops/cross_entropy_loss.h>
#include <aten/ops/empty_like.h>
#include <aten/ops/randn.h>
#include <aten/ops/zeros.h>
#include <gtest/gtest.h>
#include <nn/nn.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

using namespace aten;
using aten::nn::test::bitwise_equal;
using aten::ref::expect_error;

namespace {

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "miniaten_nn_" + std::to_string(::getpid()) + "_" + name;
}

struct TempFile {
  explicit TempFile(const std::string& name) : path(temp_path(name)) {}
  ~TempFile() { std::remove(path.c_str()); }
  std::string path;
};

// A model with every kind of state: parameters, BatchNorm's buffers, a Dropout drawing from
// the generator.
nn::Sequential model(const Generator& g) {
  return nn::Sequential(nn::Conv2d(nn::Conv2dOptions(1, 4, 3).padding(1).generator(g)),
                        nn::BatchNorm2d(4), nn::ReLU(), nn::Flatten(),
                        nn::Dropout(nn::DropoutOptions(0.25).generator(g)),
                        nn::Linear(nn::LinearOptions(4 * 4 * 4, 3).generator(g)));
}

}  // namespace

TEST(NnSerialize, ArchiveRoundTripsDtypesAndShapes) {
  TempFile f("archive.bin");
  nn::NamedTensors entries = {
      {"float", aten::randn({3, 4}, make_generator(1))},
      {"double.t", aten::randn({2, 5}, make_generator(2), kDouble).t()},  // non-contiguous
      {"long0d", aten::tensor({42}, {}, TensorOptions(kLong))},
      {"empty", aten::zeros({0, 7})},
      {"bytes", aten::tensor({1, 2, 255}, {3}, TensorOptions(kByte))},
      {"bool", aten::tensor({true, false}, {2}, TensorOptions(kBool))},
  };
  nn::write_archive(f.path, entries);
  nn::NamedTensors back = nn::read_archive(f.path);
  ASSERT_EQ(back.size(), entries.size());
  for (size_t i = 0; i < entries.size(); ++i) {
    EXPECT_EQ(back[i].first, entries[i].first);
    EXPECT_TRUE(bitwise_equal(back[i].second, entries[i].second)) << entries[i].first;
    EXPECT_TRUE(back[i].second.is_contiguous());
  }
}

TEST(NnSerialize, DamagedFilesAreErrorsNamingTheFile) {
  TempFile f("damaged.bin");
  nn::write_archive(f.path, {{"w", aten::randn({16}, make_generator(1))}});
  const auto size = std::filesystem::file_size(f.path);
  std::filesystem::resize_file(f.path, size - 3);
  expect_error([&] { nn::read_archive(f.path); }, {f.path, "truncated"});
  {
    std::ofstream out(f.path, std::ios::binary | std::ios::trunc);
    out << "NOTANARCHIVE............";
  }
  expect_error([&] { nn::read_archive(f.path); }, {f.path, "wrong magic bytes"});
  expect_error([&] { nn::read_archive(temp_path("missing.bin")); }, {"cannot open"});
}

TEST(NnSerialize, ModuleStateAndGeneratorRoundTrip) {
  TempFile f("module.bin");
  Generator g = make_generator(1);
  nn::Sequential a = model(g);
  a(aten::randn({2, 1, 4, 4}, make_generator(3)));  // moves BatchNorm's buffers and g
  nn::save(*a, f.path, g);
  const Tensor after_save = aten::randn({5}, g);

  Generator h = make_generator(2);
  nn::Sequential b = model(h);
  nn::load(*b, f.path, h);
  auto sa = a->state_dict(), sb = b->state_dict();
  ASSERT_EQ(sa.size(), sb.size());
  for (size_t i = 0; i < sa.size(); ++i) {
    EXPECT_EQ(sa[i].first, sb[i].first);
    EXPECT_TRUE(bitwise_equal(sa[i].second, sb[i].second)) << sa[i].first;
  }
  EXPECT_EQ(sb[8].first, "1.num_batches_tracked");
  EXPECT_TRUE(bitwise_equal(aten::randn({5}, h), after_save));  // h continues where g was
  // Loaded parameters are still leaves that require grad.
  for (const auto& [name, p] : b->named_parameters()) EXPECT_TRUE(p.requires_grad() && p.is_leaf());
}

TEST(NnSerialize, LoadChecksNamesShapesAndTheGeneratorEntry) {
  TempFile f("checks.bin");
  nn::Linear small(3, 2);
  nn::save(*small, f.path);
  nn::Linear other(3, 2);
  expect_error([&] { nn::load(*other, f.path, make_generator(1)); }, {"holds no generator state"});
  nn::Linear wider(4, 2);
  const Tensor before = wider->weight.detach().clone();
  expect_error([&] { nn::load(*wider, f.path); }, {"\"weight\" is Float[2, 3]", "expected"});
  EXPECT_TRUE(bitwise_equal(wider->weight, before));  // nothing loaded
  nn::write_archive(
      f.path,
      {{"weight", aten::zeros({2, 3})}, {"bias", aten::zeros({2})}, {"extra", aten::zeros({1})}});
  expect_error([&] { nn::load(*other, f.path); }, {"\"extra\" is not a parameter or buffer"});
  nn::write_archive(f.path, {{"weight", aten::zeros({2, 3})}});
  expect_error([&] { nn::load(*other, f.path); }, {"\"bias\" is missing"});
}

TEST(NnSerialize, OptimizerStateRoundTripsAndIsChecked) {
  TempFile f("opt.bin");
  Tensor p = aten::randn({4}, make_generator(1)).requires_grad_(true);
  optim::Adam a({p}, optim::AdamOptions(0.1).amsgrad(true));
  p.mutable_grad() = aten::randn({4}, make_generator(2));
  a.step();
  a.step();
  nn::save(a, f.path);
  optim::Adam b({p}, optim::AdamOptions(0.1).amsgrad(true));
  nn::load(b, f.path);
  auto sa = a.state_dict(), sb = b.state_dict();
  ASSERT_EQ(sa.size(), 4u);
  ASSERT_EQ(sb.size(), 4u);
  for (size_t i = 0; i < sa.size(); ++i) {
    EXPECT_EQ(sa[i].first, sb[i].first);
    EXPECT_TRUE(bitwise_equal(sa[i].second, sb[i].second)) << sa[i].first;
  }
  EXPECT_EQ(sa[0].first, "state.0.step");
  EXPECT_EQ(sa[0].second.item<int64_t>(), 2);
  optim::Adam plain({p}, optim::AdamOptions(0.1));
  expect_error([&] { nn::load(plain, f.path); }, {"incomplete"});
  optim::SGD sgd({p}, optim::SGDOptions(0.1).momentum(0.9));
  expect_error([&] { nn::load(sgd, f.path); }, {"unexpected entry \"state.0.step\""});
}

// The same run twice: straight through, and stopped after `stop` steps, saved (module with
// generator, optimizer), loaded into a model built from another seed, and continued.
template <typename MakeOptimizer>
void expect_resume_is_bit_identical(const MakeOptimizer& make_optimizer) {
  const Tensor x = aten::randn({32, 1, 4, 4}, make_generator(5));
  const Tensor y = aten::tensor({0, 1, 2, 1, 0, 2, 2, 1}, {8}, TensorOptions(kLong));
  constexpr int kSteps = 6, kStop = 3;
  auto train = [&](nn::Sequential& m, optim::Optimizer& opt, int from, int to) {
    for (int s = from; s < to; ++s) {
      opt.zero_grad();
      Tensor batch = x.narrow(0, (s % 4) * 8, 8);
      aten::cross_entropy_loss(m(batch), y).backward();
      opt.step();
    }
  };
  Generator g = make_generator(1);
  nn::Sequential straight = model(g);
  auto opt = make_optimizer(straight->parameters());
  train(straight, *opt, 0, kSteps);

  TempFile fm("resume_model.bin"), fo("resume_opt.bin");
  Generator g1 = make_generator(1);
  nn::Sequential first = model(g1);
  auto opt1 = make_optimizer(first->parameters());
  train(first, *opt1, 0, kStop);
  nn::save(*first, fm.path, g1);
  nn::save(*opt1, fo.path);

  Generator g2 = make_generator(77);
  nn::Sequential resumed = model(g2);
  auto opt2 = make_optimizer(resumed->parameters());
  nn::load(*resumed, fm.path, g2);
  nn::load(*opt2, fo.path);
  train(resumed, *opt2, kStop, kSteps);

  auto s1 = straight->state_dict(), s2 = resumed->state_dict();
  ASSERT_EQ(s1.size(), s2.size());
  for (size_t i = 0; i < s1.size(); ++i) {
    EXPECT_TRUE(bitwise_equal(s1[i].second, s2[i].second)) << s1[i].first;
  }
  EXPECT_EQ(g.get_offset(), g2.get_offset());
}

TEST(NnSerialize, ResumedTrainingIsBitIdenticalSGD) {
  expect_resume_is_bit_identical([](std::vector<Tensor> params) {
    return std::make_unique<optim::SGD>(
        std::move(params), optim::SGDOptions(0.1).momentum(0.9).nesterov(true).weight_decay(1e-3));
  });
}

TEST(NnSerialize, ResumedTrainingIsBitIdenticalAdam) {
  expect_resume_is_bit_identical([](std::vector<Tensor> params) {
    return std::make_unique<optim::AdamW>(std::move(params),
                                          optim::AdamWOptions(0.01).amsgrad(true));
  });
}
