//===- kernel_descriptor_test.cpp - Descriptor reader/writer tests --------===//

#include "metadata/kernel_descriptor.h"

#include <gtest/gtest.h>

using namespace loom::metadata;

namespace {

ProgramDescriptor makeProgram() {
  ProgramDescriptor P;
  P.TargetName = "csa";
  P.CPUName = "skylake-avx512";
  P.CPUFeatures = "+avx512f,+fma";
  P.GlobalVariableBytes = 0x1'0000'0010;
  KernelDescriptor K;
  K.Name = "saxpy";
  K.EntrySymbol = "saxpy.mux-kernel-wrapper";
  K.Args = {{ArgKind::Scalar, 0, 4, 4, 0, "float", 0, 0, "a"},
            {ArgKind::GlobalBuffer, 1, 8, 8, 8, "uint*", 4,
             ArgTypeRestrict | ArgTypeVolatile, "bins"},
            {ArgKind::ConstantBuffer, 2, 8, 8, 16, "", 0, ArgTypeConst}};
  K.PackedArgsSize = 24;
  K.RequiredWorkGroupSize = {64, 1, 1};
  K.WorkGroupSizeHint = {32, 2, 1};
  K.LocalMemoryBytes = 4096;
  K.VectorizationWidth = 8;
  K.StackBytes = 16416;
  K.StackBytesPerWorkItem = 8196;
  K.WorkGroupInfoLayout = LOOM_WORK_GROUP_INFO_CSA;
  K.VecTypeHint = "float4";
  P.Kernels.push_back(K);
  KernelDescriptor Empty;
  Empty.Name = "no_args";
  Empty.EntrySymbol = "no_args.mux-kernel-wrapper";
  P.Kernels.push_back(Empty);
  return P;
}

TEST(KernelDescriptor, RoundTrips) {
  ProgramDescriptor P = makeProgram();
  std::vector<uint8_t> Bytes = writeProgramDescriptor(P);
  auto Read = readProgramDescriptor(Bytes.data(), Bytes.size());
  ASSERT_TRUE(Read) << Read.error();
  EXPECT_EQ(*Read, P);
  EXPECT_EQ(Read->GlobalVariableBytes, 0x1'0000'0010u);
  ASSERT_NE(Read->findKernel("saxpy"), nullptr);
  EXPECT_EQ(Read->findKernel("saxpy")->Args[1].Kind, ArgKind::GlobalBuffer);
  EXPECT_EQ(Read->findKernel("saxpy")->Args[1].TypeName, "uint*");
  EXPECT_EQ(Read->findKernel("saxpy")->Args[1].AccumulatorBytes, 4);
  EXPECT_EQ(Read->findKernel("saxpy")->Args[2].AccumulatorBytes, 0);
  EXPECT_EQ(Read->findKernel("saxpy")->Args[1].Name, "bins");
  EXPECT_EQ(Read->findKernel("saxpy")->Args[1].TypeQualifiers,
            ArgTypeRestrict | ArgTypeVolatile);
  EXPECT_EQ(Read->findKernel("saxpy")->Args[2].Name, "");
  EXPECT_EQ(Read->findKernel("saxpy")->VecTypeHint, "float4");
  EXPECT_EQ(Read->findKernel("no_args")->VecTypeHint, "");
  EXPECT_EQ(Read->findKernel("missing"), nullptr);
}

TEST(KernelDescriptor, EveryTruncationIsAnError) {
  std::vector<uint8_t> Bytes = writeProgramDescriptor(makeProgram());
  for (size_t Length = 0; Length < Bytes.size(); ++Length) {
    auto Read = readProgramDescriptor(Bytes.data(), Length);
    EXPECT_FALSE(Read) << "a descriptor cut to " << Length
                       << " bytes was accepted";
  }
}

TEST(KernelDescriptor, BadMagicIsAnError) {
  std::vector<uint8_t> Bytes = writeProgramDescriptor(makeProgram());
  Bytes[0] ^= 0xff;
  auto Read = readProgramDescriptor(Bytes.data(), Bytes.size());
  ASSERT_FALSE(Read);
  EXPECT_NE(Read.error().find("bad magic"), std::string::npos);
}

TEST(KernelDescriptor, NewerFormatIsAnError) {
  std::vector<uint8_t> Bytes = writeProgramDescriptor(makeProgram());
  Bytes[4] = DescriptorFormatVersion + 1;
  auto Read = readProgramDescriptor(Bytes.data(), Bytes.size());
  ASSERT_FALSE(Read);
  EXPECT_NE(Read.error().find("format version"), std::string::npos);
}

TEST(KernelDescriptor, UnknownWorkGroupInfoLayoutIsAnError) {
  ProgramDescriptor P = makeProgram();
  P.Kernels[0].WorkGroupInfoLayout = LOOM_WORK_GROUP_INFO_CSA + 1;
  std::vector<uint8_t> Bytes = writeProgramDescriptor(P);
  auto Read = readProgramDescriptor(Bytes.data(), Bytes.size());
  ASSERT_FALSE(Read);
  EXPECT_NE(Read.error().find("unknown work-group info layout 2"),
            std::string::npos)
      << Read.error();
}

TEST(KernelDescriptor, ArgumentPastPackedBlockIsAnError) {
  ProgramDescriptor P = makeProgram();
  P.Kernels[0].Args[2].Offset = 24; // 24 + 8 > 24 bytes.
  std::vector<uint8_t> Bytes = writeProgramDescriptor(P);
  auto Read = readProgramDescriptor(Bytes.data(), Bytes.size());
  ASSERT_FALSE(Read);
  EXPECT_NE(Read.error().find("exceeds the packed arguments"),
            std::string::npos)
      << Read.error();
}

TEST(KernelDescriptor, MisalignedArgumentIsAnError) {
  ProgramDescriptor P = makeProgram();
  P.Kernels[0].Args[1].Offset = 4;
  std::vector<uint8_t> Bytes = writeProgramDescriptor(P);
  auto Read = readProgramDescriptor(Bytes.data(), Bytes.size());
  ASSERT_FALSE(Read);
  EXPECT_NE(Read.error().find("not aligned"), std::string::npos)
      << Read.error();
}

TEST(KernelDescriptor, UnknownArgumentKindIsAnError) {
  ProgramDescriptor P = makeProgram();
  P.Kernels[0].Args[0].Kind = static_cast<ArgKind>(42);
  std::vector<uint8_t> Bytes = writeProgramDescriptor(P);
  auto Read = readProgramDescriptor(Bytes.data(), Bytes.size());
  ASSERT_FALSE(Read);
  EXPECT_NE(Read.error().find("unknown kind 42"), std::string::npos)
      << Read.error();
}

TEST(KernelDescriptor, UnknownTypeQualifiersAreAnError) {
  ProgramDescriptor P = makeProgram();
  P.Kernels[0].Args[0].TypeQualifiers = 16;
  std::vector<uint8_t> Bytes = writeProgramDescriptor(P);
  auto Read = readProgramDescriptor(Bytes.data(), Bytes.size());
  ASSERT_FALSE(Read);
  EXPECT_NE(Read.error().find("unknown type qualifiers 16"), std::string::npos)
      << Read.error();
}

TEST(KernelDescriptor, BadAccumulatorIsAnError) {
  // Only a global buffer accumulates, in additions of 1, 2, 4 or 8 bytes.
  for (auto [Arg, Bytes] :
       {std::pair{1, 3}, std::pair{1, 16}, std::pair{0, 4}, std::pair{2, 4}}) {
    ProgramDescriptor P = makeProgram();
    P.Kernels[0].Args[Arg].AccumulatorBytes = static_cast<uint8_t>(Bytes);
    std::vector<uint8_t> Written = writeProgramDescriptor(P);
    auto Read = readProgramDescriptor(Written.data(), Written.size());
    ASSERT_FALSE(Read) << "argument " << Arg << " accumulating " << Bytes;
    EXPECT_NE(Read.error().find("accumulator width " + std::to_string(Bytes)),
              std::string::npos)
        << Read.error();
  }
}

/// A kernel of an image and a sampler, as the compiler describes them.
ProgramDescriptor makeImageProgram() {
  ProgramDescriptor P = makeProgram();
  ArgDescriptor Image{ArgKind::Image, 0, 8, 8, 0, "image3d_t"};
  Image.Access = ArgAccess::WriteOnly;
  Image.ImageType = LOOM_IMAGE_3D;
  ArgDescriptor Sampler{ArgKind::Sampler, 0, 8, 8, 8, "sampler_t"};
  P.Kernels[1].Args = {Image, Sampler};
  P.Kernels[1].PackedArgsSize = 16;
  return P;
}

TEST(KernelDescriptor, ImagesAndSamplersRoundTrip) {
  ProgramDescriptor P = makeImageProgram();
  std::vector<uint8_t> Bytes = writeProgramDescriptor(P);
  auto Read = readProgramDescriptor(Bytes.data(), Bytes.size());
  ASSERT_TRUE(Read) << Read.error();
  EXPECT_EQ(*Read, P);
  EXPECT_EQ(Read->Kernels[1].Args[0].Access, ArgAccess::WriteOnly);
  EXPECT_EQ(Read->Kernels[1].Args[0].ImageType, LOOM_IMAGE_3D);
  EXPECT_EQ(Read->Kernels[1].Args[1].Kind, ArgKind::Sampler);
  EXPECT_EQ(imageTypeNamed("image1d_buffer_t"), LOOM_IMAGE_1D_BUFFER);
  EXPECT_EQ(imageTypeNamed("image2d_depth_t"), 0);
  EXPECT_STREQ(argAccessName(ArgAccess::ReadWrite), "read_write");
}

TEST(KernelDescriptor, BadImageArgumentsAreErrors) {
  struct Case {
    const char *Problem;
    void (*Spoil)(ArgDescriptor &Image, ArgDescriptor &Sampler);
  };
  for (Case C : {
           Case{"an image without an access qualifier",
                [](ArgDescriptor &I, ArgDescriptor &) {
                  I.Access = ArgAccess::None;
                }},
           Case{"image type 7 is not one of",
                [](ArgDescriptor &I, ArgDescriptor &) { I.ImageType = 7; }},
           Case{"image type 4 given to an argument that is no image",
                [](ArgDescriptor &, ArgDescriptor &S) {
                  S.ImageType = LOOM_IMAGE_2D;
                }},
           Case{"an access qualifier for an argument that is no image",
                [](ArgDescriptor &, ArgDescriptor &S) {
                  S.Access = ArgAccess::ReadOnly;
                }},
           Case{"takes 8 bytes, not 4",
                [](ArgDescriptor &, ArgDescriptor &S) { S.Size = 4; }},
           Case{"unknown access 9",
                [](ArgDescriptor &I, ArgDescriptor &) {
                  I.Access = static_cast<ArgAccess>(9);
                }},
       }) {
    ProgramDescriptor P = makeImageProgram();
    C.Spoil(P.Kernels[1].Args[0], P.Kernels[1].Args[1]);
    std::vector<uint8_t> Bytes = writeProgramDescriptor(P);
    auto Read = readProgramDescriptor(Bytes.data(), Bytes.size());
    ASSERT_FALSE(Read) << C.Problem;
    EXPECT_NE(Read.error().find(C.Problem), std::string::npos) << Read.error();
  }
}

TEST(KernelDescriptor, DuplicateKernelIsAnError) {
  ProgramDescriptor P = makeProgram();
  P.Kernels[1].Name = "saxpy";
  std::vector<uint8_t> Bytes = writeProgramDescriptor(P);
  auto Read = readProgramDescriptor(Bytes.data(), Bytes.size());
  ASSERT_FALSE(Read);
  EXPECT_NE(Read.error().find("described twice"), std::string::npos);
}

TEST(KernelDescriptor, TrailingBytesAreAnError) {
  std::vector<uint8_t> Bytes = writeProgramDescriptor(makeProgram());
  Bytes.push_back(0);
  EXPECT_FALSE(readProgramDescriptor(Bytes.data(), Bytes.size()));
}

TEST(KernelDescriptor, HugeKernelCountIsAnErrorNotAnAllocation) {
  std::vector<uint8_t> Bytes = writeProgramDescriptor(ProgramDescriptor());
  // The kernel count is the last field of an empty program.
  Bytes[Bytes.size() - 1] = 0x7f;
  auto Read = readProgramDescriptor(Bytes.data(), Bytes.size());
  ASSERT_FALSE(Read);
  EXPECT_NE(Read.error().find("more than the section holds"),
            std::string::npos);
}

} // namespace
