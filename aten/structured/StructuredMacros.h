#pragma once
// How hand-written structured kernels name their meta and impl functions:
//   ATEN_META_FUNC(add_Tensor)(const Tensor& self, ...) { ... }   inside namespace aten::meta
//   ATEN_IMPL_FUNC(add_out)(const Tensor& self, ..., const Tensor& out) { ... }   in aten::native
// The classes they define members of are declared in generated <aten/ops/<op>_meta.h> and
// <aten/ops/<op>_native.h>.
#define ATEN_META_FUNC(name) void structured_##name::meta
#define ATEN_IMPL_FUNC(name) void structured_##name::impl
