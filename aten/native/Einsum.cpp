// einsum: Einstein summation over labelled dims ("ij,jk->ik"). Each operand is brought to one
// canonical order of all the equation's labels (the output's first, then the summed ones), a
// size-1 dim where it lacks a label, a repeated label taken as a diagonal; then the operands are
// contracted pairwise, left to right, each pair as one batched matrix product, a label being
// summed in the pair after which no operand has it. Gradients are those of the ops used.
#include <aten/TensorOperators.h>
#include <aten/ops/bmm.h>
#include <aten/ops/diagonal.h>
#include <aten/ops/einsum_native.h>
#include <aten/ops/permute.h>
#include <aten/ops/reshape.h>
#include <aten/ops/sum.h>
#include <aten/ops/unsqueeze.h>

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace aten::native {

namespace {

// Labels 0-51 are the letters ('A'-'Z', then 'a'-'z'); the dims an ellipsis stands for get
// labels from kEllipsis on, aligned to the right across operands.
constexpr int kEllipsis = 52;

int letter_label(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  return -1;
}

char label_char(int label) {
  return static_cast<char>(label < 26 ? 'A' + label : 'a' + (label - 26));
}

// One side of the equation's terms: its letters' labels, in order, -1 where "..." stands.
struct Term {
  std::vector<int> labels;
  bool has_ellipsis = false;
};

Term parse_term(std::string_view text, const char* where) {
  Term t;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '.') {
      ATEN_CHECK(!t.has_ellipsis && text.substr(i, 3) == "...", "einsum(): found '.' for ", where,
                 " that is not part of any ellipsis");
      t.has_ellipsis = true;
      t.labels.push_back(-1);
      i += 2;
      continue;
    }
    const int label = letter_label(text[i]);
    ATEN_CHECK(label >= 0, "einsum(): invalid subscript given at index ", i,
               " in the equation "
               "term '",
               text, "' for ", where, ": subscripts must be in [a-zA-Z]");
    t.labels.push_back(label);
  }
  return t;
}

// An operand's dims relabelled: one label per dim, ellipsis dims expanded.
std::vector<int> dim_labels(const Term& term, int64_t dim, int64_t ellipsis_dims, size_t operand) {
  const auto letters = static_cast<int64_t>(term.labels.size()) - (term.has_ellipsis ? 1 : 0);
  ATEN_CHECK(term.has_ellipsis ? letters <= dim : letters == dim,
             "einsum(): the number of subscripts in the equation (", letters,
             term.has_ellipsis ? ") is more than" : ") does not match",
             " the number of dimensions (", dim, ") for operand ", operand,
             term.has_ellipsis ? "" : " and no ellipsis was given");
  std::vector<int> out;
  for (int label : term.labels) {
    if (label >= 0) {
      out.push_back(label);
      continue;
    }
    const int64_t covered = dim - letters;
    for (int64_t k = 0; k < covered; ++k)
      out.push_back(kEllipsis + static_cast<int>(ellipsis_dims - covered + k));
  }
  return out;
}

// The operand over `order` (every label of the equation): its dims permuted into that order, a
// size-1 dim for each label it lacks; a label it repeats becomes the diagonal.
Tensor canonical(Tensor t, std::vector<int> labels, const std::vector<int>& order) {
  for (size_t i = 0; i < labels.size(); ++i) {
    for (size_t j = i + 1; j < labels.size();) {
      if (labels[j] != labels[i]) {
        ++j;
        continue;
      }
      // diagonal() drops both dims and appends their diagonal: i's label moves to the end.
      t = t.diagonal(0, static_cast<int64_t>(i), static_cast<int64_t>(j));
      const int label = labels[i];
      labels.erase(labels.begin() + static_cast<std::ptrdiff_t>(j));
      labels.erase(labels.begin() + static_cast<std::ptrdiff_t>(i));
      labels.push_back(label);
      j = i + 1;
    }
  }
  std::vector<int64_t> perm;
  for (int label : order) {
    const auto it = std::find(labels.begin(), labels.end(), label);
    if (it != labels.end()) perm.push_back(it - labels.begin());
  }
  t = t.permute(perm);
  for (size_t k = 0; k < order.size(); ++k) {
    if (std::find(labels.begin(), labels.end(), order[k]) == labels.end())
      t = t.unsqueeze(static_cast<int64_t>(k));
  }
  return t;
}

// a and b over the same dims (size 1 where one lacks a label): their product, summed over the
// dims in `summed`, as one bmm of [batch, a's own, summed] by [batch, summed, b's own]. A summed
// dim that only one side has is summed on that side first. The result keeps every dim (size 1
// for the summed ones).
Tensor sumproduct_pair(Tensor a, Tensor b, const std::vector<bool>& summed) {
  const auto n = static_cast<int64_t>(summed.size());
  std::vector<int64_t> batch, own_a, own_b, contracted;
  for (int64_t d = 0; d < n; ++d) {
    const int64_t sa = a.size(d), sb = b.size(d);
    if (summed[static_cast<size_t>(d)]) {
      if (sa > 1 && sb > 1) {
        contracted.push_back(d);
        continue;
      }
      if (sa > 1) a = a.sum(std::vector<int64_t>{d}, true);
      if (sb > 1) b = b.sum(std::vector<int64_t>{d}, true);
      batch.push_back(d);  // size 1 on both sides now
    } else if (sa == sb) {
      batch.push_back(d);
    } else if (sb == 1) {
      own_a.push_back(d);
    } else {
      own_b.push_back(d);
    }
  }
  auto extent = [](const Tensor& t, const std::vector<int64_t>& dims) {
    int64_t p = 1;
    for (int64_t d : dims) p *= t.size(d);
    return p;
  };
  auto concat = [](std::initializer_list<const std::vector<int64_t>*> parts) {
    std::vector<int64_t> v;
    for (const auto* p : parts) v.insert(v.end(), p->begin(), p->end());
    return v;
  };
  // a's size-1 dims of b's own labels ride along with its own ones, and the other way round.
  const Tensor ma = a.permute(concat({&batch, &own_a, &own_b, &contracted}))
                        .reshape({extent(a, batch), extent(a, own_a), extent(a, contracted)});
  const Tensor mb = b.permute(concat({&batch, &contracted, &own_a, &own_b}))
                        .reshape({extent(b, batch), extent(b, contracted), extent(b, own_b)});
  const Tensor product = aten::bmm(ma, mb);
  // Back to every dim, in the original order.
  const std::vector<int64_t> order = concat({&batch, &own_a, &own_b, &contracted});
  std::vector<int64_t> sizes;
  sizes.reserve(order.size());
  for (int64_t d : batch) sizes.push_back(a.size(d));
  for (int64_t d : own_a) sizes.push_back(a.size(d));
  for (int64_t d : own_b) sizes.push_back(b.size(d));
  sizes.resize(order.size(), 1);  // the contracted dims
  std::vector<int64_t> inverse(order.size());
  for (size_t k = 0; k < order.size(); ++k)
    inverse[static_cast<size_t>(order[k])] = static_cast<int64_t>(k);
  return product.reshape(sizes).permute(inverse);
}

}  // namespace

Tensor einsum(std::string_view equation, ArrayRef<Tensor> tensors) {
  ATEN_CHECK(!tensors.empty(), "einsum(): must provide at least one operand");
  std::string eq;
  for (char c : equation)
    if (c != ' ') eq.push_back(c);
  const size_t arrow = eq.find("->");
  const std::string lhs = eq.substr(0, arrow);

  // The input terms, and each operand's labels.
  std::vector<Term> terms;
  for (size_t start = 0;;) {
    const size_t comma = lhs.find(',', start);
    terms.push_back(parse_term(std::string_view(lhs).substr(start, comma - start), "operand"));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  ATEN_CHECK(terms.size() == tensors.size(),
             "einsum(): ", terms.size() > tensors.size() ? "more" : "fewer",
             " operands were provided than specified in the equation (", terms.size(),
             " specified, ", tensors.size(), " given)");
  int64_t ellipsis_dims = 0;
  for (size_t i = 0; i < terms.size(); ++i) {
    const auto letters = static_cast<int64_t>(terms[i].labels.size()) -
                         (terms[i].has_ellipsis ? 1 : 0);
    if (terms[i].has_ellipsis) ellipsis_dims = std::max(ellipsis_dims, tensors[i].dim() - letters);
  }
  std::vector<std::vector<int>> labels;
  std::array<int64_t, kEllipsis> uses{};
  std::vector<int64_t> size_of(static_cast<size_t>(kEllipsis + ellipsis_dims), 1);
  for (size_t i = 0; i < terms.size(); ++i) {
    labels.push_back(dim_labels(terms[i], tensors[i].dim(), ellipsis_dims, i));
    for (size_t d = 0; d < labels[i].size(); ++d) {
      const int label = labels[i][d];
      // A label repeated within one operand takes its diagonal: the sizes must agree exactly.
      for (size_t e = 0; e < d; ++e) {
        ATEN_CHECK(labels[i][e] != label || tensors[i].size(static_cast<int64_t>(e)) ==
                                                tensors[i].size(static_cast<int64_t>(d)),
                   "einsum(): subscript ", label_char(label), " is repeated for operand ", i,
                   " but the sizes don't match, ", tensors[i].size(static_cast<int64_t>(e)),
                   " != ", tensors[i].size(static_cast<int64_t>(d)));
      }
      if (label < kEllipsis) ++uses[static_cast<size_t>(label)];
      const int64_t s = tensors[i].size(static_cast<int64_t>(d));
      int64_t& seen = size_of[static_cast<size_t>(label)];
      ATEN_CHECK(s == seen || s == 1 || seen == 1, "einsum(): subscript ",
                 label < kEllipsis ? std::string(1, label_char(label)) : std::string("..."),
                 " has size ", s, " for operand ", i,
                 " which does not broadcast with previously seen size ", seen);
      if (seen == 1) seen = s;  // a 1 gives way to any other size, 0 included
    }
  }

  // The output's labels: given after "->", else the ellipsis dims and then the letters used once,
  // in order.
  std::vector<int> output;
  if (arrow != std::string::npos) {
    const Term out = parse_term(std::string_view(eq).substr(arrow + 2), "the output");
    for (int label : out.labels) {
      if (label < 0) {
        for (int64_t k = 0; k < ellipsis_dims; ++k)
          output.push_back(kEllipsis + static_cast<int>(k));
        continue;
      }
      ATEN_CHECK(uses[static_cast<size_t>(label)] > 0, "einsum(): output subscript ",
                 label_char(label), " does not appear in the equation for any input operand");
      ATEN_CHECK(std::find(output.begin(), output.end(), label) == output.end(),
                 "einsum(): output subscript ", label_char(label),
                 " appears more than once in the output");
      output.push_back(label);
    }
  } else {
    for (int64_t k = 0; k < ellipsis_dims; ++k) output.push_back(kEllipsis + static_cast<int>(k));
    for (int label = 0; label < kEllipsis; ++label)
      if (uses[static_cast<size_t>(label)] == 1) output.push_back(label);
  }

  // Every label: the output's, then the summed ones.
  std::vector<int> order = output;
  for (const auto& ls : labels)
    for (int label : ls)
      if (std::find(order.begin(), order.end(), label) == order.end()) order.push_back(label);
  std::vector<Tensor> operands;
  for (size_t i = 0; i < tensors.size(); ++i)
    operands.push_back(canonical(tensors[i], labels[i], order));

  // The last operand each label appears in: it is summed in that operand's pair.
  std::vector<size_t> last(order.size(), 0);
  for (size_t k = 0; k < order.size(); ++k)
    for (size_t i = 0; i < labels.size(); ++i)
      if (std::find(labels[i].begin(), labels[i].end(), order[k]) != labels[i].end()) last[k] = i;
  auto summed_at = [&](size_t i) {
    std::vector<bool> s(order.size());
    for (size_t k = output.size(); k < order.size(); ++k) s[k] = last[k] <= i;
    return s;
  };
  Tensor result = operands[0];
  for (size_t i = 1; i < operands.size(); ++i)
    result = sumproduct_pair(result, operands[i], summed_at(i));
  if (operands.size() == 1) {
    std::vector<int64_t> dims;
    for (size_t k = output.size(); k < order.size(); ++k) dims.push_back(static_cast<int64_t>(k));
    if (!dims.empty()) result = result.sum(dims, true);
  }
  // The summed dims are size 1 now; the output's dims have the broadcast sizes.
  std::vector<int64_t> sizes;
  for (size_t k = 0; k < output.size(); ++k) sizes.push_back(result.size(static_cast<int64_t>(k)));
  return result.reshape(sizes);
}

}  // namespace aten::native
