// A fault for the soak's vanish+reset rule, preloaded into the server (LD_PRELOAD) so the rule can be seen to fail:
// closing a connection whose peer reset it (ECONNRESET pending on the socket) first holds the calling thread, an
// event loop, for 100 ms, as a server would that did blocking work (a log line to a slow sink, say) whenever a client
// vanished. No setting takes away what keeps those clients cheap (a reset costs the server one close), so the fault
// puts back the cost they must not have. Build and run (the proof at the top of .ci/soak.sh):
//   cc -shared -fPIC -o /tmp/stall-on-reset.so .ci/stall-on-reset.c -ldl
//   SOAK_PRELOAD=/tmp/stall-on-reset.so HOSTILE_KINDS=vanish,reset .ci/soak.sh 60
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

int close(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "close");
    int error = 0;
    socklen_t length = sizeof error;
    int saved = errno;
    if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 && error == ECONNRESET) {
        struct timespec stall = {.tv_sec = 0, .tv_nsec = 100 * 1000 * 1000};
        nanosleep(&stall, NULL);
    }
    errno = saved;
    return real(fd);
}
