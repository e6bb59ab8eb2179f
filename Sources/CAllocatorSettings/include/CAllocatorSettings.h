#pragma once

/// The allocator's settings, compiled into the server (jemalloc reads the `malloc_conf` symbol at its first call;
/// the `MALLOC_CONF` environment variable still overrides them, for measurements). Returns them, for `--help` and
/// the tests.
const char *pr_allocator_settings(void);
