/* Layout of a memcov shared-memory region, shared by libmemcov.so, libbpcov.so and memcov/shm.py.
 *
 * A region is one POSIX shm object: a fixed-size header, then one byte per entry (edge or block),
 * then (breakpoint worker maps only) a log of fired entry indices.  The parent creates every
 * region and fills magic/capacity/log_offset; a worker only maps it, so a worker that dies keeps
 * everything it wrote.  Byte values: 0 = not hit, 1 = hit, 2 = excluded as flaky (global map).
 */
#ifndef MEMCOV_H
#define MEMCOV_H
#include <stdint.h>

#define MEMCOV_MAGIC 0x32766f636d656dULL /* "memcov2" */
#define MEMCOV_HEADER_SIZE 65536u
#define MEMCOV_MAX_MODULES 200u
#define MEMCOV_PATH_MAX 256u

enum { MEMCOV_UNCOVERED = 0, MEMCOV_COVERED = 1, MEMCOV_EXCLUDED = 2 };

struct memcov_module {
  uint64_t first;               /* index of the module's first entry in the map */
  uint64_t count;
  char path[MEMCOV_PATH_MAX];
};

struct memcov_header {
  uint64_t magic;
  uint64_t capacity;            /* entries the map has room for */
  uint64_t used;                /* sancov: edges assigned so far; breakpoint: blocks */
  uint64_t nlog;                /* breakpoint: fired indices written to the log (may exceed capacity) */
  uint64_t log_offset;          /* breakpoint: byte offset of the uint32 log, 0 if none */
  uint64_t nmodules;
  struct memcov_module modules[MEMCOV_MAX_MODULES];
};

_Static_assert(sizeof(struct memcov_header) < MEMCOV_HEADER_SIZE, "header overflows its page");

static inline uint8_t *memcov_entries(struct memcov_header *h) {
  return (uint8_t *)h + MEMCOV_HEADER_SIZE;
}

#endif
