#ifndef PROGRESS_RINGS_CTESTSPAWN_H
#define PROGRESS_RINGS_CTESTSPAWN_H

// How the tests start other programs without handing them descriptors of the test process. Foundation's Process
// closes the test process's descriptors in the child one by one from a list read before the spawn, so a descriptor
// another thread opens meanwhile (another child's pipe, or the socket through which Foundation learns that child
// exited) stays open in the new child, and that other child's end goes unseen for as long as the new one lives.
// Here the child closes every descriptor from 3 up at the moment of the spawn (posix_spawn_file_actions_addclosefrom_np),
// and the test's own pipe ends are close-on-exec from birth (pipe2). Both need _GNU_SOURCE, which stays in spawn.c.

#include <sys/types.h>

/// Starts `path` with `argv` and `envp`, in `directory` (NULL: this process's), with
/// `in`, `out`, `err` as its descriptors 0, 1, 2 (-1: the test process's own) and no other descriptor. Returns 0 and
/// sets `*pid`, or the error number.
int pr_test_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[], const char *directory,
                  int in, int out, int err);

/// pipe2(2) with O_CLOEXEC: `fds[0]` reads, `fds[1]` writes. Returns 0, or -1 with errno set.
int pr_test_pipe(int fds[2]);

#endif
