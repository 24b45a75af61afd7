//===- MuxDeviceTest.h - A fixture owning one mux device -------*- C++ -*-===//
///
/// \file
/// The base of the mux unit-test fixtures: one device and its queue, made
/// before each test and destroyed after it, once the fixture's own objects
/// are gone.
///
//===----------------------------------------------------------------------===//

#ifndef LOOM_TEST_UNIT_MUX_MUXDEVICETEST_H
#define LOOM_TEST_UNIT_MUX_MUXDEVICETEST_H

#include "mux/mux.h"

#include <gtest/gtest.h>

class MuxDeviceTest : public ::testing::Test {
protected:
  void SetUp() override {
    Device = createDevice();
    ASSERT_NE(Device, nullptr);
    ASSERT_EQ(muxGetQueue(Device, 0, &Queue), mux_success);
  }
  void TearDown() override { muxDestroyDevice(Device); }

  /// A new device of the only kind there is; null on failure.
  static mux_device_t createDevice() {
    mux_device_info_t Info;
    mux_device_t New = nullptr;
    EXPECT_EQ(muxGetDeviceInfos(1, &Info, nullptr), mux_success);
    EXPECT_EQ(muxCreateDevices(1, &Info, &New), mux_success);
    return New;
  }

  mux_device_t Device = nullptr;
  mux_queue_t Queue = nullptr;
};

#endif // LOOM_TEST_UNIT_MUX_MUXDEVICETEST_H
