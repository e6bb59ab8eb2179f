// jemalloc replaces malloc for the whole process (libraries included) by being linked: nothing is called through
// this module. Its settings are `malloc_conf` in Sources/CAllocatorSettings; docs/decisions.md says why.
#include <jemalloc/jemalloc.h>
