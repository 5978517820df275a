/* libmemcov.so: the SanitizerCoverage trace-pc-guard runtime and the coverage-map utilities.
 *
 * Every instrumented DSO links this library as a shared dependency, so all of them draw edge ids
 * from the one counter in the region header and write into the one map.  The map is the POSIX
 * shm object named by $MEMCOV_SHM (created by the parent), so the edges of a worker that crashes
 * or is killed stay readable by the parent.  Without $MEMCOV_SHM (an instrumented program run
 * outside tzer) the map is anonymous memory and coverage is simply not exported.
 */
#define _GNU_SOURCE
#include "memcov.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define API __attribute__((visibility("default")))
#define DEFAULT_CAPACITY (1ull << 24)

/* Guards are 0 until their DSO's init ran; g_map[0] is a sink for them.  Once a region is mapped,
 * g_map points one byte before the entries so that g_map[id] is entry id - 1 and g_map[0] is the
 * header's last (unused) byte. */
static uint8_t g_sink;
static uint8_t *g_map = &g_sink;
static struct memcov_header *g_hdr;

static void die(const char *msg, const char *detail) {
  fprintf(stderr, "[memcov] fatal: %s%s%s\n", msg, detail ? ": " : "", detail ? detail : "");
  abort();
}

static struct memcov_header *map_named(const char *name) {
  int fd = shm_open(name, O_RDWR, 0);
  if (fd < 0) die("cannot open the coverage map named by MEMCOV_SHM", name);
  struct stat st;
  if (fstat(fd, &st) || (uint64_t)st.st_size < MEMCOV_HEADER_SIZE) die("coverage map too small", name);
  void *p = mmap(NULL, st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  if (p == MAP_FAILED) die("cannot map the coverage map", name);
  struct memcov_header *h = p;
  if (h->magic != MEMCOV_MAGIC || MEMCOV_HEADER_SIZE + h->capacity > (uint64_t)st.st_size)
    die("MEMCOV_SHM does not name a memcov map", name);
  return h;
}

static struct memcov_header *map_anonymous(void) {
  const char *env = getenv("MEMCOV_MAX_EDGES");
  uint64_t cap = env ? strtoull(env, NULL, 0) : DEFAULT_CAPACITY;
  void *p = mmap(NULL, MEMCOV_HEADER_SIZE + cap, PROT_READ | PROT_WRITE,
                 MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) die("cannot allocate the coverage map", NULL);
  struct memcov_header *h = p;
  h->magic = MEMCOV_MAGIC;
  h->capacity = cap;
  return h;
}

/* Ids restart at 1 in every process, so a worker and its replacement give the same ids to the same
 * edges as long as they load the instrumented DSOs in the same order.  Clearing the entries is the
 * parent's job: it knows how many the previous worker used. */
static void ensure_map(void) {
  if (g_hdr) return;
  const char *name = getenv("MEMCOV_SHM");
  struct memcov_header *h = name && *name ? map_named(name) : map_anonymous();
  h->used = 0;
  h->nmodules = 0;
  g_hdr = h;
  g_map = memcov_entries(h) - 1;
}

static void record_module(const void *addr, uint64_t first, uint64_t count) {
  if (g_hdr->nmodules >= MEMCOV_MAX_MODULES) return;  /* ids still work; only the listing is short */
  struct memcov_module *m = &g_hdr->modules[g_hdr->nmodules];
  Dl_info info;
  const char *path = dladdr(addr, &info) && info.dli_fname ? info.dli_fname : "?";
  m->first = first;
  m->count = count;
  snprintf(m->path, sizeof m->path, "%s", path);
  g_hdr->nmodules++;
}

API void __sanitizer_cov_trace_pc_guard_init(uint32_t *start, uint32_t *stop) {
  if (start == stop || *start) return;  /* called once per DSO, and again by each of its ctors */
  ensure_map();
  uint64_t n = stop - start, first = g_hdr->used;
  if (first + n > g_hdr->capacity) die("edge capacity exceeded; raise MEMCOV_MAX_EDGES", NULL);
  for (uint64_t i = 0; i < n; i++) start[i] = (uint32_t)(first + i + 1);
  g_hdr->used = first + n;
  record_module(start, first, n);
}

/* Off while the harness does its own work around a test (see memcov_record). */
static volatile int g_recording = 1;

API void __sanitizer_cov_trace_pc_guard(uint32_t *guard) {
  if (g_recording) g_map[*guard] = 1;
}

/* Edges run while recording is off are not the test's: they stay unrecorded, so the first test
 * that really reaches them still counts them.  Returns the previous setting. */
API int memcov_record(int on) {
  int previous = g_recording;
  g_recording = on;
  return previous;
}

/* Maps the region now rather than at the first instrumented DSO, so that a broken $MEMCOV_SHM
 * fails at attach time.  Returns the number of edges assigned so far. */
API uint64_t memcov_attach(void) {
  ensure_map();
  return g_hdr->used;
}

/* ---------------- map utilities (used by every backend, from the parent) ---------------- */

static inline uint64_t load8(const uint8_t *p) { uint64_t w; memcpy(&w, p, 8); return w; }
static inline void store8(uint8_t *p, uint64_t w) { memcpy(p, &w, 8); }

/* 0x80 in every nonzero byte of w, 0 elsewhere. */
static inline uint64_t nonzero_bytes(uint64_t w) {
  const uint64_t low7 = 0x7f7f7f7f7f7f7f7fULL;
  return (((w & low7) + low7) | w) & ~low7;
}

/* global |= current, 8 entries per step.  An entry is new when it is hit and global is 0; excluded
 * (2) and covered (1) entries of global are left as they are. */
API uint64_t memcov_merge(const uint8_t *cur, uint8_t *glob, uint64_t n) {
  uint64_t fresh = 0, i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t g = load8(glob + i);
    uint64_t add = nonzero_bytes(load8(cur + i)) & ~nonzero_bytes(g);
    if (!add) continue;
    fresh += __builtin_popcountll(add);
    store8(glob + i, g | (add >> 7));
  }
  for (; i < n; i++)
    if (cur[i] && !glob[i]) { glob[i] = MEMCOV_COVERED; fresh++; }
  return fresh;
}

/* The same merge for a list of hit indices; indices >= n are ignored. */
API uint64_t memcov_merge_indices(const uint32_t *idx, uint64_t k, uint8_t *glob, uint64_t n) {
  uint64_t fresh = 0;
  for (uint64_t j = 0; j < k; j++) {
    uint32_t i = idx[j];
    if (i < n && !glob[i]) { glob[i] = MEMCOV_COVERED; fresh++; }
  }
  return fresh;
}

API void memcov_clear_indices(uint8_t *map, const uint32_t *idx, uint64_t k, uint64_t n) {
  for (uint64_t j = 0; j < k; j++)
    if (idx[j] < n) map[idx[j]] = 0;
}

API uint64_t memcov_count(const uint8_t *map, uint64_t n, uint8_t value) {
  uint64_t c = 0;
  for (uint64_t i = 0; i < n; i++) c += map[i] == value;
  return c;
}
