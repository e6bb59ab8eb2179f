#include "CAllocatorSettings.h"

// One arena: every thread's frees go back to the pages the cache's entries share, instead of each thread keeping
// its own (glibc's arenas and jemalloc's per-CPU arenas held 20-28 MiB of free memory under the soak). A background
// thread returns pages freed for a second to the kernel, so memory follows what is in use without a request paying
// for it. Each thread keeps freed blocks up to 256 KiB (a 256 px surface) for its next image: past jemalloc's
// default of 32 KiB every surface went to the arena and back, and a PNG miss cost 1.34 x the CPU glibc's did.
// Figures: docs/decisions.md, "jemalloc with one arena".
const char *malloc_conf =
    "narenas:1,tcache_max:262144,background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0";

const char *pr_allocator_settings(void) { return malloc_conf; }
