#pragma once
// Saving and loading named tensors: a module's state_dict, an optimizer's state, and (when
// asked) a generator's state, as torch::save / torch::load do with their own format.
//
//   nn::save(model, "model.bin");                  nn::load(model, "model.bin");
//   nn::save(model, "model.bin", gen);             nn::load(model, "model.bin", gen);  // + state
//   nn::save(optimizer, "opt.bin");                nn::load(optimizer, "opt.bin");
//
// The file format ("tensor archive", version 1), every integer little-endian:
//   magic     8 bytes  "MATNARCH"
//   version   u32      1
//   count     u64      number of entries
//   then each entry:
//     name_len u32, name (name_len bytes of UTF-8, no terminator)
//     dtype    u8      the ScalarType's number in aten/core/ScalarType.h (Byte 0 ... Float 6,
//                      Double 7, ...; the order of ATEN_FORALL_SCALAR_TYPE_NAMES)
//     ndim     u32, then ndim sizes as i64
//     nbytes   u64     numel * element size
//     data     nbytes  the elements in row-major (contiguous) order, little-endian
// A generator's state is the entry "@generator", its get_state() bytes (a Byte tensor). Any
// malformed or truncated file is an error naming the file and what was wrong; nothing is
// loaded from it.
#include <aten/core/Generator.h>
#include <nn/Module.h>

#include <optional>
#include <string>

namespace aten::optim {
class Optimizer;
}

namespace aten::nn {

// The archive itself.
void write_archive(const std::string& path, const NamedTensors& entries);
NamedTensors read_archive(const std::string& path);

// The name of the generator's entry.
inline constexpr const char* kGeneratorEntry = "@generator";

void save(const Module& module, const std::string& path,
          const std::optional<Generator>& generator = std::nullopt);
// Loads the parameters and buffers (Module::load_state_dict's checks); with a generator, the
// file must hold a generator state, which the generator is set to.
void load(Module& module, const std::string& path,
          const std::optional<Generator>& generator = std::nullopt);

void save(const optim::Optimizer& optimizer, const std::string& path);
void load(optim::Optimizer& optimizer, const std::string& path);

}  // namespace aten::nn
