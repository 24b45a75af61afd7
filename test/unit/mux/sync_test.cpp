//===- sync_test.cpp - Semaphores, fences and concurrent dispatch ---------===//
///
/// The queue's ordering rule (earliest dispatch whose wait semaphores are
/// signalled), fences, host waits that would never end, their misuse, and
/// many command buffers dispatched from several threads at once.
///
//===----------------------------------------------------------------------===//

#include "MuxDeviceTest.h"
#include "mux/mux.h"

#include <gtest/gtest.h>

#include <future>
#include <mutex>
#include <thread>
#include <vector>

namespace {

class MuxSyncTest : public MuxDeviceTest {
protected:
  void TearDown() override {
    for (mux_command_buffer_t CB : CBs)
      muxDestroyCommandBuffer(Device, CB);
    MuxDeviceTest::TearDown();
  }

  /// A finalized command buffer that appends \p Tag to Order when it runs.
  mux_command_buffer_t tagger(int Tag) {
    mux_command_buffer_t CB;
    EXPECT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
    Tags.push_back(std::make_unique<std::pair<MuxSyncTest *, int>>(this, Tag));
    EXPECT_EQ(muxCommandUserCallback(
                  CB,
                  [](mux_queue_t, mux_command_buffer_t, void *Data) {
                    auto *T =
                        static_cast<std::pair<MuxSyncTest *, int> *>(Data);
                    std::lock_guard<std::mutex> Lock(T->first->OrderMutex);
                    T->first->Order.push_back(T->second);
                  },
                  Tags.back().get()),
              mux_success);
    EXPECT_EQ(muxFinalizeCommandBuffer(CB), mux_success);
    CBs.push_back(CB);
    return CB;
  }

  mux_semaphore_t semaphore() {
    mux_semaphore_t S = nullptr;
    EXPECT_EQ(muxCreateSemaphore(Device, &S), mux_success);
    return S;
  }

  std::vector<int> order() {
    std::lock_guard<std::mutex> Lock(OrderMutex);
    return Order;
  }

  std::vector<mux_command_buffer_t> CBs;
  std::vector<std::unique_ptr<std::pair<MuxSyncTest *, int>>> Tags;
  std::mutex OrderMutex;
  std::vector<int> Order;
};

TEST_F(MuxSyncTest, DispatchesWithoutSemaphoresRunInOrder) {
  for (int Tag = 0; Tag < 8; ++Tag)
    ASSERT_EQ(muxDispatch(Queue, tagger(Tag), nullptr, nullptr, 0, nullptr, 0,
                          nullptr, nullptr),
              mux_success);
  ASSERT_EQ(muxWaitAll(Queue), mux_success);
  EXPECT_EQ(order(), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
}

TEST_F(MuxSyncTest, WaitingDispatchLetsItsSignallerPass) {
  mux_semaphore_t S = semaphore();
  ASSERT_EQ(muxDispatch(Queue, tagger(1), nullptr, &S, 1, nullptr, 0, nullptr,
                        nullptr),
            mux_success);
  ASSERT_EQ(muxDispatch(Queue, tagger(2), nullptr, nullptr, 0, &S, 1, nullptr,
                        nullptr),
            mux_success);
  ASSERT_EQ(muxDispatch(Queue, tagger(3), nullptr, &S, 1, nullptr, 0, nullptr,
                        nullptr),
            mux_success);
  ASSERT_EQ(muxWaitAll(Queue), mux_success);
  EXPECT_EQ(order(), (std::vector<int>{2, 1, 3}));
  muxDestroySemaphore(Device, S);
}

TEST_F(MuxSyncTest, ChainOfSemaphoresRunsBackwards) {
  // Dispatch k waits on S[k] and signals S[k-1]; only the last is free.
  constexpr int N = 5;
  std::vector<mux_semaphore_t> S(N);
  for (mux_semaphore_t &Each : S)
    Each = semaphore();
  for (int K = 0; K < N; ++K) {
    const mux_semaphore_t *Wait = K + 1 < N ? &S[K] : nullptr;
    const mux_semaphore_t *Signal = K > 0 ? &S[K - 1] : nullptr;
    ASSERT_EQ(muxDispatch(Queue, tagger(K), nullptr, Wait, Wait ? 1 : 0, Signal,
                          Signal ? 1 : 0, nullptr, nullptr),
              mux_success);
  }
  ASSERT_EQ(muxWaitAll(Queue), mux_success);
  EXPECT_EQ(order(), (std::vector<int>{4, 3, 2, 1, 0}));
  for (mux_semaphore_t Each : S)
    muxDestroySemaphore(Device, Each);
}

TEST_F(MuxSyncTest, FenceSignalsWhenTheCommandBufferFinishes) {
  std::promise<void> Release;
  std::shared_future<void> Released = Release.get_future().share();
  mux_command_buffer_t CB;
  ASSERT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
  CBs.push_back(CB);
  ASSERT_EQ(muxCommandUserCallback(
                CB,
                [](mux_queue_t, mux_command_buffer_t, void *Data) {
                  static_cast<std::shared_future<void> *>(Data)->wait();
                },
                &Released),
            mux_success);
  ASSERT_EQ(muxFinalizeCommandBuffer(CB), mux_success);
  mux_fence_t Fence;
  ASSERT_EQ(muxCreateFence(Device, &Fence), mux_success);
  ASSERT_EQ(
      muxDispatch(Queue, CB, Fence, nullptr, 0, nullptr, 0, nullptr, nullptr),
      mux_success);
  EXPECT_EQ(muxTryWait(Queue, 0, Fence), mux_fence_not_ready);
  EXPECT_EQ(muxTryWait(Queue, 1000000, Fence), mux_fence_not_ready);
  Release.set_value();
  EXPECT_EQ(muxTryWait(Queue, UINT64_MAX, Fence), mux_success);
  EXPECT_EQ(muxTryWait(Queue, 0, Fence), mux_success);
  ASSERT_EQ(muxResetFence(Fence), mux_success);
  // Nothing queued will signal it, so even an endless wait returns.
  EXPECT_EQ(muxTryWait(Queue, UINT64_MAX, Fence), mux_fence_not_ready);
  muxDestroyFence(Device, Fence);
}

TEST_F(MuxSyncTest, WaitAllReportsADispatchNothingWillUnblock) {
  mux_semaphore_t S = semaphore();
  mux_fence_t Fence;
  ASSERT_EQ(muxCreateFence(Device, &Fence), mux_success);
  ASSERT_EQ(
      muxDispatch(Queue, tagger(1), Fence, &S, 1, nullptr, 0, nullptr, nullptr),
      mux_success);
  EXPECT_EQ(muxWaitAll(Queue), mux_error_invalid_state);
  EXPECT_NE(std::string(muxGetLastErrorMessage()).find("semaphore"),
            std::string::npos);
  EXPECT_EQ(muxTryWait(Queue, UINT64_MAX, Fence), mux_fence_not_ready);
  EXPECT_TRUE(order().empty());
  // A later dispatch that signals the semaphore unblocks it.
  ASSERT_EQ(muxDispatch(Queue, tagger(2), nullptr, nullptr, 0, &S, 1, nullptr,
                        nullptr),
            mux_success);
  ASSERT_EQ(muxWaitAll(Queue), mux_success);
  EXPECT_EQ(muxTryWait(Queue, 0, Fence), mux_success);
  EXPECT_EQ(order(), (std::vector<int>{2, 1}));
  muxDestroyFence(Device, Fence);
  muxDestroySemaphore(Device, S);
}

TEST_F(MuxSyncTest, ResetSemaphoreBlocksTheNextWaiter) {
  mux_semaphore_t S = semaphore();
  ASSERT_EQ(muxDispatch(Queue, tagger(1), nullptr, nullptr, 0, &S, 1, nullptr,
                        nullptr),
            mux_success);
  ASSERT_EQ(muxWaitAll(Queue), mux_success);
  ASSERT_EQ(muxResetSemaphore(S), mux_success);
  ASSERT_EQ(muxDispatch(Queue, tagger(2), nullptr, &S, 1, nullptr, 0, nullptr,
                        nullptr),
            mux_success);
  EXPECT_EQ(muxWaitAll(Queue), mux_error_invalid_state);
  EXPECT_EQ(order(), (std::vector<int>{1}));
  // Destroying the semaphore cancels the dispatch blocked on it.
  muxDestroySemaphore(Device, S);
  EXPECT_EQ(muxWaitAll(Queue), mux_success);
  EXPECT_EQ(order(), (std::vector<int>{1}));
}

TEST_F(MuxSyncTest, DestroyingABlockedCommandBufferCancelsIt) {
  mux_semaphore_t S = semaphore();
  mux_command_buffer_t CB = tagger(1);
  ASSERT_EQ(
      muxDispatch(Queue, CB, nullptr, &S, 1, nullptr, 0, nullptr, nullptr),
      mux_success);
  CBs.pop_back();
  muxDestroyCommandBuffer(Device, CB);
  EXPECT_EQ(muxWaitAll(Queue), mux_success);
  EXPECT_TRUE(order().empty());
  muxDestroySemaphore(Device, S);
}

/// What a dispatch's callback was told, and when.
struct DispatchCalls {
  std::mutex Guard;
  std::vector<mux_result_t> Results;
  /// How many tags the command buffer had appended at each call.
  std::vector<size_t> TagsSeen;
  std::vector<std::thread::id> Threads;
  /// The fixture's tags.
  std::mutex *OrderMutex = nullptr;
  const std::vector<int> *Order = nullptr;
};

TEST_F(MuxSyncTest, DispatchCallbackFollowsTheRunAndPrecedesTheFence) {
  DispatchCalls Calls;
  auto Record = [](mux_command_buffer_t, mux_result_t Result, void *Data) {
    auto &C = *static_cast<DispatchCalls *>(Data);
    size_t Seen = 0;
    {
      std::lock_guard<std::mutex> Lock(*C.OrderMutex);
      Seen = C.Order->size();
    }
    std::lock_guard<std::mutex> Lock(C.Guard);
    C.Results.push_back(Result);
    C.TagsSeen.push_back(Seen);
    C.Threads.push_back(std::this_thread::get_id());
  };
  Calls.OrderMutex = &OrderMutex;
  Calls.Order = &Order;
  mux_fence_t Fence;
  ASSERT_EQ(muxCreateFence(Device, &Fence), mux_success);
  ASSERT_EQ(muxDispatch(Queue, tagger(1), Fence, nullptr, 0, nullptr, 0, Record,
                        &Calls),
            mux_success);
  ASSERT_EQ(muxTryWait(Queue, UINT64_MAX, Fence), mux_success);
  {
    // Made by the time the fence is signalled, once, after the run, on the
    // queue's thread.
    std::lock_guard<std::mutex> Lock(Calls.Guard);
    EXPECT_EQ(Calls.Results, (std::vector<mux_result_t>{mux_success}));
    EXPECT_EQ(Calls.TagsSeen, (std::vector<size_t>{1}));
    ASSERT_EQ(Calls.Threads.size(), 1u);
    EXPECT_NE(Calls.Threads[0], std::this_thread::get_id());
  }
  ASSERT_EQ(muxWaitAll(Queue), mux_success);
  std::lock_guard<std::mutex> Lock(Calls.Guard);
  EXPECT_EQ(Calls.Results.size(), 1u);
  muxDestroyFence(Device, Fence);
}

TEST_F(MuxSyncTest, DispatchCallbackTellsADispatchThatWillNeverRun) {
  DispatchCalls Calls;
  auto Record = [](mux_command_buffer_t, mux_result_t Result, void *Data) {
    auto &C = *static_cast<DispatchCalls *>(Data);
    std::lock_guard<std::mutex> Lock(C.Guard);
    C.Results.push_back(Result);
    C.Threads.push_back(std::this_thread::get_id());
  };
  // Cancelled by its semaphore's destruction, on the destroying thread.
  mux_semaphore_t S = semaphore();
  ASSERT_EQ(
      muxDispatch(Queue, tagger(1), nullptr, &S, 1, nullptr, 0, Record, &Calls),
      mux_success);
  EXPECT_EQ(muxWaitAll(Queue), mux_error_invalid_state);
  {
    std::lock_guard<std::mutex> Lock(Calls.Guard);
    EXPECT_TRUE(Calls.Results.empty());
  }
  muxDestroySemaphore(Device, S);
  {
    std::lock_guard<std::mutex> Lock(Calls.Guard);
    EXPECT_EQ(Calls.Results,
              (std::vector<mux_result_t>{mux_error_invalid_state}));
    EXPECT_EQ(Calls.Threads,
              (std::vector<std::thread::id>{std::this_thread::get_id()}));
  }
  EXPECT_TRUE(order().empty());

  // Cancelled by its command buffer's destruction.
  mux_semaphore_t Never = semaphore();
  mux_command_buffer_t CB = tagger(2);
  CBs.pop_back();
  ASSERT_EQ(
      muxDispatch(Queue, CB, nullptr, &Never, 1, nullptr, 0, Record, &Calls),
      mux_success);
  muxDestroyCommandBuffer(Device, CB);
  {
    std::lock_guard<std::mutex> Lock(Calls.Guard);
    EXPECT_EQ(Calls.Results,
              (std::vector<mux_result_t>{mux_error_invalid_state,
                                         mux_error_invalid_state}));
  }
  EXPECT_TRUE(order().empty());
  muxDestroySemaphore(Device, Never);
}

TEST_F(MuxSyncTest, DispatchMisuse) {
  mux_command_buffer_t CB = tagger(1);
  mux_semaphore_t S = semaphore();
  mux_semaphore_t Bad[] = {S, nullptr};
  EXPECT_EQ(
      muxDispatch(Queue, CB, nullptr, nullptr, 1, nullptr, 0, nullptr, nullptr),
      mux_error_null_out_parameter);
  EXPECT_EQ(
      muxDispatch(Queue, CB, nullptr, nullptr, 0, nullptr, 2, nullptr, nullptr),
      mux_error_null_out_parameter);
  EXPECT_EQ(
      muxDispatch(Queue, CB, nullptr, Bad, 2, nullptr, 0, nullptr, nullptr),
      mux_error_invalid_handle);
  EXPECT_NE(std::string(muxGetLastErrorMessage()).find("wait_semaphores[1]"),
            std::string::npos);
  EXPECT_EQ(muxDispatch(Queue, CB, reinterpret_cast<mux_fence_t>(S), nullptr, 0,
                        nullptr, 0, nullptr, nullptr),
            mux_error_invalid_handle);

  mux_device_t Other = createDevice();
  ASSERT_NE(Other, nullptr);
  mux_semaphore_t Foreign;
  mux_fence_t ForeignFence;
  ASSERT_EQ(muxCreateSemaphore(Other, &Foreign), mux_success);
  ASSERT_EQ(muxCreateFence(Other, &ForeignFence), mux_success);
  EXPECT_EQ(muxDispatch(Queue, CB, nullptr, nullptr, 0, &Foreign, 1, nullptr,
                        nullptr),
            mux_error_invalid_value);
  EXPECT_EQ(muxDispatch(Queue, CB, ForeignFence, nullptr, 0, nullptr, 0,
                        nullptr, nullptr),
            mux_error_invalid_value);
  EXPECT_EQ(muxTryWait(Queue, 0, ForeignFence), mux_error_invalid_value);
  muxDestroySemaphore(Other, Foreign);
  muxDestroyFence(Other, ForeignFence);
  muxDestroyDevice(Other);

  ASSERT_EQ(muxWaitAll(Queue), mux_success);
  EXPECT_TRUE(order().empty()) << "a refused dispatch ran";
  muxDestroySemaphore(Device, S);
}

TEST_F(MuxSyncTest, SyncObjectMisuse) {
  mux_semaphore_t S;
  mux_fence_t F;
  EXPECT_EQ(muxCreateSemaphore(nullptr, &S), mux_error_invalid_handle);
  EXPECT_EQ(muxCreateSemaphore(Device, nullptr), mux_error_null_out_parameter);
  EXPECT_EQ(muxCreateFence(nullptr, &F), mux_error_invalid_handle);
  EXPECT_EQ(muxCreateFence(Device, nullptr), mux_error_null_out_parameter);
  EXPECT_EQ(muxResetSemaphore(nullptr), mux_error_invalid_handle);
  EXPECT_EQ(muxResetFence(nullptr), mux_error_invalid_handle);
  EXPECT_EQ(muxTryWait(Queue, 0, nullptr), mux_error_invalid_handle);
  EXPECT_EQ(muxTryWait(nullptr, 0, nullptr), mux_error_invalid_handle);
  ASSERT_EQ(muxCreateFence(Device, &F), mux_success);
  EXPECT_EQ(muxResetSemaphore(reinterpret_cast<mux_semaphore_t>(F)),
            mux_error_invalid_handle);
  muxDestroySemaphore(Device, nullptr); // Ignored.
  muxDestroyFence(Device, F);
}

TEST_F(MuxSyncTest, ManyThreadsDispatchingAtOnce) {
  // Each thread fills its own buffer with its own pattern over and over
  // through its own command buffers, and reads it back every time.
  constexpr unsigned Threads = 4, Rounds = 50, Bytes = 4096;
  std::vector<std::thread> Pool;
  std::vector<unsigned> Mismatches(Threads, 0);
  for (unsigned T = 0; T < Threads; ++T)
    Pool.emplace_back([&, T] {
      mux_memory_t Memory;
      mux_buffer_t Buffer;
      if (muxAllocateMemory(Device, Bytes, 0, mux_memory_property_host_coherent,
                            &Memory) != mux_success ||
          muxCreateBuffer(Device, Bytes, &Buffer) != mux_success ||
          muxBindBufferMemory(Device, Memory, Buffer, 0) != mux_success) {
        Mismatches[T] = Rounds;
        return;
      }
      std::vector<uint8_t> Out(Bytes);
      for (unsigned R = 0; R < Rounds; ++R) {
        uint8_t Pattern = static_cast<uint8_t>(T * 64 + R);
        mux_command_buffer_t CB;
        mux_fence_t Fence;
        bool Ok = muxCreateCommandBuffer(Device, &CB) == mux_success &&
                  muxCreateFence(Device, &Fence) == mux_success &&
                  muxCommandFillBuffer(CB, Buffer, 0, Bytes, &Pattern, 1) ==
                      mux_success &&
                  muxCommandReadBuffer(CB, Buffer, 0, Out.data(), Bytes) ==
                      mux_success &&
                  muxFinalizeCommandBuffer(CB) == mux_success &&
                  muxDispatch(Queue, CB, Fence, nullptr, 0, nullptr, 0, nullptr,
                              nullptr) == mux_success &&
                  muxTryWait(Queue, UINT64_MAX, Fence) == mux_success;
        for (uint8_t Byte : Out)
          Ok = Ok && Byte == Pattern;
        Mismatches[T] += !Ok;
        muxDestroyFence(Device, Fence);
        muxDestroyCommandBuffer(Device, CB);
      }
      muxDestroyBuffer(Device, Buffer);
      muxFreeMemory(Device, Memory);
    });
  for (std::thread &Each : Pool)
    Each.join();
  EXPECT_EQ(Mismatches, std::vector<unsigned>(Threads, 0));
}

} // namespace
