//===- native_limits.cpp - What this machine can do, natively -------------===//
///
/// \file
/// The ceilings bench/compare.py sets Loom's figures against, measured the
/// way a performance engineer would on the same machine in the same run:
///
/// - peak arithmetic: independent fused multiply-adds on the widest vectors
///   the host has (512 bits with AVX-512, else 256), float and double, one
///   thread per core, 2 flops per lane per FMA;
/// - OpenBLAS's sgemm and dgemm (Debian's libopenblas-dev) on n x n
///   matrices, the size of the matrix-product cases, on as many threads,
///   2 n^3 flops, checked against a double-precision dot product;
/// - STREAM's triad (a[i] = b[i] + s * c[i], 12 bytes per float element)
///   and copy (a[i] = b[i], 8), over arrays each at least twice the
///   last-level cache the host reports (so that no launch finds them in it),
///   one contiguous share per thread, first touched by the thread that
///   streams it, with non-temporal stores (no write-allocate reads, as
///   Loom's streaming-stores pass emits) and with plain stores.
///
/// Each figure is the best of --repeat runs; a result that is wrong fails
/// the program, so that a ceiling is never a broken kernel's speed.
///
/// usage: native-limits [--stream-floats N] [--gemm-n N] [--repeat R]
///                      [--threads T]
/// Prints one JSON object.
///
//===----------------------------------------------------------------------===//

#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <immintrin.h>
#include <sched.h>
#include <unistd.h>

// OpenBLAS's own entry point (Debian's cblas.h declares it only in
// cblas-openblas.h, which the netlib alternative lacks).
extern "C" void openblas_set_num_threads(int);

namespace {

using Clock = std::chrono::steady_clock;

#if defined(__AVX512F__)
constexpr unsigned VectorBits = 512;
#elif defined(__AVX2__) && defined(__FMA__)
constexpr unsigned VectorBits = 256;
#else
#error "native-limits needs AVX2 and FMA, or AVX-512"
#endif

struct Options {
  size_t StreamFloats = 0; ///< 0: sized past the last-level cache.
  unsigned GemmN = 512;
  unsigned Repeat = 10;
  unsigned Threads = 0;
};

bool parseCount(const char *Text, size_t &Value) {
  char *End = nullptr;
  unsigned long long V = std::strtoull(Text, &End, 10);
  if (!*Text || *End || V == 0)
    return false;
  Value = static_cast<size_t>(V);
  return true;
}

bool parseOptions(int Argc, char **Argv, Options &O) {
  for (int I = 1; I + 1 < Argc; I += 2) {
    size_t V;
    if (!parseCount(Argv[I + 1], V))
      return false;
    if (!std::strcmp(Argv[I], "--stream-floats") && V % 16 == 0)
      O.StreamFloats = V;
    else if (!std::strcmp(Argv[I], "--gemm-n"))
      O.GemmN = static_cast<unsigned>(V);
    else if (!std::strcmp(Argv[I], "--repeat"))
      O.Repeat = static_cast<unsigned>(V);
    else if (!std::strcmp(Argv[I], "--threads"))
      O.Threads = static_cast<unsigned>(V);
    else
      return false;
  }
  return Argc % 2 == 1;
}

[[noreturn]] void fail(const std::string &Message) {
  std::fprintf(stderr, "native-limits: error: %s\n", Message.c_str());
  std::exit(1);
}

/// One thread per core the process may use, as Loom's driver has.
unsigned defaultThreads() {
  cpu_set_t Set;
  if (sched_getaffinity(0, sizeof(Set), &Set) == 0)
    return std::max(1, CPU_COUNT(&Set));
  return std::max(1u, std::thread::hardware_concurrency());
}

/// The last-level cache the host reports, in bytes (0 if it says none).
size_t lastLevelCacheBytes() {
  for (int Level :
       {_SC_LEVEL4_CACHE_SIZE, _SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE}) {
    long Bytes = sysconf(Level);
    if (Bytes > 0)
      return static_cast<size_t>(Bytes);
  }
  return 0;
}

/// Runs Body(T, Threads) on \p Threads threads, the caller being thread 0.
template <typename Fn> void onThreads(unsigned Threads, Fn Body) {
  std::vector<std::thread> Others;
  for (unsigned T = 1; T < Threads; ++T)
    Others.emplace_back(Body, T, Threads);
  Body(0, Threads);
  for (std::thread &Other : Others)
    Other.join();
}

/// The shortest of \p Repeat timed runs of Run(), in seconds.
template <typename Fn> double fastestRun(unsigned Repeat, Fn Run) {
  double Best = INFINITY;
  for (unsigned R = 0; R < Repeat; ++R) {
    Clock::time_point Start = Clock::now();
    Run();
    Best = std::min(
        Best, std::chrono::duration<double>(Clock::now() - Start).count());
  }
  return Best;
}

//===----------------------------------------------------------------------===//
// Peak arithmetic
//===----------------------------------------------------------------------===//

#if defined(__AVX512F__)
using FloatVec = __m512;
using DoubleVec = __m512d;
inline FloatVec splat(float V) { return _mm512_set1_ps(V); }
inline DoubleVec splat(double V) { return _mm512_set1_pd(V); }
inline FloatVec fma(FloatVec A, FloatVec B, FloatVec C) {
  return _mm512_fmadd_ps(A, B, C);
}
inline DoubleVec fma(DoubleVec A, DoubleVec B, DoubleVec C) {
  return _mm512_fmadd_pd(A, B, C);
}
inline float firstLane(FloatVec V) { return _mm512_cvtss_f32(V); }
inline double firstLane(DoubleVec V) { return _mm512_cvtsd_f64(V); }
#else
using FloatVec = __m256;
using DoubleVec = __m256d;
inline FloatVec splat(float V) { return _mm256_set1_ps(V); }
inline DoubleVec splat(double V) { return _mm256_set1_pd(V); }
inline FloatVec fma(FloatVec A, FloatVec B, FloatVec C) {
  return _mm256_fmadd_ps(A, B, C);
}
inline DoubleVec fma(DoubleVec A, DoubleVec B, DoubleVec C) {
  return _mm256_fmadd_pd(A, B, C);
}
inline float firstLane(FloatVec V) { return _mm256_cvtss_f32(V); }
inline double firstLane(DoubleVec V) { return _mm256_cvtsd_f64(V); }
#endif

/// Enough independent accumulators to cover the FMA latency on every FMA
/// port (4 cycles x 2 ports needs 8), few enough that they and the two
/// constants stay in the vector registers (16 of them without AVX-512): a
/// chain spilled to the stack waits on a store and a load every step, and
/// 16 chains on AVX2 measured half the real peak.
constexpr unsigned Chains = VectorBits == 512 ? 16 : 12;
/// About 5 ms a run on one core: short runs, the best of several, find the
/// quiet moments of a shared machine.
constexpr unsigned FmaSteps = 1u << 20;

/// Runs FmaSteps steps of Chains independent FMAs; returns a lane of their
/// sum, so that none is dead.
template <typename Scalar, typename Vec> Scalar fmaChains(Scalar Seed) {
  Vec Acc[Chains];
  for (unsigned C = 0; C < Chains; ++C)
    Acc[C] = splat(Seed + Scalar(C));
  // Multiplying by almost 1 and adding almost 0 keeps the values finite
  // and the work real.
  const Vec Scale = splat(Scalar(0.999999)), Shift = splat(Scalar(1e-7));
  for (unsigned S = 0; S < FmaSteps; ++S)
#pragma GCC unroll 16
    for (unsigned C = 0; C < Chains; ++C)
      Acc[C] = fma(Acc[C], Scale, Shift);
  Scalar Sum = 0;
  for (unsigned C = 0; C < Chains; ++C)
    Sum += firstLane(Acc[C]);
  return Sum;
}

/// Peak GFLOP/s of FMAs on \p Scalar's vectors over all threads.
template <typename Scalar, typename Vec>
double measurePeak(const Options &O, unsigned Threads) {
  std::vector<Scalar> Sums(Threads);
  double Seconds = fastestRun(O.Repeat, [&] {
    onThreads(Threads, [&](unsigned T, unsigned) {
      Sums[T] = fmaChains<Scalar, Vec>(Scalar(T));
    });
  });
  for (Scalar Sum : Sums)
    if (!std::isfinite(Sum))
      fail("the FMA chains did not stay finite");
  double Lanes = VectorBits / (8.0 * sizeof(Scalar));
  return 2.0 * Lanes * Chains * FmaSteps * Threads / Seconds / 1e9;
}

//===----------------------------------------------------------------------===//
// OpenBLAS
//===----------------------------------------------------------------------===//

template <typename Scalar>
void gemm(unsigned N, const Scalar *A, const Scalar *B, Scalar *C) {
  if constexpr (sizeof(Scalar) == 4)
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, N, N, N, 1.0f, A, N,
                B, N, 0.0f, C, N);
  else
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, N, N, N, 1.0, A, N,
                B, N, 0.0, C, N);
}

/// OpenBLAS's best GFLOP/s for an N x N product of \p Scalar, checked.
template <typename Scalar> double measureGemm(const Options &O) {
  unsigned N = O.GemmN;
  size_t Elements = size_t(N) * N;
  std::vector<Scalar> A(Elements), B(Elements), C(Elements);
  // Small integers times powers of two: every sum is exact in float.
  for (size_t I = 0; I < Elements; ++I) {
    A[I] = Scalar(I % 13) * Scalar(0.125) - Scalar(0.75);
    B[I] = Scalar(I % 11) * Scalar(0.25) - Scalar(1.25);
  }
  gemm(N, A.data(), B.data(), C.data()); // OpenBLAS starts its threads.
  double Seconds =
      fastestRun(O.Repeat, [&] { gemm(N, A.data(), B.data(), C.data()); });
  for (size_t Sample = 0; Sample < Elements; Sample += Elements / 97 + 1) {
    size_t I = Sample / N, J = Sample % N;
    double Expected = 0;
    for (size_t K = 0; K < N; ++K)
      Expected += double(A[I * N + K]) * double(B[K * N + J]);
    if (std::fabs(Expected - double(C[Sample])) >
        1e-3 * (1 + std::fabs(Expected)))
      fail("gemm's C[" + std::to_string(I) + "][" + std::to_string(J) +
           "] is " + std::to_string(double(C[Sample])) + ", not " +
           std::to_string(Expected));
  }
  return 2.0 * N * double(N) * N / Seconds / 1e9;
}

//===----------------------------------------------------------------------===//
// STREAM's triad and copy
//===----------------------------------------------------------------------===//

struct AlignedFree {
  void operator()(float *P) const { std::free(P); }
};
using Floats = std::unique_ptr<float[], AlignedFree>;

Floats allocateFloats(size_t Count) {
  size_t Bytes = (Count * sizeof(float) + 4095) / 4096 * 4096;
  return Floats(static_cast<float *>(std::aligned_alloc(4096, Bytes)));
}

/// Thread \p T's share [Begin, End) of \p Count, in whole 64-byte lines.
void shareOf(size_t Count, unsigned T, unsigned Threads, size_t &Begin,
             size_t &End) {
  size_t Lines = Count / 16;
  Begin = Lines * T / Threads * 16;
  End = T + 1 == Threads ? Count : Lines * (T + 1) / Threads * 16;
}

/// a = b + s * c over [Begin, End): plain stores, or non-temporal ones.
void triad(bool Streaming, float *A, const float *B, const float *C, float S,
           size_t Begin, size_t End) {
  size_t I = Begin;
  if (Streaming) {
#if defined(__AVX512F__)
    __m512 Scale = _mm512_set1_ps(S);
    for (; I + 16 <= End; I += 16)
      _mm512_stream_ps(A + I, _mm512_fmadd_ps(Scale, _mm512_load_ps(C + I),
                                              _mm512_load_ps(B + I)));
#else
    __m256 Scale = _mm256_set1_ps(S);
    for (; I + 8 <= End; I += 8)
      _mm256_stream_ps(A + I, _mm256_fmadd_ps(Scale, _mm256_load_ps(C + I),
                                              _mm256_load_ps(B + I)));
#endif
    _mm_sfence();
  }
  for (; I < End; ++I)
    A[I] = B[I] + S * C[I];
}

/// a = b over [Begin, End): plain stores, or non-temporal ones.
void copy(bool Streaming, float *A, const float *B, size_t Begin, size_t End) {
  size_t I = Begin;
  if (Streaming) {
#if defined(__AVX512F__)
    for (; I + 16 <= End; I += 16)
      _mm512_stream_ps(A + I, _mm512_load_ps(B + I));
#else
    for (; I + 8 <= End; I += 8)
      _mm256_stream_ps(A + I, _mm256_load_ps(B + I));
#endif
    _mm_sfence();
  }
  for (; I < End; ++I)
    A[I] = B[I];
}

/// The better store's figure, and each.
struct Bandwidth {
  double Streaming = 0; ///< GB/s with non-temporal stores.
  double Plain = 0;     ///< GB/s with ordinary stores.
  double best() const { return std::max(Streaming, Plain); }
};

struct StreamFigures {
  Bandwidth Triad, Copy;
};

StreamFigures measureStream(size_t N, const Options &O, unsigned Threads) {
  Floats A = allocateFloats(N), B = allocateFloats(N), C = allocateFloats(N);
  if (!A || !B || !C)
    fail("cannot allocate 3 arrays of " + std::to_string(N) + " floats");
  // First touch by the thread that will stream each share.
  onThreads(Threads, [&](unsigned T, unsigned Count) {
    size_t Begin, End;
    shareOf(N, T, Count, Begin, End);
    for (size_t I = Begin; I < End; ++I) {
      A[I] = 0.0f;
      B[I] = static_cast<float>(I % 1024) * 0.25f;
      C[I] = static_cast<float>(I % 977) * 0.5f;
    }
  });
  auto gbPerSecond = [&](double BytesPerElement, auto Kernel) {
    double Seconds = fastestRun(O.Repeat, [&] {
      onThreads(Threads, [&](unsigned T, unsigned Count) {
        size_t Begin, End;
        shareOf(N, T, Count, Begin, End);
        Kernel(Begin, End);
      });
    });
    return BytesPerElement * static_cast<double>(N) / Seconds / 1e9;
  };
  // b and c never change; each result is checked before the next kernel
  // overwrites it, so no store is dead.
  size_t Middle = N / 2;
  StreamFigures Figures;
  for (bool Streaming : {true, false}) {
    (Streaming ? Figures.Triad.Streaming : Figures.Triad.Plain) =
        gbPerSecond(12, [&](size_t Begin, size_t End) {
          triad(Streaming, A.get(), B.get(), C.get(), 3.0f, Begin, End);
        });
    if (A[Middle] != B[Middle] + 3.0f * C[Middle])
      fail("the triad is wrong");
    (Streaming ? Figures.Copy.Streaming : Figures.Copy.Plain) =
        gbPerSecond(8, [&](size_t Begin, size_t End) {
          copy(Streaming, A.get(), B.get(), Begin, End);
        });
    if (A[Middle] != B[Middle])
      fail("the copy is wrong");
  }
  return Figures;
}

} // namespace

int main(int Argc, char **Argv) {
  Options O;
  if (!parseOptions(Argc, Argv, O)) {
    std::fprintf(stderr, "usage: native-limits [--stream-floats N (a multiple "
                         "of 16)] [--gemm-n N] [--repeat R] [--threads T]\n");
    return 2;
  }
  unsigned Threads = O.Threads ? O.Threads : defaultThreads();
  size_t CacheBytes = lastLevelCacheBytes();
  // Each array at least twice the last-level cache, and 32M floats.
  size_t StreamFloats =
      O.StreamFloats ? O.StreamFloats
                     : std::max<size_t>(size_t(32) << 20,
                                        (2 * CacheBytes / 4 + 15) / 16 * 16);
  openblas_set_num_threads(static_cast<int>(Threads));

  double PeakFloat = measurePeak<float, FloatVec>(O, Threads);
  double PeakDouble = measurePeak<double, DoubleVec>(O, Threads);
  double Sgemm = measureGemm<float>(O);
  double Dgemm = measureGemm<double>(O);
  StreamFigures Stream = measureStream(StreamFloats, O, Threads);
  std::printf(
      "{\"threads\": %u, \"vector_bits\": %u, \"llc_bytes\": %zu, "
      "\"peak_float_gflop_s\": %.2f, \"peak_double_gflop_s\": %.2f, "
      "\"gemm_n\": %u, \"sgemm_gflop_s\": %.2f, \"dgemm_gflop_s\": %.2f, "
      "\"stream_floats\": %zu, \"triad_gb_s\": %.2f, "
      "\"triad_streaming_gb_s\": %.2f, \"triad_plain_gb_s\": %.2f, "
      "\"copy_gb_s\": %.2f, \"copy_streaming_gb_s\": %.2f, "
      "\"copy_plain_gb_s\": %.2f}\n",
      Threads, VectorBits, CacheBytes, PeakFloat, PeakDouble, O.GemmN, Sgemm,
      Dgemm, StreamFloats, Stream.Triad.best(), Stream.Triad.Streaming,
      Stream.Triad.Plain, Stream.Copy.best(), Stream.Copy.Streaming,
      Stream.Copy.Plain);
  return 0;
}
