//===- spirv_equivalence_test.cpp - SPIR-V gives what OpenCL C gives ------===//
///
/// Every end-to-end kernel (each kernel of test/e2e/kernels), compiled once
/// from OpenCL C and once from the
/// SPIR-V llvm-spirv made of the same file, run with the same arguments:
/// every output buffer must be identical, byte for byte. (The OpenCL C
/// results are checked against models by the other end-to-end tests.)
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <map>

using namespace loom::e2e;

namespace {

struct Case {
  const char *File;
  const char *Std;
  const char *Kernel;
  std::vector<KernelArg> Args;
  NDRange Range;
};

std::vector<int> ints(size_t N, int Seed) {
  std::vector<int> V(N);
  for (size_t I = 0; I < N; ++I)
    V[I] = static_cast<int>((I * 2654435761u + Seed) % 2001) - 1000;
  return V;
}

std::vector<float> floats(size_t N, int Seed) {
  std::vector<float> V(N);
  for (size_t I = 0; I < N; ++I)
    V[I] = static_cast<float>((I * 7919 + Seed) % 1000) * 0.25f - 100.0f;
  return V;
}

std::vector<Case> cases() {
  using A = KernelArg;
  std::vector<Case> C;
  std::vector<A> Ids;
  for (int I = 0; I < 7; ++I)
    Ids.push_back(A::buffer(std::vector<uint64_t>(4 * 96, 0)));
  Ids.push_back(A::buffer(std::vector<uint32_t>(96, 0)));
  C.push_back({"ids", "CL1.2", "ids", Ids, {{4, 6, 4}, {2, 3, 2}, {5, 6, 7}}});
  C.push_back({"vectors", "CL1.2", "saxpy",
               {A::scalar(2.5f), A::buffer(floats(512, 1)), A::buffer(floats(512, 2))},
               {{512}, {64}, {}}});
  C.push_back({"vectors", "CL1.2", "vadd_int",
               {A::buffer(ints(300, 1)), A::buffer(ints(300, 2)),
                A::buffer(std::vector<int>(300))},
               {{300}, {30}, {}}});
  C.push_back({"vectors", "CL1.2", "dot4",
               {A::buffer(floats(256, 3)), A::buffer(floats(256, 4)),
                A::buffer(std::vector<float>(64))},
               {{64}, {16}, {}}});
  C.push_back({"barriers", "CL3.0", "group_sum",
               {A::buffer(ints(480, 5)), A::buffer(std::vector<int>(10)),
                A::local(48 * 4)},
               {{480}, {48}, {}}});
  C.push_back({"barriers", "CL3.0", "group_scan",
               {A::buffer(ints(300, 6)), A::buffer(std::vector<int>(300)),
                A::local(2 * 100 * 4)},
               {{300}, {100}, {}}});
  C.push_back({"barriers", "CL3.0", "uneven_loops",
               {A::buffer(ints(64, 7)), A::buffer(std::vector<int>(64)),
                A::local(16 * 4)},
               {{64}, {16}, {}}});
  C.push_back({"barriers", "CL3.0", "nested_barriers",
               {A::buffer(ints(96, 8)), A::local(32 * 4), A::scalar(3), A::scalar(2)},
               {{96}, {32}, {}}});
  C.push_back({"barriers", "CL3.0", "reverse_3d",
               {A::buffer(ints(192, 9)), A::buffer(std::vector<int>(192))},
               {{8, 6, 4}, {4, 3, 2}, {}}});
  C.push_back({"barriers", "CL3.0", "matmul_tiled",
               {A::buffer(floats(256, 10)), A::buffer(floats(256, 11)),
                A::buffer(std::vector<float>(256)), A::scalar(16)},
               {{16, 16}, {4, 4}, {}}});
  std::vector<A> Collectives = {A::buffer(ints(200, 12))};
  for (int I = 0; I < 8; ++I)
    Collectives.push_back(A::buffer(std::vector<int>(200)));
  Collectives.push_back(A::buffer(std::vector<float>(200)));
  C.push_back({"work_group", "CL3.0", "collectives", Collectives, {{200}, {50}, {}}});
  std::vector<float> D(64);
  for (int I = 0; I < 64; ++I)
    D[I] = static_cast<float>((I * 13) % 17) * 0.125f - 1.0f;
  for (uint32_t Inverse : {0u, 1u})
    C.push_back({"dct", "CL1.2", "DCT",
                 {A::buffer(std::vector<float>(256)), A::buffer(floats(256, 13)),
                  A::buffer(D), A::local(64 * 4), A::scalar(16u), A::scalar(8u),
                  A::scalar(Inverse)},
                 {{16, 16}, {8, 8}, {}}});
  struct Float4 {
    float V[4];
  };
  C.push_back({"vectors", "CL1.2", "mixed_args",
               {A::scalar<int8_t>(-3), A::buffer(std::vector<int>(32)),
                A::scalar<int16_t>(1000), A::scalar(Float4{{1.5f, 2.5f, 3.0f, 4.0f}}),
                A::scalar<int64_t>(1 << 20)},
               {{32}, {8}, {}}});
  C.push_back({"vectors", "CL1.2", "fill_first",
               {A::buffer(std::vector<int>(4, 9)), A::scalar(42)}, {{64}, {16}, {}}});
  C.push_back({"barriers", "CL3.0", "rotate_rounds",
               {A::buffer(ints(96, 14)), A::buffer(std::vector<int>{0, 1, 5}),
                A::buffer(std::vector<int>(96)), A::local(32 * 4)},
               {{96}, {32}, {}}});
  C.push_back({"barriers", "CL3.0", "conditional_barrier",
               {A::buffer(ints(64, 15)), A::local(16 * 4), A::scalar(1)},
               {{64}, {16}, {}}});
  C.push_back({"barriers", "CL3.0", "fenced", {A::buffer(std::vector<int>(64))},
               {{64}, {16}, {}}});
  std::vector<A> Scans = {A::buffer(ints(150, 16))};
  for (int I = 0; I < 6; ++I)
    Scans.push_back(A::buffer(std::vector<int>(150)));
  C.push_back({"work_group_more", "CL3.0", "scans", Scans, {{150}, {50}, {}}});
  C.push_back({"work_group_more", "CL3.0", "reduce_types",
               {A::buffer(ints(120, 17)), A::buffer(std::vector<uint32_t>(120)),
                A::buffer(std::vector<int64_t>(120)),
                A::buffer(std::vector<uint64_t>(120)),
                A::buffer(std::vector<double>(120))},
               {{120}, {40}, {}}});
  C.push_back({"work_group_more", "CL3.0", "broadcasts",
               {A::buffer(ints(192, 18)), A::buffer(std::vector<int>(192)),
                A::buffer(std::vector<int>(192))},
               {{8, 6, 4}, {2, 3, 2}, {}}});
  return C;
}

class SPIRVEquivalenceTest : public ::testing::TestWithParam<size_t> {};

TEST_P(SPIRVEquivalenceTest, SameOutputsAsOpenCLC) {
  Case C = cases()[GetParam()];
  std::vector<char> FromSource, FromSPIRV;
  ASSERT_EQ(compileKernel(readKernelSource(std::string(C.File) + ".cl"),
                          FromSource, std::string("-cl-std=") + C.Std, "csa",
                          C.File),
            "");
  ASSERT_EQ(compileSPIRV(C.File, FromSPIRV), "");
  std::vector<KernelArg> SourceArgs = C.Args, SPIRVArgs = C.Args;
  ASSERT_EQ(runKernel(FromSource, C.Kernel, SourceArgs, C.Range), "");
  ASSERT_EQ(runKernel(FromSPIRV, C.Kernel, SPIRVArgs, C.Range), "");
  for (size_t I = 0; I < C.Args.size(); ++I)
    EXPECT_EQ(SourceArgs[I].Bytes, SPIRVArgs[I].Bytes)
        << C.Kernel << ": argument " << I << " differs";
}

INSTANTIATE_TEST_SUITE_P(EveryKernel, SPIRVEquivalenceTest,
                         ::testing::Range<size_t>(0, cases().size()),
                         [](const auto &Info) {
                           // Kernels run more than once are told apart by number.
                           return std::string(cases()[Info.param].Kernel) + "_" +
                                  std::to_string(Info.param);
                         });

} // namespace
