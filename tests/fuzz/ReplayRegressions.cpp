// Replays every input that once found a bug: tests/fuzz/regressions/<case>/<what it found>, the
// bytes FuzzCase.cpp decodes for the case named by the directory. Keyed by name, an input keeps
// meeting its case however the registry grows; a directory naming no case is an error, so a
// renamed case cannot leave its inputs silently unreplayed.
//
// To keep a finding of `fuzz_ops`: its trace's first line names the case; drop the input's first
// two bytes (the case index) and store the rest under that name.
#include "FuzzCase.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <regressions directory>\n", argv[0]);
    return 2;
  }
  std::vector<fs::path> files;
  for (const auto& dir : fs::directory_iterator(argv[1]))
    for (const auto& f : fs::directory_iterator(dir.path()))
      if (f.is_regular_file()) files.push_back(f.path());
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) {
    const std::string name = f.parent_path().filename().string();
    const aten::optest::OpCase* c = aten::optest::find_case(name);
    if (c == nullptr) {
      std::fprintf(stderr, "%s: no case named %s in the registry\n", f.c_str(), name.c_str());
      return 1;
    }
    std::ifstream in(f, std::ios::binary);
    const std::vector<char> bytes{std::istreambuf_iterator<char>(in),
                                  std::istreambuf_iterator<char>()};
    aten::optest::fuzz_case(*c, reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  }
  std::printf("replayed %zu inputs\n", files.size());
  return files.empty() ? 1 : 0;
}
