#pragma once
// The one header users include: tensors, every operator, factories, printing.
#include <aten/Dispatch.h>
#include <aten/Factories.h>
#include <aten/Functions.h>
#include <aten/TensorOperators.h>
#include <aten/core/Allocator.h>
#include <aten/core/Formatting.h>
#include <aten/core/FromBlob.h>
#include <aten/core/Generator.h>
#include <aten/core/ScalarOps.h>
#include <aten/core/Tensor.h>
#include <aten/cpu/Capability.h>
#include <aten/cpu/Parallel.h>
#include <aten/dispatch/Dispatcher.h>
#include <aten/dispatch/IValue.h>
#include <aten/iterator/ResultType.h>
