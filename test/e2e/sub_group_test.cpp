//===- sub_group_test.cpp - Sub-group functions on the driver -------------===//
///
/// kernels/sub_group.cl on both targets, scalar: each work-item a sub-group
/// of its own, so each query and collective has one right answer per
/// work-item, which the model here computes. kernels/sub_group_lanes.cl:
/// sub-groups of a vector kernel's lanes, scalar, at each width and at the
/// width Vecz picks, against a model of the layout. The whole-suite runs
/// (test/e2e/ CMakeLists.txt) run it again scalar, with Vecz at each width and
/// outlined; the groups, 6 x 5 and 7 x 3 in ranges of 12 x 10 and 14 x 7,
/// are not multiples of a vector's width, and the last row of groups of
/// the first range is 2 rows high.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <functional>
#include <string>

using namespace loom::e2e;

namespace {

class SubGroupTest : public ::testing::TestWithParam<const char *> {};

TEST_P(SubGroupTest, EachWorkItemIsASubGroupOfItsOwn) {
  std::vector<char> Binary;
  // Scalar, whatever options the run adds: sub-groups of one work-item.
  ASSERT_EQ(compileKernel(readKernelSource("sub_group.cl"), Binary,
                          "-cl-std=CL3.0 -cl-wfv=never", GetParam(),
                          "sub_group.cl"),
            "");
  struct Shape {
    uint64_t Global[2], Local[2];
  };
  for (Shape S : {Shape{{12, 10}, {6, 5}}, Shape{{14, 7}, {7, 3}}}) {
    const uint64_t N = S.Global[0] * S.Global[1];
    std::vector<int> In(N);
    for (uint64_t I = 0; I < N; ++I)
      In[I] = static_cast<int>((I * 7919) % 199) - 99;
    std::vector<KernelArg> Args = {
        KernelArg::buffer(In),
        KernelArg::buffer(std::vector<int>(N * 12, 12345))};
    ASSERT_EQ(
        runKernel(Binary, "sub_groups", Args,
                  {{S.Global[0], S.Global[1]}, {S.Local[0], S.Local[1]}, {}}),
        "");
    std::vector<int> Out = Args[1].as<int>();
    for (uint64_t Y = 0; Y < S.Global[1]; ++Y)
      for (uint64_t X = 0; X < S.Global[0]; ++X) {
        uint64_t W = X + Y * S.Global[0];
        const int *O = Out.data() + W * 12;
        int V = In[W];
        uint64_t GroupY =
            std::min(S.Local[1], S.Global[1] - Y / S.Local[1] * S.Local[1]);
        uint64_t LocalId = X % S.Local[0] + Y % S.Local[1] * S.Local[0];
        int Positive = V > 0;
        SCOPED_TRACE("work-item (" + std::to_string(X) + ", " +
                     std::to_string(Y) + ")");
        EXPECT_EQ(O[0], 1);
        EXPECT_EQ(O[1], static_cast<int>(S.Local[0] * GroupY));
        EXPECT_EQ(O[2], static_cast<int>(LocalId));
        EXPECT_EQ(O[3], 0);
        EXPECT_EQ(O[4], V);
        EXPECT_EQ(O[5], 1);
        EXPECT_EQ(O[6], V * 2 + Positive);
        EXPECT_EQ(O[7], Positive * 11);
        EXPECT_EQ(O[8], 0);
        EXPECT_EQ(O[9], V % 3 == 0 ? V + 1000 + 100 : 0);
        EXPECT_EQ(O[10], V);
        EXPECT_EQ(O[11], 1 + Positive);
      }
  }
}

/// One work-item's sub-group, by the layout of metadata/sub_groups.h: its
/// group's rows are cut into sub-groups of Size work-items along x.
struct SubGroupModel {
  uint64_t Size;     // A full sub-group's work-items.
  uint64_t Local[2]; // The enqueued local size.
  uint64_t Group[2]; // This group's size (smaller at the range's end).
  uint64_t Id[2];    // The work-item's local id.

  uint64_t perRow(uint64_t RowItems) const {
    return (RowItems + Size - 1) / Size;
  }
  uint64_t first() const { return Id[0] / Size * Size; }
  uint64_t members() const { return std::min(Size, Group[0] - first()); }
  uint64_t subGroupId() const {
    return Id[1] * perRow(Group[0]) + Id[0] / Size;
  }
  uint64_t localId() const { return Id[0] - first(); }
};

/// The values of the work-items of \p M's sub-group, in local id order,
/// of a row of \p Values starting at the group's first work-item of the
/// row, \p RowStart.
template <typename T>
std::vector<T> membersOf(const SubGroupModel &M, const std::vector<T> &Values,
                         uint64_t RowStart) {
  return std::vector<T>(Values.begin() + RowStart + M.first(),
                        Values.begin() + RowStart + M.first() + M.members());
}

/// One work-item's results and what the model needs to check them.
struct ItemResults {
  const SubGroupModel &M;
  /// The values of the work-items of its sub-group, in local id order.
  const std::vector<int> &V;
  /// Its local id in the sub-group.
  uint64_t L;
  const int *O;
  const double *D;
};

/// Runs \p Kernel of test/e2e/kernels/\p File, compiled with \p Options,
/// over two ranges, and has \p Check check each work-item's \p PerItem
/// results (and two doubles). The sub-group size comes from the first
/// range, whose rows are longer than any vector: \p SizeOf reads it from a
/// work-item's results; \p ExpectedSize, if not 0, is the one the options
/// promise.
void checkSubGroupKernel(const char *Target, const std::string &Options,
                         uint64_t ExpectedSize, const char *File,
                         const char *Kernel, uint64_t PerItem,
                         std::function<uint64_t(const int *)> SizeOf,
                         std::function<void(const ItemResults &)> Check) {
  SCOPED_TRACE(std::string(Kernel) + ", options '" + Options + "'");
  std::vector<char> Binary;
  ASSERT_EQ(compileKernel(readKernelSource(File), Binary,
                          "-cl-std=CL3.0 " + Options, Target, File),
            "");
  struct Shape {
    uint64_t Global[2], Local[2];
  };
  // 45 = 21 + 21 + 3 and 6 = 4 + 2: full rows of 21 (not a multiple of a
  // width), and rows of 3, shorter than a vector; then groups of 8 x 3.
  uint64_t Size = 0;
  for (Shape S : {Shape{{45, 6}, {21, 4}}, Shape{{16, 3}, {8, 3}}}) {
    const uint64_t N = S.Global[0] * S.Global[1];
    std::vector<int> In(N);
    for (uint64_t I = 0; I < N; ++I)
      In[I] = static_cast<int>((I * 7919) % 199) - 99;
    std::vector<KernelArg> Args = {
        KernelArg::buffer(In),
        KernelArg::buffer(std::vector<int>(N * PerItem, 7)),
        KernelArg::buffer(std::vector<double>(N * 2, 7.0))};
    ASSERT_EQ(
        runKernel(Binary, Kernel, Args,
                  {{S.Global[0], S.Global[1]}, {S.Local[0], S.Local[1]}, {}}),
        "");
    std::vector<int> Out = Args[1].as<int>();
    std::vector<double> DOut = Args[2].as<double>();
    if (Size == 0) {
      Size = SizeOf(Out.data());
      if (ExpectedSize)
        EXPECT_EQ(Size, ExpectedSize);
      ASSERT_GE(Size, 1u);
    }
    for (uint64_t Y = 0; Y < S.Global[1]; ++Y)
      for (uint64_t X = 0; X < S.Global[0]; ++X) {
        SubGroupModel M{Size, {S.Local[0], S.Local[1]}, {}, {}};
        for (int D = 0; D < 2; ++D) {
          uint64_t Pos = D == 0 ? X : Y;
          M.Id[D] = Pos % S.Local[D];
          M.Group[D] =
              std::min(S.Local[D], S.Global[D] - Pos / S.Local[D] * S.Local[D]);
        }
        const uint64_t W = X + Y * S.Global[0];
        std::vector<int> V = membersOf(M, In, W - M.Id[0]);
        SCOPED_TRACE("work-item (" + std::to_string(X) + ", " +
                     std::to_string(Y) + ")");
        Check(
            {M, V, M.localId(), Out.data() + W * PerItem, DOut.data() + W * 2});
      }
  }
}

/// The sum of \p V's first \p End values.
int sumOf(const std::vector<int> &V, uint64_t End) {
  long long Total = 0;
  for (uint64_t I = 0; I < End; ++I)
    Total += V[I];
  return static_cast<int>(Total);
}

/// kernel sub_group_lanes: the queries, reductions, scans, broadcasts and
/// votes of __opencl_c_subgroups and the extended types.
void checkLanes(const ItemResults &R) {
  const SubGroupModel &M = R.M;
  const std::vector<int> &V = R.V;
  const uint64_t L = R.L;
  const int *O = R.O;
  EXPECT_EQ(O[0], static_cast<int>(M.members()));
  EXPECT_EQ(O[1], static_cast<int>(std::min(M.Size, M.Local[0])));
  EXPECT_EQ(O[2], static_cast<int>(M.Group[1] * M.perRow(M.Group[0])));
  EXPECT_EQ(O[3], static_cast<int>(M.Local[1] * M.perRow(M.Local[0])));
  EXPECT_EQ(O[4], static_cast<int>(M.subGroupId()));
  EXPECT_EQ(O[5], static_cast<int>(L));
  EXPECT_EQ(O[6], sumOf(V, V.size()));
  EXPECT_EQ(O[7], *std::min_element(V.begin(), V.end()));
  std::vector<unsigned> U(V.begin(), V.end());
  EXPECT_EQ(static_cast<unsigned>(O[8]), *std::max_element(U.begin(), U.end()));
  EXPECT_EQ(O[9], sumOf(V, L + 1));
  EXPECT_EQ(O[10], sumOf(V, L));
  EXPECT_EQ(O[11], *std::min_element(V.begin(), V.begin() + L + 1));
  EXPECT_EQ(O[12],
            L == 0 ? INT_MIN : *std::max_element(V.begin(), V.begin() + L));
  EXPECT_EQ(O[13], V.back());
  bool All = std::all_of(V.begin(), V.end(), [](int E) { return E > -90; });
  bool Any = std::any_of(V.begin(), V.end(), [](int E) { return E > 90; });
  EXPECT_EQ(O[14], int(All) + 2 * int(Any));
  EXPECT_EQ(O[15], static_cast<int>(static_cast<long long>(sumOf(V, V.size())) *
                                    1000000));
  unsigned long long Least = ~0ull;
  for (uint64_t I = 0; I < L; ++I)
    Least = std::min<unsigned long long>(Least, V[I] + 100);
  EXPECT_EQ(O[16], static_cast<int>(Least % 1000));
  EXPECT_EQ(O[17], V[0] - 2 * V[0] * 1000);
  EXPECT_EQ(O[18], *std::max_element(V.begin(), V.begin() + L + 1));
  // max(x * k) is k max(x), k being positive.
  EXPECT_EQ(O[19], 6 * *std::max_element(V.begin(), V.end()));
  EXPECT_EQ(R.D[0], sumOf(V, V.size()) * 0.5);
  EXPECT_EQ(R.D[1], static_cast<double>(sumOf(V, L)));
}

/// The bits [0, N) of a ballot's first word.
unsigned lowBits(uint64_t N) { return N >= 32 ? ~0u : (1u << N) - 1u; }

/// kernel sub_group_exchanges: the extensions' votes, ballots, shuffles,
/// clustered and non-uniform arithmetic (a sub-group of at most 32
/// work-items: a ballot's first word).
void checkExchanges(const ItemResults &R) {
  const std::vector<int> &V = R.V;
  const uint64_t L = R.L, Size = V.size();
  const int *O = R.O;
  bool Equal = std::all_of(V.begin(), V.end(),
                           [&](int E) { return E / 100 == V[0] / 100; });
  EXPECT_EQ(O[0], int(Equal) +
                      2 * static_cast<int>(std::min(R.M.Size, R.M.Local[0])));
  EXPECT_EQ(O[1], L == 0);
  EXPECT_EQ(O[2], V[0]);
  unsigned Ballot = 0;
  for (uint64_t I = 0; I < Size; ++I)
    Ballot |= unsigned(V[I] > 0) << I;
  EXPECT_EQ(static_cast<unsigned>(O[3]), Ballot);
  EXPECT_EQ(O[4], 0);
  EXPECT_EQ(O[5], V[L] > 0);
  auto Count = [](unsigned Bits) { return __builtin_popcount(Bits); };
  EXPECT_EQ(O[6], Count(Ballot));
  EXPECT_EQ(O[7], Count(Ballot & lowBits(L + 1)));
  EXPECT_EQ(O[8], Count(Ballot & lowBits(L)));
  unsigned WithOwn = Ballot | (1u << L);
  EXPECT_EQ(O[9], __builtin_ctz(WithOwn));
  EXPECT_EQ(O[10], 31 - __builtin_clz(WithOwn));
  EXPECT_EQ(static_cast<unsigned>(O[11]), lowBits(Size) & ~lowBits(L));
  EXPECT_EQ(static_cast<unsigned>(O[12]), lowBits(Size) & ~lowBits(L + 1));
  EXPECT_EQ(static_cast<unsigned>(O[13]), lowBits(L + 1));
  EXPECT_EQ(static_cast<unsigned>(O[14]), lowBits(L));
  EXPECT_EQ(O[15], V[(L + 1) % Size]);
  // A lane outside the sub-group gives an undefined value.
  if ((L ^ 1) < Size)
    EXPECT_EQ(O[16], V[L ^ 1]);
  if (L >= 1)
    EXPECT_EQ(O[17], V[L - 1]);
  if (L + 1 < Size)
    EXPECT_EQ(O[18], V[L + 1]);
  auto Cluster = [&](uint64_t Of) {
    uint64_t First = L / Of * Of;
    return std::vector<int>(V.begin() + First,
                            V.begin() + std::min(First + Of, Size));
  };
  std::vector<int> Four = Cluster(4), Two = Cluster(2);
  EXPECT_EQ(O[19], sumOf(Four, Four.size()));
  int Product = 1, Xor = 0, And = -1;
  for (uint64_t I = 0; I < Size; ++I) {
    Product *= (V[I] & 1) + 1;
    if (I <= L)
      Xor ^= V[I];
    if (I < L)
      And &= V[I];
  }
  EXPECT_EQ(O[20], Product);
  EXPECT_EQ(O[21], Xor);
  EXPECT_EQ(O[22],
            std::any_of(V.begin(), V.end(), [](int E) { return E > 90; }));
  EXPECT_EQ(O[23], And);
  EXPECT_EQ(O[24], V[0]);
  EXPECT_EQ(O[25], *std::max_element(Two.begin(), Two.end()));
  EXPECT_EQ(O[30], L < Size / 2 ? V[0] : V[Size - 1] + 1);
  // Under the branch, the active work-items are those of a multiple of 3.
  if (V[L] % 3 != 0) {
    for (int I = 26; I < 30; ++I)
      EXPECT_EQ(O[I], 0) << "result " << I;
    return;
  }
  std::vector<uint64_t> Active;
  for (uint64_t I = 0; I < Size; ++I)
    if (V[I] % 3 == 0)
      Active.push_back(I);
  int Max = INT_MIN, Sum = 0;
  bool AllPositive = true;
  for (uint64_t I : Active) {
    Max = std::max(Max, V[I]);
    AllPositive = AllPositive && V[I] > 0;
    if (I <= L)
      Sum += V[I];
  }
  EXPECT_EQ(O[26], Max);
  EXPECT_EQ(O[27], L == Active.front());
  EXPECT_EQ(O[28], Sum);
  EXPECT_EQ(O[29], V[Active.front()] + 1000 * int(AllPositive));
}

/// Both kernels of kernels/sub_group_lanes.cl with \p Options.
void checkSubGroupLanes(const char *Target, const std::string &Options,
                        uint64_t ExpectedSize) {
  checkSubGroupKernel(
      Target, Options, ExpectedSize, "sub_group_lanes.cl", "sub_group_lanes",
      20, [](const int *O) { return static_cast<uint64_t>(O[1]); }, checkLanes);
  checkSubGroupKernel(
      Target, Options, ExpectedSize, "sub_group_lanes.cl",
      "sub_group_exchanges", 31,
      [](const int *O) { return static_cast<uint64_t>(O[0] / 2); },
      checkExchanges);
}

TEST_P(SubGroupTest, ARequiredSizeIsTheVectorsWidth) {
  // Vecz on, even where the run's options turn it off.
  checkSubGroupKernel(
      GetParam(), "-cl-wfv=always", 4, "sub_group_required.cl", "required_four",
      2, [](const int *O) { return static_cast<uint64_t>(O[0]); },
      [](const ItemResults &R) {
        EXPECT_EQ(R.O[0],
                  static_cast<int>(std::min<uint64_t>(4, R.M.Local[0])));
        EXPECT_EQ(R.O[1], sumOf(R.V, R.V.size()));
      });
}

TEST_P(SubGroupTest, SubGroupsAreTheVectorsLanes) {
  checkSubGroupLanes(GetParam(), "-cl-wfv=never", 1);
  for (uint64_t Width : {4, 8, 16})
    checkSubGroupLanes(GetParam(),
                       "-cl-wfv=always -vecz-width=" + std::to_string(Width),
                       Width);
  checkSubGroupLanes(GetParam(), "", 0);
}

INSTANTIATE_TEST_SUITE_P(Targets, SubGroupTest,
                         ::testing::Values("reference", "csa"));

} // namespace
