//===- image_test.cpp - Images and samplers on the driver -----------------===//
///
/// kernels/images.cl on both targets: every channel order and type read and
/// written texel by texel, against a model of the specification's
/// conversions; read_imagef through every sampler (normalized or not, each
/// addressing mode, nearest and linear) at coordinates inside, on and
/// outside the image's edges, in 1D arrays, 2D, 2D arrays and 3D, against a
/// model of its "Image Addressing and Filtering"; the get_image_* queries;
/// and accesses far outside the image, which stay inside it. The
/// whole-suite runs (test/e2e/CMakeLists.txt) run it again with Vecz at each
/// width.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

using namespace loom::e2e;

namespace {

using Color = std::array<float, 4>;
using UColor = std::array<uint32_t, 4>;

class ImageTest : public ::testing::TestWithParam<const char *> {
protected:
  void SetUp() override {
    ASSERT_EQ(compileKernel(readKernelSource("images.cl"), Binary, "",
                            GetParam(), "images.cl"),
              "");
  }
  std::vector<char> Binary;
};

mux_image_desc_s image2D(uint32_t Order, uint32_t Type, uint64_t W,
                         uint64_t H) {
  mux_image_desc_s D = {};
  D.type = LOOM_IMAGE_2D;
  D.channel_order = Order;
  D.channel_type = Type;
  D.width = W;
  D.height = H;
  return D;
}

//===----------------------------------------------------------------------===//
// A model of the conversions between texels and colors
//===----------------------------------------------------------------------===//

int channelsOf(uint32_t Order) {
  switch (Order) {
  case LOOM_ORDER_RG:
  case LOOM_ORDER_RA:
    return 2;
  case LOOM_ORDER_RGBA:
  case LOOM_ORDER_BGRA:
  case LOOM_ORDER_ARGB:
    return 4;
  default:
    return 1;
  }
}

int bytesOf(uint32_t Type) {
  switch (Type) {
  case LOOM_TYPE_SNORM_INT16:
  case LOOM_TYPE_UNORM_INT16:
  case LOOM_TYPE_SIGNED_INT16:
  case LOOM_TYPE_UNSIGNED_INT16:
  case LOOM_TYPE_HALF_FLOAT:
    return 2;
  case LOOM_TYPE_SIGNED_INT32:
  case LOOM_TYPE_UNSIGNED_INT32:
  case LOOM_TYPE_FLOAT:
    return 4;
  default:
    return 1;
  }
}

template <class T> T load(const uint8_t *P) {
  T V;
  std::memcpy(&V, P, sizeof(T));
  return V;
}

/// Channel K of the texel at P as read_imagef sees it.
float channelAsFloat(const uint8_t *P, uint32_t Type, int K) {
  switch (Type) {
  case LOOM_TYPE_UNORM_INT8:
    return P[K] / 255.0f;
  case LOOM_TYPE_UNORM_INT16:
    return load<uint16_t>(P + 2 * K) / 65535.0f;
  case LOOM_TYPE_SNORM_INT8:
    return std::max(static_cast<int8_t>(P[K]) / 127.0f, -1.0f);
  case LOOM_TYPE_SNORM_INT16:
    return std::max(load<int16_t>(P + 2 * K) / 32767.0f, -1.0f);
  case LOOM_TYPE_HALF_FLOAT:
    return static_cast<float>(load<_Float16>(P + 2 * K));
  default:
    return load<float>(P + 4 * K);
  }
}

/// Channel K of the texel at P as read_imagei or read_imageui sees it.
uint32_t channelAsInteger(const uint8_t *P, uint32_t Type, int K) {
  switch (Type) {
  case LOOM_TYPE_SIGNED_INT8:
    return static_cast<uint32_t>(
        static_cast<int32_t>(static_cast<int8_t>(P[K])));
  case LOOM_TYPE_UNSIGNED_INT8:
    return P[K];
  case LOOM_TYPE_SIGNED_INT16:
    return static_cast<uint32_t>(
        static_cast<int32_t>(load<int16_t>(P + 2 * K)));
  case LOOM_TYPE_UNSIGNED_INT16:
    return load<uint16_t>(P + 2 * K);
  default:
    return load<uint32_t>(P + 4 * K);
  }
}

/// The color of stored channels C under \p Order (the specification's
/// table of how each order's channels map to r, g, b and a).
template <class T> std::array<T, 4> colorOf(uint32_t Order, const T C[4]) {
  const T One = 1;
  switch (Order) {
  case LOOM_ORDER_R:
    return {C[0], 0, 0, One};
  case LOOM_ORDER_A:
    return {0, 0, 0, C[0]};
  case LOOM_ORDER_RG:
    return {C[0], C[1], 0, One};
  case LOOM_ORDER_RA:
    return {C[0], 0, 0, C[1]};
  case LOOM_ORDER_BGRA:
    return {C[2], C[1], C[0], C[3]};
  case LOOM_ORDER_ARGB:
    return {C[1], C[2], C[3], C[0]};
  case LOOM_ORDER_INTENSITY:
    return {C[0], C[0], C[0], C[0]};
  case LOOM_ORDER_LUMINANCE:
    return {C[0], C[0], C[0], One};
  default:
    return {C[0], C[1], C[2], C[3]};
  }
}

/// Texel bytes that decode to finite values of every type: small halves
/// and floats, and any bytes for the others.
std::vector<uint8_t> texelBytes(uint32_t Type, size_t Bytes) {
  std::vector<uint32_t> Random = xorshiftSequence(Bytes);
  std::vector<uint8_t> Out(Bytes);
  for (size_t I = 0; I < Bytes; ++I)
    Out[I] = static_cast<uint8_t>(Random[I] >> 7);
  if (Type == LOOM_TYPE_HALF_FLOAT)
    for (size_t I = 1; I < Bytes; I += 2)
      Out[I] &= 0xbf; // An exponent below 31.
  if (Type == LOOM_TYPE_FLOAT)
    for (size_t I = 3; I < Bytes; I += 4)
      Out[I] &= 0xbf;
  return Out;
}

bool isIntegerType(uint32_t Type) {
  return Type >= LOOM_TYPE_SIGNED_INT8 && Type <= LOOM_TYPE_UNSIGNED_INT32;
}

TEST_P(ImageTest, EveryFormatReadsAsTheSpecificationSays) {
  const uint32_t Orders[] = {
      LOOM_ORDER_R,    LOOM_ORDER_A,         LOOM_ORDER_RG,
      LOOM_ORDER_RA,   LOOM_ORDER_RGBA,      LOOM_ORDER_BGRA,
      LOOM_ORDER_ARGB, LOOM_ORDER_INTENSITY, LOOM_ORDER_LUMINANCE};
  const uint32_t Types[] = {LOOM_TYPE_SNORM_INT8,     LOOM_TYPE_SNORM_INT16,
                            LOOM_TYPE_UNORM_INT8,     LOOM_TYPE_UNORM_INT16,
                            LOOM_TYPE_SIGNED_INT8,    LOOM_TYPE_SIGNED_INT16,
                            LOOM_TYPE_SIGNED_INT32,   LOOM_TYPE_UNSIGNED_INT8,
                            LOOM_TYPE_UNSIGNED_INT16, LOOM_TYPE_UNSIGNED_INT32,
                            LOOM_TYPE_HALF_FLOAT,     LOOM_TYPE_FLOAT};
  const uint64_t W = 5, H = 3;
  int Formats = 0;
  for (uint32_t Order : Orders)
    for (uint32_t Type : Types) {
      uint32_t Element = loom_image_element_size(Order, Type);
      if (!Element)
        continue;
      ++Formats;
      SCOPED_TRACE("order " + std::to_string(Order) + ", type " +
                   std::to_string(Type));
      std::vector<uint8_t> Texels = texelBytes(Type, W * H * Element);
      bool Integer = isIntegerType(Type);
      bool Signed = Type <= LOOM_TYPE_SIGNED_INT32;
      std::vector<KernelArg> Args = {
          KernelArg::image(image2D(Order, Type, W, H), Texels),
          KernelArg::buffer(std::vector<float>(W * H * 4, -7.0f))};
      const char *Kernel = !Integer ? "read_texels_f"
                           : Signed ? "read_texels_i"
                                    : "read_texels_ui";
      ASSERT_EQ(runKernel(Binary, Kernel, Args, {{W, H}, {}, {}}), "");
      EXPECT_EQ(Args[0].Bytes, Texels) << "a read changed the image";
      for (uint64_t T = 0; T < W * H; ++T) {
        const uint8_t *P = Texels.data() + T * Element;
        int N = channelsOf(Order);
        if (!Integer) {
          float C[4] = {0, 0, 0, 0};
          for (int K = 0; K < N; ++K)
            C[K] = channelAsFloat(P, Type, K);
          Color Want = colorOf(Order, C);
          std::vector<float> Got = Args[1].as<float>();
          for (int K = 0; K < 4; ++K)
            EXPECT_EQ(Got[T * 4 + K], Want[K])
                << "texel " << T << " channel " << K;
        } else {
          uint32_t C[4] = {0, 0, 0, 0};
          for (int K = 0; K < N; ++K)
            C[K] = channelAsInteger(P, Type, K);
          UColor Want = colorOf(Order, C);
          std::vector<uint32_t> Got = Args[1].as<uint32_t>();
          for (int K = 0; K < 4; ++K)
            EXPECT_EQ(Got[T * 4 + K], Want[K])
                << "texel " << T << " channel " << K;
        }
      }
    }
  EXPECT_EQ(Formats, 80); // 5 orders x 12 types, 2 x 4 and 2 x 6.
}

/// The stored channels of color V under \p Order: what a write keeps.
template <class T> std::array<T, 4> storedOf(uint32_t Order, const T V[4]) {
  switch (Order) {
  case LOOM_ORDER_A:
    return {V[3], 0, 0, 0};
  case LOOM_ORDER_RA:
    return {V[0], V[3], 0, 0};
  case LOOM_ORDER_BGRA:
    return {V[2], V[1], V[0], V[3]};
  case LOOM_ORDER_ARGB:
    return {V[3], V[0], V[1], V[2]};
  default:
    return {V[0], V[1], V[2], V[3]};
  }
}

/// The bytes write_imagef stores for channel value V: normalized types
/// scaled, rounded to nearest even and saturated (NaN is 0).
void storeFloatChannel(uint8_t *P, uint32_t Type, float V) {
  auto Scaled = [&](float Scale, float Lo, float Hi) {
    if (std::isnan(V))
      return 0.0f;
    return std::nearbyint(std::clamp(V * Scale, Lo, Hi));
  };
  switch (Type) {
  case LOOM_TYPE_UNORM_INT8:
    *P = static_cast<uint8_t>(Scaled(255.0f, 0, 255));
    return;
  case LOOM_TYPE_SNORM_INT8:
    *P = static_cast<uint8_t>(static_cast<int8_t>(Scaled(127.0f, -128, 127)));
    return;
  case LOOM_TYPE_UNORM_INT16: {
    uint16_t S = static_cast<uint16_t>(Scaled(65535.0f, 0, 65535));
    std::memcpy(P, &S, 2);
    return;
  }
  case LOOM_TYPE_SNORM_INT16: {
    int16_t S = static_cast<int16_t>(Scaled(32767.0f, -32768, 32767));
    std::memcpy(P, &S, 2);
    return;
  }
  case LOOM_TYPE_HALF_FLOAT: {
    _Float16 S = static_cast<_Float16>(V);
    std::memcpy(P, &S, 2);
    return;
  }
  default:
    std::memcpy(P, &V, 4);
  }
}

TEST_P(ImageTest, WritesConvertAsTheSpecificationSays) {
  const uint64_t W = 6, H = 4;
  std::vector<float> Colors(W * H * 4);
  const float Interesting[] = {0.0f,   1.0f,         -1.0f,   0.5f,
                               2.0f,   -3.0f,        NAN,     1.0f / 510,
                               0.25f,  3.0f / 510,   1e-9f,   -0.0f,
                               0.999f, 127.5f / 255, 65504.0f};
  for (size_t I = 0; I < Colors.size(); ++I)
    Colors[I] = Interesting[(I * 7) % std::size(Interesting)];
  struct Format {
    uint32_t Order, Type;
  };
  for (Format F : {Format{LOOM_ORDER_RGBA, LOOM_TYPE_UNORM_INT8},
                   Format{LOOM_ORDER_BGRA, LOOM_TYPE_UNORM_INT8},
                   Format{LOOM_ORDER_ARGB, LOOM_TYPE_SNORM_INT8},
                   Format{LOOM_ORDER_RA, LOOM_TYPE_UNORM_INT16},
                   Format{LOOM_ORDER_A, LOOM_TYPE_SNORM_INT16},
                   Format{LOOM_ORDER_RG, LOOM_TYPE_HALF_FLOAT},
                   Format{LOOM_ORDER_INTENSITY, LOOM_TYPE_FLOAT},
                   Format{LOOM_ORDER_RGBA, LOOM_TYPE_FLOAT}}) {
    SCOPED_TRACE("order " + std::to_string(F.Order) + ", type " +
                 std::to_string(F.Type));
    uint32_t Element = loom_image_element_size(F.Order, F.Type);
    std::vector<KernelArg> Args = {
        KernelArg::image(image2D(F.Order, F.Type, W, H),
                         std::vector<uint8_t>(W * H * Element, 0xee)),
        KernelArg::buffer(Colors)};
    ASSERT_EQ(runKernel(Binary, "write_texels_f", Args, {{W, H}, {}, {}}), "");
    for (uint64_t T = 0; T < W * H; ++T) {
      std::array<float, 4> Stored = storedOf(F.Order, &Colors[T * 4]);
      std::vector<uint8_t> Want(Element);
      int Bytes = bytesOf(F.Type);
      for (int K = 0; K < channelsOf(F.Order); ++K)
        storeFloatChannel(Want.data() + K * Bytes, F.Type, Stored[K]);
      std::vector<uint8_t> Got(Args[0].Bytes.begin() + T * Element,
                               Args[0].Bytes.begin() + (T + 1) * Element);
      if (F.Type == LOOM_TYPE_HALF_FLOAT) {
        // Any NaN is a NaN's right half.
        for (int K = 0; K < channelsOf(F.Order); ++K) {
          float G = static_cast<float>(load<_Float16>(&Got[2 * K]));
          float E = static_cast<float>(load<_Float16>(&Want[2 * K]));
          EXPECT_TRUE(G == E || (std::isnan(G) && std::isnan(E)))
              << "texel " << T << " channel " << K << ": " << G << ", not "
              << E;
        }
        continue;
      }
      EXPECT_EQ(Got, Want) << "texel " << T;
    }
  }
}

TEST_P(ImageTest, IntegerWritesSaturate) {
  const uint64_t W = 4, H = 2;
  const int32_t Values[] = {0,         1,     -1,     127,   128,    -129,
                            255,       256,   32767,  70000, -70000, INT32_MIN,
                            INT32_MAX, 65535, -32768, 5};
  std::vector<int32_t> In(W * H * 4);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = Values[(I * 5) % std::size(Values)];
  struct Case {
    uint32_t Type;
    const char *Kernel;
    int64_t Lo, Hi;
  };
  for (Case C :
       {Case{LOOM_TYPE_SIGNED_INT8, "write_texels_i", -128, 127},
        Case{LOOM_TYPE_SIGNED_INT16, "write_texels_i", -32768, 32767},
        Case{LOOM_TYPE_SIGNED_INT32, "write_texels_i", INT32_MIN, INT32_MAX},
        Case{LOOM_TYPE_UNSIGNED_INT8, "write_texels_ui", 0, 255},
        Case{LOOM_TYPE_UNSIGNED_INT16, "write_texels_ui", 0, 65535},
        Case{LOOM_TYPE_UNSIGNED_INT32, "write_texels_ui", 0, UINT32_MAX}}) {
    SCOPED_TRACE(C.Kernel + std::string(" type ") + std::to_string(C.Type));
    int Bytes = bytesOf(C.Type);
    std::vector<KernelArg> Args = {
        KernelArg::image(image2D(LOOM_ORDER_RGBA, C.Type, W, H),
                         std::vector<uint8_t>(W * H * 4 * Bytes, 0)),
        KernelArg::buffer(In)};
    ASSERT_EQ(runKernel(Binary, C.Kernel, Args, {{W, H}, {}, {}}), "");
    bool Signed = C.Lo < 0;
    for (size_t I = 0; I < In.size(); ++I) {
      // write_imageui takes the bits as unsigned.
      int64_t V =
          Signed ? int64_t{In[I]} : int64_t{static_cast<uint32_t>(In[I])};
      int64_t Want = std::clamp<int64_t>(V, C.Lo, C.Hi);
      int64_t Got = 0;
      const uint8_t *P = Args[0].Bytes.data() + I * Bytes;
      if (Bytes == 1)
        Got = Signed ? static_cast<int8_t>(*P) : *P;
      else if (Bytes == 2)
        Got = Signed ? load<int16_t>(P) : load<uint16_t>(P);
      else
        Got = Signed ? int64_t{load<int32_t>(P)} : int64_t{load<uint32_t>(P)};
      EXPECT_EQ(Got, Want) << "channel " << I << " from " << In[I];
    }
  }
}

//===----------------------------------------------------------------------===//
// A model of the specification's addressing and filtering
//===----------------------------------------------------------------------===//

struct Sampler {
  bool Normalized;
  uint32_t Address;
  bool Linear;
  uint32_t bits() const {
    return (Normalized ? LOOM_SAMPLER_NORMALIZED_COORDS : 0) | Address |
           (Linear ? LOOM_SAMPLER_FILTER_LINEAR : LOOM_SAMPLER_FILTER_NEAREST);
  }
  std::string name() const {
    return std::string(Normalized ? "normalized" : "unnormalized") +
           ", address " + std::to_string(Address) +
           (Linear ? ", linear" : ", nearest");
  }
};

/// An RGBA FLOAT image of up to three dimensions.
struct ImageModel {
  int Size[3];
  std::vector<float> Texels;
  bool Border = false;

  Color texel(const int C[3]) const {
    for (int D = 0; D < 3; ++D)
      if (C[D] < 0 || C[D] >= Size[D])
        return {0, 0, 0, 0}; // RGBA's border: transparent black.
    const float *P =
        &Texels[((size_t(C[2]) * Size[1] + C[1]) * Size[0] + C[0]) * 4];
    return {P[0], P[1], P[2], P[3]};
  }
};

ImageModel makeModel(int W, int H, int D) {
  ImageModel M{{W, H, D}, {}};
  M.Texels.resize(size_t(W) * H * D * 4);
  for (size_t I = 0; I < M.Texels.size(); ++I)
    M.Texels[I] = static_cast<float>((I * 37) % 101) / 8.0f;
  return M;
}

/// The texels (I0, I1) and weight of coordinate S along an axis of \p N
/// texels: I1 only for linear filtering; outside [0, N) means the border.
void addressAxis(float S, int N, const Sampler &Smp, int &I0, int &I1,
                 float &Weight) {
  float FN = static_cast<float>(N);
  auto Floor = [](float X) { return static_cast<int>(std::floor(X)); };
  Weight = 0;
  if (Smp.Address == LOOM_SAMPLER_ADDRESS_REPEAT) {
    float U = (S - std::floor(S)) * FN;
    if (!Smp.Linear) {
      I0 = I1 = Floor(U) > N - 1 ? Floor(U) - N : Floor(U);
      return;
    }
    I0 = Floor(U - 0.5f);
    I1 = I0 + 1;
    if (I0 < 0)
      I0 += N;
    if (I1 > N - 1)
      I1 -= N;
    Weight = (U - 0.5f) - std::floor(U - 0.5f);
    return;
  }
  if (Smp.Address == LOOM_SAMPLER_ADDRESS_MIRRORED_REPEAT) {
    float U = std::fabs(S - 2.0f * std::nearbyint(0.5f * S)) * FN;
    if (!Smp.Linear) {
      I0 = I1 = std::min(Floor(U), N - 1);
      return;
    }
    I0 = std::max(Floor(U - 0.5f), 0);
    I1 = std::min(Floor(U - 0.5f) + 1, N - 1);
    Weight = (U - 0.5f) - std::floor(U - 0.5f);
    return;
  }
  float U = Smp.Normalized ? S * FN : S;
  if (!Smp.Linear) {
    I0 = I1 = Floor(U);
  } else {
    I0 = Floor(U - 0.5f);
    I1 = I0 + 1;
    Weight = (U - 0.5f) - std::floor(U - 0.5f);
  }
  if (Smp.Address == LOOM_SAMPLER_ADDRESS_CLAMP_TO_EDGE) {
    I0 = std::clamp(I0, 0, N - 1);
    I1 = std::clamp(I1, 0, N - 1);
  }
}

/// read_imagef of the model at coordinate S (Dims of its components).
Color sample(const ImageModel &M, const Sampler &Smp, const float S[3],
             int Dims) {
  int I[3][2] = {{0, 0}, {0, 0}, {0, 0}};
  float Weight[3] = {0, 0, 0};
  for (int D = 0; D < Dims; ++D)
    addressAxis(S[D], M.Size[D], Smp, I[D][0], I[D][1], Weight[D]);
  Color Sum = {0, 0, 0, 0};
  for (int Corner = 0; Corner < 8; ++Corner) {
    float Factor = 1;
    int C[3];
    for (int D = 0; D < 3; ++D) {
      int Which = (Corner >> D) & 1;
      if (D >= Dims && Which) {
        Factor = 0;
        break;
      }
      C[D] = I[D][Which];
      Factor *= Which ? Weight[D] : 1 - Weight[D];
    }
    if (Factor == 0)
      continue;
    Color T = M.texel(C);
    for (int K = 0; K < 4; ++K)
      Sum[K] += Factor * T[K];
  }
  return Sum;
}

/// Whether coordinate S lies inside the image: CLK_ADDRESS_NONE defines
/// only those (with linear filtering, the texels around them must be too).
bool insideForNone(const ImageModel &M, const Sampler &Smp, const float S[3],
                   int Dims) {
  for (int D = 0; D < Dims; ++D) {
    float U = Smp.Normalized ? S[D] * M.Size[D] : S[D];
    float Lo = Smp.Linear ? 0.5f : 0.0f;
    if (!(U >= Lo && U < M.Size[D] - Lo))
      return false;
  }
  return true;
}

std::vector<Sampler> everySampler() {
  std::vector<Sampler> All;
  for (bool Normalized : {false, true})
    for (uint32_t Address :
         {LOOM_SAMPLER_ADDRESS_NONE, LOOM_SAMPLER_ADDRESS_CLAMP_TO_EDGE,
          LOOM_SAMPLER_ADDRESS_CLAMP, LOOM_SAMPLER_ADDRESS_REPEAT,
          LOOM_SAMPLER_ADDRESS_MIRRORED_REPEAT})
      for (bool Linear : {false, true})
        // Repeating needs normalized coordinates.
        if (Normalized || Address < LOOM_SAMPLER_ADDRESS_REPEAT)
          All.push_back({Normalized, Address, Linear});
  return All;
}

/// Coordinates along an axis of N texels: inside, on texel edges and
/// centres, and past both ends.
std::vector<float> axisCoordinates(int N, bool Normalized) {
  std::vector<float> Out;
  for (float U = -2.75f; U <= N + 2.75f; U += 0.25f)
    Out.push_back(Normalized ? U / N : U);
  for (float U : {0.3f, 1.7f, 2.05f, -0.01f, N - 0.01f, N + 0.49f})
    Out.push_back(Normalized ? U / N : U);
  return Out;
}

void expectNear(const Color &Got, const Color &Want, const std::string &What) {
  for (int K = 0; K < 4; ++K)
    EXPECT_NEAR(Got[K], Want[K], 1e-4f) << What << " channel " << K;
}

TEST_P(ImageTest, SamplersAddressAndFilterAsTheSpecificationSays) {
  ImageModel M = makeModel(7, 5, 1);
  mux_image_desc_s Desc = image2D(LOOM_ORDER_RGBA, LOOM_TYPE_FLOAT, 7, 5);
  for (const Sampler &Smp : everySampler()) {
    SCOPED_TRACE(Smp.name());
    std::vector<float> Coords;
    std::vector<float> Xs = axisCoordinates(7, Smp.Normalized);
    std::vector<float> Ys = axisCoordinates(5, Smp.Normalized);
    for (size_t I = 0; I < Xs.size(); ++I)
      for (size_t J = 0; J < Ys.size(); J += 3) {
        float S[3] = {Xs[I], Ys[(J + I) % Ys.size()], 0};
        if (Smp.Address == LOOM_SAMPLER_ADDRESS_NONE &&
            !insideForNone(M, Smp, S, 2))
          continue;
        Coords.push_back(S[0]);
        Coords.push_back(S[1]);
      }
    size_t N = Coords.size() / 2;
    std::vector<KernelArg> Args = {
        KernelArg::image(Desc, M.Texels), KernelArg::sampler(Smp.bits()),
        KernelArg::buffer(Coords),
        KernelArg::buffer(std::vector<float>(N * 4, -7.0f))};
    ASSERT_EQ(runKernel(Binary, "sample_2d", Args, {{N}, {}, {}}), "");
    std::vector<float> Got = Args[3].as<float>();
    for (size_t I = 0; I < N; ++I) {
      float S[3] = {Coords[2 * I], Coords[2 * I + 1], 0};
      expectNear({Got[4 * I], Got[4 * I + 1], Got[4 * I + 2], Got[4 * I + 3]},
                 sample(M, Smp, S, 2),
                 "at (" + std::to_string(S[0]) + ", " + std::to_string(S[1]) +
                     ")");
    }
  }
}

TEST_P(ImageTest, IntegerCoordinatesClampOrTakeTheBorder) {
  ImageModel M = makeModel(6, 4, 1);
  mux_image_desc_s Desc = image2D(LOOM_ORDER_RGBA, LOOM_TYPE_FLOAT, 6, 4);
  std::vector<int32_t> Coords;
  for (int X = -2; X < 8; ++X)
    for (int Y = -2; Y < 6; ++Y) {
      Coords.push_back(X);
      Coords.push_back(Y);
    }
  size_t N = Coords.size() / 2;
  for (uint32_t Address :
       {LOOM_SAMPLER_ADDRESS_CLAMP_TO_EDGE, LOOM_SAMPLER_ADDRESS_CLAMP}) {
    Sampler Smp{false, Address, false};
    SCOPED_TRACE(Smp.name());
    std::vector<KernelArg> Args = {
        KernelArg::image(Desc, M.Texels), KernelArg::sampler(Smp.bits()),
        KernelArg::buffer(Coords),
        KernelArg::buffer(std::vector<float>(N * 4, -7.0f))};
    ASSERT_EQ(runKernel(Binary, "sample_2d_int", Args, {{N}, {}, {}}), "");
    std::vector<float> Got = Args[3].as<float>();
    for (size_t I = 0; I < N; ++I) {
      int C[3] = {Coords[2 * I], Coords[2 * I + 1], 0};
      if (Address == LOOM_SAMPLER_ADDRESS_CLAMP_TO_EDGE) {
        C[0] = std::clamp(C[0], 0, 5);
        C[1] = std::clamp(C[1], 0, 3);
      }
      expectNear({Got[4 * I], Got[4 * I + 1], Got[4 * I + 2], Got[4 * I + 3]},
                 M.texel(C),
                 "at (" + std::to_string(Coords[2 * I]) + ", " +
                     std::to_string(Coords[2 * I + 1]) + ")");
    }
  }
}

TEST_P(ImageTest, ASamplerLiteralIsItsBits) {
  ImageModel M = makeModel(5, 6, 1);
  Sampler Smp{true, LOOM_SAMPLER_ADDRESS_MIRRORED_REPEAT, true};
  std::vector<float> Coords;
  for (float X : axisCoordinates(5, true)) {
    Coords.push_back(X);
    Coords.push_back(0.37f - X);
  }
  size_t N = Coords.size() / 2;
  std::vector<KernelArg> Args = {
      KernelArg::image(image2D(LOOM_ORDER_RGBA, LOOM_TYPE_FLOAT, 5, 6),
                       M.Texels),
      KernelArg::buffer(Coords),
      KernelArg::buffer(std::vector<float>(N * 4, -7.0f))};
  ASSERT_EQ(runKernel(Binary, "sample_2d_literal", Args, {{N}, {}, {}}), "");
  std::vector<float> Got = Args[2].as<float>();
  for (size_t I = 0; I < N; ++I) {
    float S[3] = {Coords[2 * I], Coords[2 * I + 1], 0};
    expectNear({Got[4 * I], Got[4 * I + 1], Got[4 * I + 2], Got[4 * I + 3]},
               sample(M, Smp, S, 2), "coordinate " + std::to_string(I));
  }
}

TEST_P(ImageTest, ThreeDimensionalImagesFilterAlongEachAxis) {
  ImageModel M = makeModel(4, 3, 5);
  mux_image_desc_s Desc = {};
  Desc.type = LOOM_IMAGE_3D;
  Desc.channel_order = LOOM_ORDER_RGBA;
  Desc.channel_type = LOOM_TYPE_FLOAT;
  Desc.width = 4;
  Desc.height = 3;
  Desc.depth = 5;
  for (Sampler Smp : {Sampler{true, LOOM_SAMPLER_ADDRESS_CLAMP_TO_EDGE, true},
                      Sampler{true, LOOM_SAMPLER_ADDRESS_REPEAT, false},
                      Sampler{false, LOOM_SAMPLER_ADDRESS_CLAMP, true}}) {
    SCOPED_TRACE(Smp.name());
    std::vector<float> Coords;
    std::vector<float> Xs = axisCoordinates(4, Smp.Normalized);
    std::vector<float> Ys = axisCoordinates(3, Smp.Normalized);
    std::vector<float> Zs = axisCoordinates(5, Smp.Normalized);
    for (size_t I = 0; I < Xs.size(); ++I)
      for (size_t J = 0; J < Zs.size(); J += 4)
        for (float V : {Xs[I], Ys[(I + J) % Ys.size()], Zs[J], 0.0f})
          Coords.push_back(V);
    size_t N = Coords.size() / 4;
    std::vector<KernelArg> Args = {
        KernelArg::image(Desc, M.Texels), KernelArg::sampler(Smp.bits()),
        KernelArg::buffer(Coords),
        KernelArg::buffer(std::vector<float>(N * 4, -7.0f))};
    ASSERT_EQ(runKernel(Binary, "sample_3d", Args, {{N}, {}, {}}), "");
    std::vector<float> Got = Args[3].as<float>();
    for (size_t I = 0; I < N; ++I)
      expectNear({Got[4 * I], Got[4 * I + 1], Got[4 * I + 2], Got[4 * I + 3]},
                 sample(M, Smp, &Coords[4 * I], 3),
                 "coordinate " + std::to_string(I));
  }
}

TEST_P(ImageTest, AnArraysLayerIsItsRoundedCoordinate) {
  const int W = 6, Layers = 4;
  ImageModel Layer[Layers];
  std::vector<float> Texels;
  for (int L = 0; L < Layers; ++L) {
    Layer[L] = makeModel(W, 1, 1);
    for (float &T : Layer[L].Texels)
      T += 100.0f * L;
    Texels.insert(Texels.end(), Layer[L].Texels.begin(), Layer[L].Texels.end());
  }
  mux_image_desc_s Desc = {};
  Desc.type = LOOM_IMAGE_1D_ARRAY;
  Desc.channel_order = LOOM_ORDER_RGBA;
  Desc.channel_type = LOOM_TYPE_FLOAT;
  Desc.width = W;
  Desc.array_size = Layers;
  Sampler Smp{false, LOOM_SAMPLER_ADDRESS_CLAMP_TO_EDGE, true};
  std::vector<float> Coords;
  const float LayerCoords[] = {-3.0f, 0.0f, 0.5f, 1.5f,
                               2.49f, 2.5f, 3.6f, 9.0f};
  for (float X : axisCoordinates(W, false))
    for (float L : LayerCoords) {
      Coords.push_back(X);
      Coords.push_back(L);
    }
  size_t N = Coords.size() / 2;
  std::vector<KernelArg> Args = {
      KernelArg::image(Desc, Texels), KernelArg::sampler(Smp.bits()),
      KernelArg::buffer(Coords),
      KernelArg::buffer(std::vector<float>(N * 4, -7.0f))};
  ASSERT_EQ(runKernel(Binary, "sample_1d_array", Args, {{N}, {}, {}}), "");
  std::vector<float> Got = Args[3].as<float>();
  for (size_t I = 0; I < N; ++I) {
    // The layer: rounded to nearest even, then clamped.
    int L = std::clamp(static_cast<int>(std::nearbyint(Coords[2 * I + 1])), 0,
                       Layers - 1);
    float S[3] = {Coords[2 * I], 0, 0};
    expectNear({Got[4 * I], Got[4 * I + 1], Got[4 * I + 2], Got[4 * I + 3]},
               sample(Layer[L], Smp, S, 1),
               "at x " + std::to_string(Coords[2 * I]) + ", layer " +
                   std::to_string(Coords[2 * I + 1]));
  }
}

TEST_P(ImageTest, ArraysAreReadAndWrittenLayerByLayer) {
  const uint64_t W = 5, H = 3, Layers = 4;
  std::vector<uint32_t> Texels(W * H * Layers * 4);
  for (size_t I = 0; I < Texels.size(); ++I)
    Texels[I] = static_cast<uint32_t>(I * 2654435761u);
  mux_image_desc_s Desc = {};
  Desc.type = LOOM_IMAGE_2D_ARRAY;
  Desc.channel_order = LOOM_ORDER_RGBA;
  Desc.channel_type = LOOM_TYPE_UNSIGNED_INT32;
  Desc.width = W;
  Desc.height = H;
  Desc.array_size = Layers;
  std::vector<KernelArg> Args = {
      KernelArg::image(Desc, Texels),
      KernelArg::buffer(std::vector<uint32_t>(Texels.size(), 7))};
  ASSERT_EQ(
      runKernel(Binary, "copy_array_texels", Args, {{W, H, Layers}, {}, {}}),
      "");
  EXPECT_EQ(Args[1].as<uint32_t>(), Texels);

  mux_image_desc_s Row = {};
  Row.type = LOOM_IMAGE_1D_ARRAY;
  Row.channel_order = LOOM_ORDER_RGBA;
  Row.channel_type = LOOM_TYPE_FLOAT;
  Row.width = W;
  Row.array_size = Layers;
  std::vector<KernelArg> Writes = {
      KernelArg::image(Row, std::vector<float>(W * Layers * 4, -1.0f))};
  ASSERT_EQ(runKernel(Binary, "write_1d_array", Writes, {{W, Layers}, {}, {}}),
            "");
  std::vector<float> Written = Writes[0].as<float>();
  for (uint64_t L = 0; L < Layers; ++L)
    for (uint64_t X = 0; X < W; ++X) {
      const float *P = &Written[(L * W + X) * 4];
      EXPECT_EQ(P[0], X);
      EXPECT_EQ(P[1], L);
      EXPECT_EQ(P[2], X + L);
      EXPECT_EQ(P[3], 1.0f);
    }
}

TEST_P(ImageTest, QueriesAnswerTheImagesShapeAndFormat) {
  mux_image_desc_s A = {}, B = {}, C = {}, D = {};
  A.type = LOOM_IMAGE_3D;
  A.channel_order = LOOM_ORDER_RGBA;
  A.channel_type = LOOM_TYPE_FLOAT;
  A.width = 3;
  A.height = 4;
  A.depth = 5;
  B.type = LOOM_IMAGE_2D_ARRAY;
  B.channel_order = LOOM_ORDER_BGRA;
  B.channel_type = LOOM_TYPE_UNORM_INT8;
  B.width = 7;
  B.height = 2;
  B.array_size = 9;
  C.type = LOOM_IMAGE_1D;
  C.channel_order = LOOM_ORDER_R;
  C.channel_type = LOOM_TYPE_SIGNED_INT16;
  C.width = 11;
  D.type = LOOM_IMAGE_1D_BUFFER;
  D.channel_order = LOOM_ORDER_RG;
  D.channel_type = LOOM_TYPE_HALF_FLOAT;
  D.width = 13;
  std::vector<KernelArg> Args = {
      KernelArg::image(A, std::vector<float>(3 * 4 * 5 * 4)),
      KernelArg::image(B, std::vector<uint32_t>(7 * 2 * 9)),
      KernelArg::image(C, std::vector<int16_t>(11)),
      KernelArg::image(D, std::vector<uint32_t>(13)),
      KernelArg::buffer(std::vector<int>(14, -1))};
  ASSERT_EQ(runKernel(Binary, "queries", Args, {{1}, {}, {}}), "");
  EXPECT_EQ(Args[4].as<int>(), (std::vector<int>{3, 4, 5, 3 + 400 + 50000, 7, 2,
                                                 702, 9, 11, 13, 1, 1, 1, 1}));
}

TEST_P(ImageTest, AccessesFarOutsideTheImageStayInIt) {
  const int W = 4, H = 3;
  ImageModel M = makeModel(W, H, 1);
  std::vector<int32_t> Coords = {-1000000, 5, 3, -7, INT32_MAX, INT32_MIN,
                                 2,        1, W, H,  -1,        0};
  size_t N = Coords.size() / 2;
  std::vector<float> Untouched(W * H * 4, 0.5f);
  std::vector<KernelArg> Args = {
      KernelArg::image(image2D(LOOM_ORDER_RGBA, LOOM_TYPE_FLOAT, W, H),
                       M.Texels),
      KernelArg::image(image2D(LOOM_ORDER_RGBA, LOOM_TYPE_FLOAT, W, H),
                       Untouched),
      KernelArg::buffer(Coords),
      KernelArg::buffer(std::vector<float>(N * 4, -7.0f))};
  ASSERT_EQ(runKernel(Binary, "out_of_range", Args, {{N}, {}, {}}), "");
  std::vector<float> Seen = Args[3].as<float>();
  std::vector<float> Written = Args[1].as<float>();
  for (size_t I = 0; I < N; ++I) {
    // Loom's choice where the specification leaves it open: the nearest
    // texel for a read, nothing for a write.
    int C[3] = {std::clamp(Coords[2 * I], 0, W - 1),
                std::clamp(Coords[2 * I + 1], 0, H - 1), 0};
    bool Inside = C[0] == Coords[2 * I] && C[1] == Coords[2 * I + 1];
    expectNear({Seen[4 * I], Seen[4 * I + 1], Seen[4 * I + 2], Seen[4 * I + 3]},
               M.texel(C), "read " + std::to_string(I));
    if (Inside)
      for (int K = 0; K < 4; ++K)
        Untouched[(C[1] * W + C[0]) * 4 + K] = -1.0f;
  }
  EXPECT_EQ(Written, Untouched);
}

INSTANTIATE_TEST_SUITE_P(Targets, ImageTest,
                         ::testing::Values("reference", "csa"));

} // namespace
