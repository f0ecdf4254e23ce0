#pragma once
// The module layer in one include, as libtorch's <torch/torch.h> for its frontend: modules
// (aten::nn), initialisation (aten::nn::init), optimizers (aten::optim) and saving (nn::save,
// nn::load). It sits above the operator library, in its own library target, aten_nn.
#include <nn/Init.h>
#include <nn/Layers.h>
#include <nn/Module.h>
#include <nn/Normalization.h>
#include <nn/Sequential.h>
#include <nn/Serialize.h>
#include <nn/optim/Adam.h>
#include <nn/optim/Optimizer.h>
#include <nn/optim/SGD.h>
