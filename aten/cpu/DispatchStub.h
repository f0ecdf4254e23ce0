#pragma once
// DispatchStub: a kernel pointer per CPU capability, chosen on first call.
//
//   // native/BinaryOps.h           ATEN_DECLARE_DISPATCH(binary_fn_alpha, add_stub);
//   // native/BinaryOps.cpp         ATEN_DEFINE_DISPATCH(add_stub);   ... add_stub(kCPU, iter,
//   alpha);
//   // native/cpu/BinaryOpsKernel.cpp (compiled once per capability)
//   //                              ATEN_REGISTER_DISPATCH(add_stub, &add_kernel);
//
// ATEN_REGISTER_DISPATCH defines the stub's slot for the capability the file is being compiled for,
// so the stub's user references every compiled variant and the linker keeps them all.
#include <aten/core/Device.h>
#include <aten/core/Error.h>
#include <aten/cpu/Capability.h>

#include <atomic>
#include <utility>

namespace aten {
class Tensor;
class TensorIteratorBase;
}  // namespace aten

namespace aten::native {

// Whether a kernel argument's dtypes are all ones a test copy holds (in_every_kernel_copy,
// <aten/core/DtypeDispatch.h>). An argument type that carries a dtype of its own declares an
// overload beside it (GemmProblem), found by argument-dependent lookup.
bool test_copy_holds(const TensorIteratorBase& iter);
bool test_copy_holds(const Tensor& t);
template <typename T>
constexpr bool test_copy_holds(const T&) {
  return true;
}

template <typename FnPtr, typename Tag>
struct DispatchStub;

template <typename Ret, typename... Args, typename Tag>
struct DispatchStub<Ret (*)(Args...), Tag> {
  using FnPtr = Ret (*)(Args...);

  template <typename... CallArgs>
  Ret operator()(Device device, CallArgs&&... args) {
    ATEN_CHECK(device.is_cpu(), "no ", device, " kernel for this operation");
    FnPtr fn = cached_.load(std::memory_order_relaxed);
    if (fn == nullptr) [[unlikely]] {
      fn = choose();
      cached_.store(fn, std::memory_order_relaxed);
    }
    return (*fn)(std::forward<CallArgs>(args)...);
  }

  static FnPtr DEFAULT;
  static FnPtr AVX2;
  static FnPtr AVX512;

 private:
  // The kernel for capability `c`: its own, or the best one built below it.
  static FnPtr pick(CPUCapability c) {
    switch (c) {
      case CPUCapability::AVX512:
        if (AVX512 != nullptr) return AVX512;
        [[fallthrough]];
      case CPUCapability::AVX2:
        if (AVX2 != nullptr) return AVX2;
        [[fallthrough]];
      case CPUCapability::DEFAULT:
        break;
    }
    ATEN_CHECK(DEFAULT != nullptr, "no CPU kernel is registered for this operation");
    return DEFAULT;
  }

  // A test copy (is_test_copy) runs behind run_in_test_copy, which sends the dtypes it lacks to
  // the best copy built, pick(AVX512), the full one; any other kernel is called directly. (A
  // kernel file without a vector path has its one full copy in the DEFAULT slot, and no test
  // copy.)
  static FnPtr choose() {
    const FnPtr fn = pick(get_cpu_capability());
    if (fn != pick(CPUCapability::AVX512) && is_test_copy(get_cpu_capability()))
      return &run_in_test_copy;
    return fn;
  }

  static Ret run_in_test_copy(Args... args) {
    if ((test_copy_holds(args) && ...))
      return (*pick(get_cpu_capability()))(std::forward<Args>(args)...);
    check_cpu_runs_full_copies();
    return (*pick(CPUCapability::AVX512))(std::forward<Args>(args)...);
  }

  std::atomic<FnPtr> cached_{nullptr};
};

}  // namespace aten::native

// These macros are used inside namespace aten::native, where explicit specialisations of
// DispatchStub's members may be declared.
// Declares the three slots as explicit specialisations, so every user sees that they are
// defined elsewhere (one per capability build of the kernel file).
#define ATEN_DECLARE_DISPATCH(fn_type, name)                \
  struct name##_t : DispatchStub<fn_type, name##_t> {};     \
  template <>                                               \
  name##_t::FnPtr DispatchStub<fn_type, name##_t>::DEFAULT; \
  template <>                                               \
  name##_t::FnPtr DispatchStub<fn_type, name##_t>::AVX2;    \
  template <>                                               \
  name##_t::FnPtr DispatchStub<fn_type, name##_t>::AVX512;  \
  extern name##_t name

#define ATEN_DEFINE_DISPATCH(name) name##_t name

#define ATEN_REGISTER_ARCH_DISPATCH(name, arch, fn) \
  template <>                                       \
  name##_t::FnPtr DispatchStub<name##_t::FnPtr, name##_t>::arch = fn

#ifdef CPU_CAPABILITY_ONE_BUILD
// A kernel file without a vector path is compiled once (cmake/CpuKernels.cmake): its kernel is
// the DEFAULT one, and the other slots stay empty, so every capability falls back to it.
#define ATEN_REGISTER_DISPATCH(name, fn)            \
  ATEN_REGISTER_ARCH_DISPATCH(name, DEFAULT, fn);   \
  ATEN_REGISTER_ARCH_DISPATCH(name, AVX2, nullptr); \
  ATEN_REGISTER_ARCH_DISPATCH(name, AVX512, nullptr)
#else
// The DEFAULT build also empties the slots of the capabilities this build compiles no kernels
// for (ATEN_CPU_CAPABILITIES in cmake/CpuKernels.cmake): their callers fall back to the best
// capability that was built.
#define ATEN_REGISTER_DISPATCH(name, fn)                 \
  ATEN_REGISTER_ARCH_DISPATCH(name, CPU_CAPABILITY, fn); \
  ATEN_EMPTY_SKIPPED_AVX2_SLOT(name);                    \
  ATEN_EMPTY_SKIPPED_AVX512_SLOT(name)
#endif

#if defined(CPU_CAPABILITY_DEFAULT) && defined(CPU_CAPABILITY_SKIP_AVX2)
#define ATEN_EMPTY_SKIPPED_AVX2_SLOT(name) ATEN_REGISTER_ARCH_DISPATCH(name, AVX2, nullptr)
#else
#define ATEN_EMPTY_SKIPPED_AVX2_SLOT(name) static_assert(true)
#endif
#if defined(CPU_CAPABILITY_DEFAULT) && defined(CPU_CAPABILITY_SKIP_AVX512)
#define ATEN_EMPTY_SKIPPED_AVX512_SLOT(name) ATEN_REGISTER_ARCH_DISPATCH(name, AVX512, nullptr)
#else
#define ATEN_EMPTY_SKIPPED_AVX512_SLOT(name) static_assert(true)
#endif
