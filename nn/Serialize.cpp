#include <aten/core/Empty.h>
#include <aten/core/Error.h>
#include <nn/Serialize.h>
#include <nn/optim/Optimizer.h>

#include <bit>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

namespace aten::nn {

namespace {

static_assert(std::endian::native == std::endian::little,
              "the tensor archive stores little-endian data; a big-endian host needs byte swaps");

constexpr char kMagic[8] = {'M', 'A', 'T', 'N', 'A', 'R', 'C', 'H'};
constexpr uint32_t kVersion = 1;
// Bounds that a well-formed file never reaches; past them the file is corrupt, and reading on
// would allocate absurd sizes.
constexpr uint32_t kMaxNameBytes = 1 << 16;
constexpr uint32_t kMaxDims = 64;

template <typename T>
void put(std::ostream& out, T v) {
  out.write(reinterpret_cast<const char*>(&v), sizeof(T));
}

class Reader {
 public:
  Reader(const std::string& path) : path_(path), in_(path, std::ios::binary) {
    ATEN_CHECK(in_.good(), "nn::load: cannot open \"", path, "\"");
  }

  template <typename T>
  T get(const char* what) {
    T v{};
    bytes(&v, sizeof(T), what);
    return v;
  }

  void bytes(void* dst, size_t n, const char* what) {
    in_.read(static_cast<char*>(dst), static_cast<std::streamsize>(n));
    ATEN_CHECK(static_cast<size_t>(in_.gcount()) == n, "nn::load: \"", path_,
               "\" is truncated (while reading ", what, ")");
  }

  [[noreturn]] void fail(const std::string& message) const {
    ATEN_ERROR("nn::load: \"", path_, "\" is not a valid tensor archive: ", message);
  }

  bool at_end() { return in_.peek() == std::char_traits<char>::eof(); }

 private:
  std::string path_;
  std::ifstream in_;
};

}  // namespace

void write_archive(const std::string& path, const NamedTensors& entries) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  ATEN_CHECK(out.good(), "nn::save: cannot open \"", path, "\" for writing");
  out.write(kMagic, sizeof(kMagic));
  put<uint32_t>(out, kVersion);
  put<uint64_t>(out, entries.size());
  for (const auto& [name, tensor] : entries) {
    ATEN_CHECK(tensor.defined() && tensor.is_cpu(), "nn::save: \"", name,
               "\" must be a defined CPU tensor");
    ATEN_CHECK(name.size() < kMaxNameBytes, "nn::save: a name is too long (", name.size(),
               " bytes)");
    const Tensor t = tensor.contiguous();
    put<uint32_t>(out, static_cast<uint32_t>(name.size()));
    out.write(name.data(), static_cast<std::streamsize>(name.size()));
    put<uint8_t>(out, static_cast<uint8_t>(t.scalar_type()));
    put<uint32_t>(out, static_cast<uint32_t>(t.dim()));
    for (int64_t s : t.sizes()) put<int64_t>(out, s);
    const uint64_t nbytes = static_cast<uint64_t>(t.numel()) * t.element_size();
    put<uint64_t>(out, nbytes);
    if (nbytes > 0)
      out.write(static_cast<const char*>(t.data_ptr()), static_cast<std::streamsize>(nbytes));
  }
  out.flush();
  ATEN_CHECK(out.good(), "nn::save: writing \"", path, "\" failed");
}

NamedTensors read_archive(const std::string& path) {
  Reader in(path);
  char magic[sizeof(kMagic)];
  in.bytes(magic, sizeof(magic), "the magic bytes");
  if (std::memcmp(magic, kMagic, sizeof(kMagic)) != 0) in.fail("wrong magic bytes");
  const auto version = in.get<uint32_t>("the version");
  if (version != kVersion) {
    in.fail("layout version " + std::to_string(version) + ", expected " + std::to_string(kVersion));
  }
  const auto count = in.get<uint64_t>("the entry count");
  NamedTensors entries;
  for (uint64_t e = 0; e < count; ++e) {
    const auto name_len = in.get<uint32_t>("a name's length");
    if (name_len >= kMaxNameBytes) in.fail("a name of " + std::to_string(name_len) + " bytes");
    std::string name(name_len, '\0');
    in.bytes(name.data(), name_len, "a name");
    const auto dtype = in.get<uint8_t>("a dtype");
    if (dtype >= kNumScalarTypes)
      in.fail("\"" + name + "\" has an unknown dtype " + std::to_string(dtype));
    const auto ndim = in.get<uint32_t>("a dim count");
    if (ndim > kMaxDims) in.fail("\"" + name + "\" has " + std::to_string(ndim) + " dims");
    std::vector<int64_t> sizes(ndim);
    uint64_t numel = 1;
    for (auto& s : sizes) {
      s = in.get<int64_t>("a size");
      if (s < 0) in.fail("\"" + name + "\" has a negative size");
      if (s != 0 && numel > std::numeric_limits<uint64_t>::max() / static_cast<uint64_t>(s)) {
        in.fail("\"" + name + "\" has too many elements");
      }
      numel *= static_cast<uint64_t>(s);
    }
    const auto type = static_cast<ScalarType>(dtype);
    const auto nbytes = in.get<uint64_t>("a byte count");
    if (numel > std::numeric_limits<uint64_t>::max() / elementSize(type) ||
        nbytes != numel * elementSize(type)) {
      in.fail("\"" + name + "\" has " + std::to_string(nbytes) + " bytes of data for its shape");
    }
    Tensor t(aten::detail::empty_generic(sizes, TensorOptions(type)));
    if (nbytes > 0) in.bytes(t.data_ptr(), nbytes, "tensor data");
    entries.emplace_back(std::move(name), std::move(t));
  }
  if (!in.at_end()) in.fail("bytes after the last entry");
  return entries;
}

void save(const Module& module, const std::string& path,
          const std::optional<Generator>& generator) {
  NamedTensors entries = module.state_dict();
  if (generator.has_value()) entries.emplace_back(kGeneratorEntry, generator->get_state());
  write_archive(path, entries);
}

void load(Module& module, const std::string& path, const std::optional<Generator>& generator) {
  NamedTensors entries = read_archive(path);
  Tensor generator_state;
  for (auto it = entries.begin(); it != entries.end(); ++it) {
    if (it->first == kGeneratorEntry) {
      generator_state = it->second;
      entries.erase(it);
      break;
    }
  }
  ATEN_CHECK(!generator.has_value() || generator_state.defined(), "nn::load: \"", path,
             "\" holds no generator state (save it with nn::save(module, path, generator))");
  module.load_state_dict(entries);
  if (generator.has_value()) generator->set_state(generator_state);
}

void save(const optim::Optimizer& optimizer, const std::string& path) {
  write_archive(path, optimizer.state_dict());
}

void load(optim::Optimizer& optimizer, const std::string& path) {
  optimizer.load_state_dict(read_archive(path));
}

}  // namespace aten::nn
