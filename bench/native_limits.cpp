//===- native_limits.cpp - What this machine can do, natively -------------===//
///
/// \file
/// The ceilings bench/compare.py sets Loom's figures against, measured the
/// way a performance engineer would on the same machine in the same run:
///
/// - triad bandwidth: a[i] = b[i] + s * c[i] over three arrays, one
///   contiguous share per thread, first touched by the thread that streams
///   it, with non-temporal stores where the compiler offers them (no
///   write-allocate reads, as Loom's streaming-stores pass emits) and plain
///   stores, the better of the two; bytes counted as STREAM does, 12 per
///   element;
/// - matrix product: C = A * B on n x n floats, rows of C shared between
///   threads, a 4 x 64 register tile of C per step (16 vector
///   accumulators of 16 floats), 2 n^3 flops.
///
/// Each figure is the best of --repeat runs. The product is checked against
/// a scalar dot product on a sample of elements, and the program fails if
/// it is wrong, so that a ceiling is never a broken kernel's speed.
///
/// usage: native-limits [--triad-floats N] [--matmul-n N] [--repeat R]
///                      [--threads T]
/// Prints one JSON object.
///
//===----------------------------------------------------------------------===//

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

#if defined(__AVX512F__) || defined(__AVX__)
#include <immintrin.h>
#endif
#ifdef __linux__
#include <sched.h>
#endif

namespace {

using Clock = std::chrono::steady_clock;

struct Options {
  size_t TriadFloats = size_t(32) << 20;
  unsigned MatmulN = 512;
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
    if (!std::strcmp(Argv[I], "--triad-floats"))
      O.TriadFloats = V;
    else if (!std::strcmp(Argv[I], "--matmul-n") && V % 64 == 0)
      O.MatmulN = static_cast<unsigned>(V);
    else if (!std::strcmp(Argv[I], "--repeat"))
      O.Repeat = static_cast<unsigned>(V);
    else if (!std::strcmp(Argv[I], "--threads"))
      O.Threads = static_cast<unsigned>(V);
    else
      return false;
  }
  return Argc % 2 == 1;
}

/// One thread per core the process may use, as Loom's driver has.
unsigned defaultThreads() {
#ifdef __linux__
  cpu_set_t Set;
  if (sched_getaffinity(0, sizeof(Set), &Set) == 0)
    return std::max(1, CPU_COUNT(&Set));
#endif
  return std::max(1u, std::thread::hardware_concurrency());
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

double secondsSince(Clock::time_point Start) {
  return std::chrono::duration<double>(Clock::now() - Start).count();
}

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

void triadPlain(float *A, const float *B, const float *C, float S, size_t Begin,
                size_t End) {
  for (size_t I = Begin; I < End; ++I)
    A[I] = B[I] + S * C[I];
}

/// The same with non-temporal stores, where the compiler has them.
void triadStreaming(float *A, const float *B, const float *C, float S,
                    size_t Begin, size_t End) {
  size_t I = Begin;
#if defined(__AVX512F__)
  __m512 Scale = _mm512_set1_ps(S);
  for (; I + 16 <= End; I += 16)
    _mm512_stream_ps(A + I, _mm512_fmadd_ps(Scale, _mm512_load_ps(C + I),
                                            _mm512_load_ps(B + I)));
  _mm_sfence();
#elif defined(__AVX__)
  __m256 Scale = _mm256_set1_ps(S);
  for (; I + 8 <= End; I += 8)
    _mm256_stream_ps(
        A + I, _mm256_add_ps(_mm256_load_ps(B + I),
                             _mm256_mul_ps(Scale, _mm256_load_ps(C + I))));
  _mm_sfence();
#endif
  triadPlain(A, B, C, S, I, End);
}

struct TriadFigures {
  double Streaming = 0; ///< GB/s with non-temporal stores.
  double Plain = 0;     ///< GB/s with ordinary stores.
};

/// Best triad bandwidth over \p Repeat runs of each kind of store.
TriadFigures measureTriad(const Options &O, unsigned Threads) {
  size_t N = O.TriadFloats;
  Floats A = allocateFloats(N), B = allocateFloats(N), C = allocateFloats(N);
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
  TriadFigures Best;
  for (bool Streaming : {true, false}) {
    for (unsigned R = 0; R < O.Repeat; ++R) {
      Clock::time_point Start = Clock::now();
      onThreads(Threads, [&](unsigned T, unsigned Count) {
        size_t Begin, End;
        shareOf(N, T, Count, Begin, End);
        (Streaming ? triadStreaming : triadPlain)(A.get(), B.get(), C.get(),
                                                  3.0f, Begin, End);
      });
      double Seconds = secondsSince(Start);
      double &Figure = Streaming ? Best.Streaming : Best.Plain;
      Figure = std::max(Figure, 12.0 * static_cast<double>(N) / Seconds / 1e9);
    }
  }
  // The result is used, so no store is dead.
  if (A[N / 2] != B[N / 2] + 3.0f * C[N / 2]) {
    std::fprintf(stderr, "native-limits: error: the triad is wrong\n");
    std::exit(1);
  }
  return Best;
}

typedef float Vec16 __attribute__((vector_size(64)));

/// C[Row..Row+4][Col..Col+64] = the 4 x 64 tile of A * B, in registers
/// (rows of B and C are 256-byte aligned: N is a multiple of 64).
void productTile(const float *A, const float *B, float *C, unsigned N,
                 unsigned Row, unsigned Col) {
  Vec16 Acc[4][4] = {};
  for (unsigned K = 0; K < N; ++K) {
    const Vec16 *BRow =
        reinterpret_cast<const Vec16 *>(B + size_t(K) * N + Col);
    Vec16 B0 = BRow[0], B1 = BRow[1], B2 = BRow[2], B3 = BRow[3];
#pragma GCC unroll 4
    for (unsigned R = 0; R < 4; ++R) {
      float AValue = A[size_t(Row + R) * N + K];
      Acc[R][0] += AValue * B0;
      Acc[R][1] += AValue * B1;
      Acc[R][2] += AValue * B2;
      Acc[R][3] += AValue * B3;
    }
  }
  for (unsigned R = 0; R < 4; ++R) {
    Vec16 *CRow = reinterpret_cast<Vec16 *>(C + size_t(Row + R) * N + Col);
    for (unsigned V = 0; V < 4; ++V)
      CRow[V] = Acc[R][V];
  }
}

/// Best matrix-product rate in GFLOP/s over \p Repeat runs.
double measureMatmul(const Options &O, unsigned Threads) {
  unsigned N = O.MatmulN;
  size_t Elements = size_t(N) * N;
  Floats A = allocateFloats(Elements), B = allocateFloats(Elements),
         C = allocateFloats(Elements);
  for (size_t I = 0; I < Elements; ++I) {
    A[I] = static_cast<float>(I % 13) * 0.125f - 0.75f;
    B[I] = static_cast<float>(I % 11) * 0.25f - 1.25f;
  }
  double Best = 0;
  for (unsigned R = 0; R < O.Repeat; ++R) {
    Clock::time_point Start = Clock::now();
    onThreads(Threads, [&](unsigned T, unsigned Count) {
      for (unsigned Row = 4 * T; Row < N; Row += 4 * Count)
        for (unsigned Col = 0; Col < N; Col += 64)
          productTile(A.get(), B.get(), C.get(), N, Row, Col);
    });
    double Seconds = secondsSince(Start);
    Best = std::max(Best, 2.0 * N * double(N) * N / Seconds / 1e9);
  }
  // Small integers times powers of two: every sum is exact in float.
  for (size_t Sample = 0; Sample < Elements; Sample += Elements / 97 + 1) {
    size_t I = Sample / N, J = Sample % N;
    double Expected = 0;
    for (size_t K = 0; K < N; ++K)
      Expected += double(A[I * N + K]) * double(B[K * N + J]);
    if (std::fabs(Expected - C[Sample]) > 1e-3 * (1 + std::fabs(Expected))) {
      std::fprintf(stderr, "native-limits: error: C[%zu][%zu] is %g, not %g\n",
                   I, J, double(C[Sample]), Expected);
      std::exit(1);
    }
  }
  return Best;
}

} // namespace

int main(int Argc, char **Argv) {
  Options O;
  if (!parseOptions(Argc, Argv, O)) {
    std::fprintf(stderr,
                 "usage: native-limits [--triad-floats N] [--matmul-n N "
                 "(a multiple of 64)] [--repeat R] [--threads T]\n");
    return 2;
  }
  unsigned Threads = O.Threads ? O.Threads : defaultThreads();
  TriadFigures Triad = measureTriad(O, Threads);
  double Matmul = measureMatmul(O, Threads);
  std::printf("{\"threads\": %u, \"triad_floats\": %zu, \"triad_gb_s\": %.2f, "
              "\"triad_streaming_gb_s\": %.2f, \"triad_plain_gb_s\": %.2f, "
              "\"matmul_n\": %u, \"matmul_gflop_s\": %.2f}\n",
              Threads, O.TriadFloats, std::max(Triad.Streaming, Triad.Plain),
              Triad.Streaming, Triad.Plain, O.MatmulN, Matmul);
  return 0;
}
