/*===- mux/mux.h - Loom's reference driver API
 * -----------------------------===*/
/**
 * \file
 * The C API of the reference driver, in the style of ComputeMux: devices,
 * memory, buffers, executables (ELF objects made by a Loom target), kernels,
 * command buffers and queues. Every entry point validates its arguments and
 * returns a mux_result_t; none aborts on bad input. When an entry point fails,
 * muxGetLastErrorMessage() says why, for the calling thread.
 *
 * Typical use: muxGetDeviceInfos + muxCreateDevices; muxAllocateMemory +
 * muxCreateBuffer + muxBindBufferMemory per buffer; muxCreateExecutable from
 * a binary + muxCreateKernel by name; record write, ND-range and read
 * commands into a command buffer, muxFinalizeCommandBuffer, muxDispatch it
 * to the device's queue and muxWaitAll.
 *
 * Thread safety: distinct objects may be used from distinct threads; one
 * command buffer must not be recorded into from two threads at once.
 */

#ifndef MUX_MUX_H
#define MUX_MUX_H

#include "metadata/image.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum mux_result_e {
  mux_success = 0,
  /** An argument that must not be null is null. */
  mux_error_null_out_parameter = 1,
  /** A handle is null or is not an object of the expected kind. */
  mux_error_invalid_handle = 2,
  /** A size, offset, count or option is out of range. */
  mux_error_invalid_value = 3,
  mux_error_out_of_memory = 4,
  /** The binary is not a well-formed Loom ELF object. */
  mux_error_invalid_binary = 5,
  /** The binary is for another kernel ABI version or machine. */
  mux_error_unsupported_binary = 6,
  /** No kernel of that name in the executable. */
  mux_error_missing_kernel = 7,
  /** ND-range arguments do not match the kernel's parameters. */
  mux_error_invalid_kernel_arguments = 8,
  /** The object is in the wrong state (e.g. recording a finalized command
      buffer, destroying one still executing). */
  mux_error_invalid_state = 9,
  /** The launch exceeds a device limit or breaks a kernel requirement. */
  mux_error_invalid_work_group_size = 10,
  /** Not an error: muxTryWait's fence was not signalled in time. */
  mux_fence_not_ready = 11,
  /** A kernel faulted: it stopped at a trap (code no well-defined run
      reaches), raised an arithmetic exception, or accessed memory that is
      none of its own (with bounds-checked buffers, LOOM_CHECK_BOUNDS=1, an
      access past a buffer is said to be so). Its command buffer stopped
      there, and muxGetLastErrorMessage names the kernel and the fault (the
      address, or for a bounds fault the argument and the offset). */
  mux_error_kernel_fault = 12
} mux_result_t;

typedef struct mux_device_info_s {
  const char *device_name;
  uint32_t compute_units;
  uint32_t max_work_group_size[3];
  uint32_t max_work_items_per_group;
  uint32_t address_bits;
  /** The host's physical memory, in bytes. */
  uint64_t memory_size;
  /** Bytes of __local memory one work-group may use: its kernel-scope
      __local variables plus its __local pointer arguments. */
  uint64_t local_memory_size;
  /** Bytes of stack a work-group may use on the thread running it: its
      kernel's private memory plus what each work-item keeps live across
      barriers, times the work-group size (the kernel descriptor's stack
      fields). A launch that needs more is refused. LOOM_WORK_GROUP_STACK_MIB
      sets the threads' stacks (64 MiB by default). */
  uint64_t work_group_stack_size;
  /** The OpenCL C version and the extensions and OpenCL C 3.0 features the
      device runs binaries built with, space-separated, as Clang's -cl-ext
      names them (the set the compiler reports, checked against it by the
      compiler's tests). */
  const char *builtin_features;
  /** The mux_memory_property_e flags memory may be allocated with. */
  uint32_t memory_properties;
  /** Bytes of printf records one ND-range may leave (muxCommandNDRange). */
  uint32_t printf_buffer_size;
} mux_device_info_s;

/** Properties of memory, for muxAllocateMemory. */
typedef enum mux_memory_property_e {
  /** The host may map it (muxMapMemory). */
  mux_memory_property_host_visible = 1,
  /** Host and device writes are visible to each other without flushes. */
  mux_memory_property_coherent = 2,
  /** Both: what a host program usually wants. */
  mux_memory_property_host_coherent = 3,
  /** Mapped, it is at the address kernels see it at, as long as it lives:
      a pointer into it that the host stores there is one kernels can
      follow, and the other way round (OpenCL's shared virtual memory). */
  mux_memory_property_shared_address = 4,
  /** Kernels' atomic operations on it are atomic with the host's, and a
      dispatched kernel runs while the host thread that dispatched it goes
      on: the host and a running kernel may synchronize through it
      (OpenCL's SVM atomics). */
  mux_memory_property_host_atomics = 8,
} mux_memory_property_e;
typedef const mux_device_info_s *mux_device_info_t;

typedef struct mux_device_s *mux_device_t;
typedef struct mux_memory_s *mux_memory_t;
typedef struct mux_buffer_s *mux_buffer_t;
typedef struct mux_image_s *mux_image_t;
typedef struct mux_executable_s *mux_executable_t;
typedef struct mux_kernel_s *mux_kernel_t;
typedef struct mux_command_buffer_s *mux_command_buffer_t;
typedef struct mux_queue_s *mux_queue_t;
typedef struct mux_query_pool_s *mux_query_pool_t;
typedef struct mux_semaphore_s *mux_semaphore_t;
typedef struct mux_fence_s *mux_fence_t;

/** The text of the calling thread's last error ("" if none). */
const char *muxGetLastErrorMessage(void);

/**
 * Lists the devices. With \p infos null, only \p out_count is written.
 * \return mux_success; mux_error_null_out_parameter if both \p infos and
 * \p out_count are null; mux_error_invalid_value if \p infos is given with
 * \p count 0.
 */
mux_result_t muxGetDeviceInfos(uint32_t count, mux_device_info_t *infos,
                               uint32_t *out_count);

/**
 * Creates one device per info. \return mux_success;
 * mux_error_null_out_parameter (\p infos or \p out_devices null);
 * mux_error_invalid_value (\p count 0 or an unknown info);
 * mux_error_out_of_memory.
 */
mux_result_t muxCreateDevices(uint32_t count, const mux_device_info_t *infos,
                              mux_device_t *out_devices);

/** Waits for the device's queue, then destroys it. Null is ignored. */
void muxDestroyDevice(mux_device_t device);

/** What a printf callback receives. */
typedef enum mux_printf_kind_e {
  /** The records an ND-range printed, formatted: work-group by work-group,
      each work-item's lines together, in order. */
  mux_printf_output = 0,
  /** A warning: the printf buffer filled up, and later records were
      dropped (printf returned -1 for them). */
  mux_printf_dropped = 1
} mux_printf_kind_e;

typedef void (*mux_printf_callback_t)(mux_printf_kind_e kind, const char *text,
                                      size_t size, void *user_data);

/**
 * Sets where the printf output of \p device's ND-ranges goes: after each
 * ND-range that printed, \p callback(mux_printf_output, text, size,
 * user_data) on the queue's thread, then, if records were dropped,
 * \p callback(mux_printf_dropped, warning, size, user_data). With no
 * callback (the default, or \p callback null) the output goes to the
 * process's standard output, as OpenCL's printf writes it, and the
 * warning is not written anywhere: the driver prints nothing of its own.
 * Set it while no command buffer of the device runs.
 * \return mux_success; mux_error_invalid_handle.
 */
mux_result_t muxSetPrintfCallback(mux_device_t device,
                                  mux_printf_callback_t callback,
                                  void *user_data);

/**
 * Allocates \p size bytes of memory aligned to \p alignment (a power of
 * two; 0 means 64) with \p properties, mux_memory_property_e flags among
 * the device's memory_properties (0: device-only memory, which cannot be
 * mapped). \return mux_success; mux_error_invalid_handle;
 * mux_error_null_out_parameter; mux_error_invalid_value (size 0, bad
 * alignment, a property the device lacks); mux_error_out_of_memory.
 */
mux_result_t muxAllocateMemory(mux_device_t device, uint64_t size,
                               uint64_t alignment, uint32_t properties,
                               mux_memory_t *out_memory);
/** Releases memory. Its bytes stay while a buffer bound to it, or a
    recorded command using such a buffer, exists: buffers bound to it keep
    working, and a command buffer recorded before runs as recorded. */
void muxFreeMemory(mux_device_t device, mux_memory_t memory);

/**
 * Maps [offset, offset + size) of \p memory for the host. \return
 * mux_success; mux_error_invalid_handle; mux_error_null_out_parameter;
 * mux_error_invalid_value (range outside the memory, or memory allocated
 * without mux_memory_property_host_visible).
 */
mux_result_t muxMapMemory(mux_device_t device, mux_memory_t memory,
                          uint64_t offset, uint64_t size, void **out_data);
/** \return mux_success; mux_error_invalid_handle. */
mux_result_t muxUnmapMemory(mux_device_t device, mux_memory_t memory);

/**
 * Creates a buffer of \p size bytes, not yet bound to memory. \return
 * mux_success; mux_error_invalid_handle; mux_error_null_out_parameter;
 * mux_error_invalid_value (size 0); mux_error_out_of_memory.
 */
mux_result_t muxCreateBuffer(mux_device_t device, uint64_t size,
                             mux_buffer_t *out_buffer);
/**
 * Binds \p buffer to \p memory at \p offset. \return mux_success;
 * mux_error_invalid_handle; mux_error_invalid_value (the buffer does not fit
 * in the memory from \p offset); mux_error_invalid_state (already bound).
 */
mux_result_t muxBindBufferMemory(mux_device_t device, mux_memory_t memory,
                                 mux_buffer_t buffer, uint64_t offset);
/** Destroys a buffer; command buffers recorded with it keep its memory's
    bytes and run as recorded. */
void muxDestroyBuffer(mux_device_t device, mux_buffer_t buffer);

/**
 * An image's shape and format (metadata/image.h says how kernels see it).
 * Sizes a type does not have are 0 or 1; array_size is an array's layers.
 * The pitches are the bytes between rows and between slices or layers (a 1D
 * array's layers are rows): 0 packs them, larger ones leave room.
 */
typedef struct mux_image_desc_s {
  /** loom_image_type, loom_channel_order and loom_channel_type. */
  uint32_t type;
  uint32_t channel_order;
  uint32_t channel_type;
  uint64_t width;
  uint64_t height;
  uint64_t depth;
  uint64_t array_size;
  uint64_t row_pitch;
  uint64_t slice_pitch;
} mux_image_desc_s;

/** The largest sizes of an image, per type (OpenCL's minimums for a
    device with images, or more). */
#define MUX_IMAGE_MAX_1D_WIDTH 65536u
#define MUX_IMAGE_MAX_BUFFER_TEXELS 134217728u
#define MUX_IMAGE_MAX_2D_SIZE 16384u
#define MUX_IMAGE_MAX_3D_SIZE 2048u
#define MUX_IMAGE_MAX_ARRAY_SIZE 2048u

/**
 * Creates an image as \p desc describes it, not yet bound to memory.
 * \return mux_success; mux_error_invalid_handle;
 * mux_error_null_out_parameter; mux_error_invalid_value (an unknown type,
 * a format metadata/image.h does not have, sizes of 0 or past the
 * MUX_IMAGE_MAX_* of the type, pitches smaller than the rows or slices or
 * not multiples of a texel); mux_error_out_of_memory.
 */
mux_result_t muxCreateImage(mux_device_t device, const mux_image_desc_s *desc,
                            mux_image_t *out_image);
/**
 * The layout muxCreateImage chose: the bytes of memory the image needs and
 * its row and slice pitches (any may be null). \return mux_success;
 * mux_error_invalid_handle.
 */
mux_result_t muxGetImageLayout(mux_image_t image, uint64_t *out_size,
                               uint64_t *out_row_pitch,
                               uint64_t *out_slice_pitch);
/**
 * Binds \p image to \p memory at \p offset, a multiple of the image's
 * channel size. \return mux_success; mux_error_invalid_handle;
 * mux_error_invalid_value (the image does not fit, or the offset is
 * misaligned); mux_error_invalid_state (already bound).
 */
mux_result_t muxBindImageMemory(mux_device_t device, mux_memory_t memory,
                                mux_image_t image, uint64_t offset);
/** Destroys an image; command buffers recorded with it keep its memory's
    bytes and its description and run as recorded. */
void muxDestroyImage(mux_device_t device, mux_image_t image);

/**
 * A box of texels of an image: origin and region in texels, the layer of an
 * array in the coordinate after its dimensions (y of a 1D array, z of a 2D
 * array), unused coordinates 0 in the origin and 1 in the region.
 */
typedef struct mux_image_box_s {
  uint64_t origin[3];
  uint64_t region[3];
} mux_image_box_s;

/**
 * Records a copy of \p box of \p image to host memory at \p dst (rows
 * \p row_pitch bytes apart, slices or layers \p slice_pitch apart; 0 packs
 * them), or from host memory at \p src into the box. The host memory must
 * stay valid until the command has run. \return mux_success;
 * mux_error_invalid_handle; mux_error_null_out_parameter (\p box or the
 * host pointer null); mux_error_invalid_value (an empty box or one outside
 * the image, pitches smaller than the box's rows or slices);
 * mux_error_invalid_state (finalized, or the image unbound).
 */
mux_result_t muxCommandReadImage(mux_command_buffer_t command_buffer,
                                 mux_image_t image, const mux_image_box_s *box,
                                 void *dst, uint64_t row_pitch,
                                 uint64_t slice_pitch);
mux_result_t muxCommandWriteImage(mux_command_buffer_t command_buffer,
                                  mux_image_t image, const mux_image_box_s *box,
                                  const void *src, uint64_t row_pitch,
                                  uint64_t slice_pitch);
/**
 * Records a copy of \p box (its origin in \p src) to \p dst at
 * \p dst_origin. The images must have one format. \return as
 * muxCommandReadImage, and mux_error_invalid_value for formats that differ
 * or boxes of one image that overlap.
 */
mux_result_t muxCommandCopyImage(mux_command_buffer_t command_buffer,
                                 mux_image_t src, mux_image_t dst,
                                 const mux_image_box_s *box,
                                 const uint64_t dst_origin[3]);
/**
 * Records filling \p box of \p image with one texel, \p texel: the
 * image's element size in bytes, already in its format. \return as
 * muxCommandReadImage.
 */
mux_result_t muxCommandFillImage(mux_command_buffer_t command_buffer,
                                 mux_image_t image, const void *texel,
                                 const mux_image_box_s *box);
/**
 * Records a copy between \p box of \p image and \p buffer from
 * \p buffer_offset, where the texels lie packed (rows, then slices or
 * layers). \return as muxCommandReadImage, and mux_error_invalid_value for
 * a buffer too small.
 */
mux_result_t muxCommandCopyImageToBuffer(mux_command_buffer_t command_buffer,
                                         mux_image_t image,
                                         const mux_image_box_s *box,
                                         mux_buffer_t buffer,
                                         uint64_t buffer_offset);
mux_result_t muxCommandCopyBufferToImage(mux_command_buffer_t command_buffer,
                                         mux_buffer_t buffer,
                                         uint64_t buffer_offset,
                                         mux_image_t image,
                                         const mux_image_box_s *box);

/**
 * Loads a binary made by a Loom target. The binary is copied; the caller may
 * free it afterwards. \return mux_success; mux_error_invalid_handle;
 * mux_error_null_out_parameter; mux_error_invalid_binary (malformed ELF,
 * missing or malformed kernel descriptors, unresolvable symbol, unsupported
 * relocation: muxGetLastErrorMessage says which); mux_error_unsupported_binary
 * (another ABI version or machine); mux_error_out_of_memory.
 */
mux_result_t muxCreateExecutable(mux_device_t device, const void *binary,
                                 uint64_t binary_size,
                                 mux_executable_t *out_executable);
/** Destroys an executable. Its code stays loaded while a kernel made from
    it, or a command buffer recording one, exists: those keep working. */
void muxDestroyExecutable(mux_device_t device, mux_executable_t executable);

/**
 * Finds kernel \p name (\p name_length bytes, no terminator needed).
 * \return mux_success; mux_error_invalid_handle;
 * mux_error_null_out_parameter; mux_error_missing_kernel.
 */
mux_result_t muxCreateKernel(mux_device_t device, mux_executable_t executable,
                             const char *name, uint64_t name_length,
                             mux_kernel_t *out_kernel);
/** Destroys a kernel; command buffers that recorded it run as recorded. */
void muxDestroyKernel(mux_device_t device, mux_kernel_t kernel);

/** \return mux_success; mux_error_invalid_handle;
    mux_error_null_out_parameter. */
mux_result_t muxGetKernelArgumentCount(mux_kernel_t kernel,
                                       uint32_t *out_count);

/** How muxGetDefaultLocalSize may size work-groups. */
typedef enum mux_local_size_flag_e {
  /** The last group of a dimension may be smaller than the others: the
      launch's global size need not be a multiple of the size chosen (a
      non-uniform range, which muxCommandNDRange runs). */
  mux_local_size_flag_partial_groups = 1,
} mux_local_size_flag_e;

/**
 * The work-group size a launch of \p kernel over \p global_size
 * (\p dimensions values) gets when its caller names none: the kernel's
 * reqd_work_group_size if it has one; else, in the first dimension, the
 * largest divisor of global_size[0] that is at most the cap (256 and the
 * device's limits), and 1 in the others (unused dimensions are 1). With
 * mux_local_size_flag_partial_groups among \p flags (mux_local_size_flag_e
 * values), a divisor under half the cap gives way to the cap itself, or to
 * global_size[0] when that is smaller, the last group running the rest: a
 * prime global size then runs in groups of 256, not of 1.
 * \return mux_success; mux_error_invalid_handle;
 * mux_error_null_out_parameter (\p global_size or \p out_local_size null);
 * mux_error_invalid_value (dimensions not 1-3, a zero size, an unknown
 * flag).
 */
mux_result_t muxGetDefaultLocalSize(mux_device_t device, mux_kernel_t kernel,
                                    uint32_t dimensions,
                                    const uint64_t *global_size, uint32_t flags,
                                    uint64_t out_local_size[3]);

/** \return mux_success; mux_error_invalid_handle;
    mux_error_null_out_parameter; mux_error_invalid_value (index not 0). */
mux_result_t muxGetQueue(mux_device_t device, uint32_t index,
                         mux_queue_t *out_queue);

/** \return mux_success; mux_error_invalid_handle;
    mux_error_null_out_parameter; mux_error_out_of_memory. */
mux_result_t muxCreateCommandBuffer(mux_device_t device,
                                    mux_command_buffer_t *out_command_buffer);
/** Destroys a command buffer that is not executing. */
void muxDestroyCommandBuffer(mux_device_t device,
                             mux_command_buffer_t command_buffer);

/**
 * Records a copy of \p size bytes from \p host_pointer into \p buffer at
 * \p offset. The bytes are read when the command executes. \return
 * mux_success; mux_error_invalid_handle; mux_error_null_out_parameter
 * (\p host_pointer null); mux_error_invalid_value (size 0 or range outside
 * the buffer); mux_error_invalid_state (finalized, or buffer unbound).
 */
mux_result_t muxCommandWriteBuffer(mux_command_buffer_t command_buffer,
                                   mux_buffer_t buffer, uint64_t offset,
                                   const void *host_pointer, uint64_t size);
/** Like muxCommandWriteBuffer, from \p buffer to \p host_pointer. */
mux_result_t muxCommandReadBuffer(mux_command_buffer_t command_buffer,
                                  mux_buffer_t buffer, uint64_t offset,
                                  void *host_pointer, uint64_t size);

/**
 * Records a copy of \p size bytes from \p src at \p src_offset to \p dst at
 * \p dst_offset (overlapping ranges of one buffer are copied as memmove
 * would). \return mux_success; mux_error_invalid_handle;
 * mux_error_invalid_value (size 0 or a range outside its buffer);
 * mux_error_invalid_state (finalized, or a buffer unbound).
 */
mux_result_t muxCommandCopyBuffer(mux_command_buffer_t command_buffer,
                                  mux_buffer_t src, uint64_t src_offset,
                                  mux_buffer_t dst, uint64_t dst_offset,
                                  uint64_t size);

/**
 * Records filling \p size bytes of \p buffer from \p offset with
 * \p pattern (\p pattern_size bytes, a power of two up to 128; copied now)
 * repeated. \return mux_success; mux_error_invalid_handle;
 * mux_error_null_out_parameter (\p pattern null); mux_error_invalid_value
 * (bad pattern size, offset or size not a multiple of it, range outside the
 * buffer); mux_error_invalid_state.
 */
mux_result_t muxCommandFillBuffer(mux_command_buffer_t command_buffer,
                                  mux_buffer_t buffer, uint64_t offset,
                                  uint64_t size, const void *pattern,
                                  uint64_t pattern_size);

/**
 * A box of bytes in a buffer seen as slices of rows: `region` is the width
 * in bytes, the rows and the slices; an origin is a byte, a row and a slice;
 * a pitch is the bytes from one row to the next and from one slice to the
 * next (0 means tightly packed).
 */
typedef struct mux_buffer_region_info_s {
  uint64_t region[3];
  uint64_t src_origin[3];
  uint64_t dst_origin[3];
  uint64_t src_pitch[2];
  uint64_t dst_pitch[2];
} mux_buffer_region_info_s;

/**
 * Records a copy of a 1-, 2- or 3-D box from \p src to \p dst. \return
 * mux_success; mux_error_invalid_handle; mux_error_null_out_parameter
 * (\p region null); mux_error_invalid_value (an empty box, pitches smaller
 * than the box, a box outside its buffer, overlapping boxes of one buffer);
 * mux_error_invalid_state.
 */
mux_result_t muxCommandCopyBufferRegion(mux_command_buffer_t command_buffer,
                                        mux_buffer_t src, mux_buffer_t dst,
                                        const mux_buffer_region_info_s *region);

typedef void (*mux_command_user_callback_t)(mux_queue_t queue,
                                            mux_command_buffer_t command_buffer,
                                            void *user_data);

/**
 * Records a call of \p callback(queue, command_buffer, user_data) on the
 * queue's thread, after the commands before it and before those after it.
 * \return mux_success; mux_error_invalid_handle;
 * mux_error_null_out_parameter (\p callback null); mux_error_invalid_state.
 */
mux_result_t muxCommandUserCallback(mux_command_buffer_t command_buffer,
                                    mux_command_user_callback_t callback,
                                    void *user_data);

/**
 * Creates a pool of \p count duration queries: each measures, in
 * nanoseconds, the time between its begin and end commands as the queue
 * executes them. \return mux_success; mux_error_invalid_handle;
 * mux_error_null_out_parameter; mux_error_invalid_value (count 0 or over
 * 65536); mux_error_out_of_memory.
 */
mux_result_t muxCreateQueryPool(mux_device_t device, uint32_t count,
                                mux_query_pool_t *out_query_pool);
/** Destroys a pool no command buffer in flight uses. */
void muxDestroyQueryPool(mux_device_t device, mux_query_pool_t query_pool);

/** Records the start (or the end) of query \p index. \return mux_success;
    mux_error_invalid_handle; mux_error_invalid_value (index out of range);
    mux_error_invalid_state (finalized). */
mux_result_t muxCommandBeginQuery(mux_command_buffer_t command_buffer,
                                  mux_query_pool_t query_pool, uint32_t index);
mux_result_t muxCommandEndQuery(mux_command_buffer_t command_buffer,
                                mux_query_pool_t query_pool, uint32_t index);

/**
 * Reads the durations (ns) of queries [first, first + count) once the
 * command buffers holding them have finished (muxWaitAll). \return
 * mux_success; mux_error_invalid_handle; mux_error_null_out_parameter;
 * mux_error_invalid_value (range outside the pool); mux_error_invalid_state
 * (a query has not both begun and ended).
 */
mux_result_t muxGetQueryPoolResults(mux_query_pool_t query_pool, uint32_t first,
                                    uint32_t count, uint64_t *out_durations_ns);

typedef enum mux_descriptor_info_type_e {
  mux_descriptor_info_type_buffer = 0,
  mux_descriptor_info_type_plain_old_data = 1,
  /** A __local pointer argument: `data_size` bytes of local memory, given
      to each work-group separately. */
  mux_descriptor_info_type_shared_local_buffer = 2,
  /** An image argument: `image`, bound to memory. */
  mux_descriptor_info_type_image = 3,
  /** A sampler argument: its LOOM_SAMPLER_* bits in `sampler`. */
  mux_descriptor_info_type_sampler = 4
} mux_descriptor_info_type_e;

/** One kernel argument: a buffer (global/constant pointer; a null `buffer`,
    with `buffer_offset` 0, passes a null pointer), bytes passed by value, a
    size of local memory, an image or a sampler. */
typedef struct mux_descriptor_info_s {
  mux_descriptor_info_type_e type;
  mux_buffer_t buffer;
  uint64_t buffer_offset;
  const void *data;
  uint64_t data_size;
  mux_image_t image;
  uint32_t sampler;
} mux_descriptor_info_s;

typedef struct mux_ndrange_options_s {
  const mux_descriptor_info_s *descriptors;
  uint64_t descriptors_length;
  /** Work-group size per dimension; unused dimensions must be 1. */
  uint64_t local_size[3];
  /** Null for no offset, else `dimensions` values. */
  const uint64_t *global_offset;
  /** `dimensions` values. One that the local size does not divide makes
      the launch non-uniform (as OpenCL 2.0's): the last work-group of that
      dimension has the rest, get_local_size says how many, and
      get_enqueued_local_size gives local_size. */
  const uint64_t *global_size;
  uint32_t dimensions;
} mux_ndrange_options_s;

/**
 * Records a launch of \p kernel. Arguments are checked against the kernel's
 * descriptor and copied. \return mux_success; mux_error_invalid_handle;
 * mux_error_null_out_parameter (\p options null); mux_error_invalid_value
 * (dimensions not 1-3, zero sizes, more local memory than the device has);
 * mux_error_invalid_kernel_arguments (wrong count, kind or size);
 * mux_error_invalid_work_group_size (over the device limit, not the
 * kernel's required size, or needing more stack than the device's
 * work_group_stack_size); mux_error_invalid_state (finalized).
 *
 * A kernel that calls printf gets a buffer for the launch (1 MiB, or
 * LOOM_PRINTF_BUFFER_SIZE bytes); when the launch ends its output goes
 * where muxSetPrintfCallback says (stdout by default), work-group by
 * work-group, each work-item's lines together in order. Output past the
 * buffer is dropped (printf returns -1), and the callback is told.
 */
mux_result_t muxCommandNDRange(mux_command_buffer_t command_buffer,
                               mux_kernel_t kernel,
                               const mux_ndrange_options_s *options);

/** Ends recording. \return mux_success; mux_error_invalid_handle;
    mux_error_invalid_state (already finalized). */
mux_result_t muxFinalizeCommandBuffer(mux_command_buffer_t command_buffer);

/** Creates an unsignalled semaphore of \p device. \return mux_success;
    mux_error_invalid_handle; mux_error_null_out_parameter;
    mux_error_out_of_memory. */
mux_result_t muxCreateSemaphore(mux_device_t device,
                                mux_semaphore_t *out_semaphore);
/** Waits until no dispatch that can still run uses \p semaphore, cancels
    the blocked ones that do, and frees it. Invalid handles are ignored. */
void muxDestroySemaphore(mux_device_t device, mux_semaphore_t semaphore);
/** Makes \p semaphore unsignalled again: waiting does not consume a signal.
    \return mux_success; mux_error_invalid_handle. */
mux_result_t muxResetSemaphore(mux_semaphore_t semaphore);

/** Creates an unsignalled fence of \p device. \return mux_success;
    mux_error_invalid_handle; mux_error_null_out_parameter;
    mux_error_out_of_memory. */
mux_result_t muxCreateFence(mux_device_t device, mux_fence_t *out_fence);
/** Like muxDestroySemaphore, for a fence. */
void muxDestroyFence(mux_device_t device, mux_fence_t fence);
/** Makes \p fence unsignalled again. \return mux_success;
    mux_error_invalid_handle. */
mux_result_t muxResetFence(mux_fence_t fence);

/** What muxDispatch calls once a dispatch is done: \p result is
    mux_success, mux_error_kernel_fault (a kernel fault stopped the command
    buffer) or mux_error_invalid_state (it never ran). */
typedef void (*mux_dispatch_callback_t)(mux_command_buffer_t command_buffer,
                                        mux_result_t result, void *user_data);

/**
 * Queues a finalized command buffer to run asynchronously. A queue runs one
 * command buffer at a time: the earliest dispatched one whose
 * \p wait_semaphores are all signalled, so dispatches without semaphores run
 * in dispatch order and one that waits lets later ready ones pass. When it
 * finishes, its \p signal_semaphores and \p fence (either may be null/empty)
 * become signalled. Semaphores and the fence must belong to the queue's
 * device.
 *
 * \p user_function, unless null, is called with \p user_data once for the
 * dispatch: on the queue's thread once the command buffer has run, before
 * its fence and semaphores are signalled (a host that waited for either
 * finds the call made), or, for a dispatch that can never run (a
 * semaphore or fence it uses, or its device, was destroyed while it
 * waited), with mux_error_invalid_state on the destroying thread. It must
 * not wait for the queue (muxTryWait, muxWaitAll, destroying an object a
 * dispatch uses): the queue runs nothing until it returns.
 *
 * \return mux_success; mux_error_invalid_handle (the queue, command
 * buffer, fence or a semaphore); mux_error_null_out_parameter (a null array
 * with a non-zero length); mux_error_invalid_value (an object of another
 * device); mux_error_invalid_state (not finalized). The function is not
 * called when the dispatch is refused.
 */
mux_result_t muxDispatch(
    mux_queue_t queue, mux_command_buffer_t command_buffer, mux_fence_t fence,
    const mux_semaphore_t *wait_semaphores, uint32_t wait_semaphores_length,
    const mux_semaphore_t *signal_semaphores, uint32_t signal_semaphores_length,
    mux_dispatch_callback_t user_function, void *user_data);

/**
 * Waits up to \p timeout nanoseconds (0 polls, UINT64_MAX waits for ever)
 * for \p fence. It returns early, unsignalled, when no dispatch that can
 * still run will signal the fence. \return mux_success (signalled);
 * mux_fence_not_ready; mux_error_kernel_fault (signalled, by a command
 * buffer a kernel fault stopped); mux_error_invalid_handle;
 * mux_error_invalid_value (a fence of another device).
 */
mux_result_t muxTryWait(mux_queue_t queue, uint64_t timeout, mux_fence_t fence);

/** Waits until every command buffer dispatched to \p queue has finished.
    \return mux_success; mux_error_kernel_fault (a kernel fault stopped a
    command buffer since the last muxWaitAll; said once);
    mux_error_invalid_handle; mux_error_invalid_state (dispatches are left
    that wait on semaphores nothing queued will signal: they stay queued
    until one is). */
mux_result_t muxWaitAll(mux_queue_t queue);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* MUX_MUX_H */
