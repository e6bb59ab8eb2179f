#define _GNU_SOURCE
#include "CTestSpawn.h"

#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>

int pr_test_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[], const char *directory,
                  int in, int out, int err) {
    posix_spawn_file_actions_t actions;
    int result = posix_spawn_file_actions_init(&actions);
    if (result != 0) return result;
    const int from[3] = {in, out, err};
    for (int target = 0; target < 3 && result == 0; target++) {
        if (from[target] >= 0) result = posix_spawn_file_actions_adddup2(&actions, from[target], target);
    }
    if (result == 0 && directory != NULL) result = posix_spawn_file_actions_addchdir_np(&actions, directory);
    if (result == 0) result = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    if (result == 0) result = posix_spawn(pid, path, &actions, NULL, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    return result;
}

int pr_test_pipe(int fds[2]) { return pipe2(fds, O_CLOEXEC); }
