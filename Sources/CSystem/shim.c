#define _GNU_SOURCE
#include "CSystem.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <malloc.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

int pr_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int pr_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t token) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = events;
    event.data.u64 = token;
    return epoll_ctl(epfd, op, fd, &event);
}

int pr_epoll_wait(int epfd, pr_epoll_event *out, int max, int timeout_ms) {
    struct epoll_event events[1024];
    if (max > 1024) max = 1024;
    int n = epoll_wait(epfd, events, max, timeout_ms);
    for (int i = 0; i < n; i++) {
        out[i].token = events[i].data.u64;
        out[i].events = events[i].events;
    }
    return n;
}

int pr_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

int pr_eventfd_signal(int fd) {
    uint64_t one = 1;
    return (int)write(fd, &one, sizeof one);
}

int pr_eventfd_drain(int fd) {
    uint64_t value;
    return (int)read(fd, &value, sizeof value);
}

int pr_accept(int fd) { return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC); }

int pr_peer_address(int fd, unsigned char *out) {
    struct sockaddr_storage peer;
    socklen_t length = sizeof peer;
    if (getpeername(fd, (struct sockaddr *)&peer, &length) != 0) return -1;
    if (peer.ss_family == AF_INET) {
        memcpy(out, &((struct sockaddr_in *)&peer)->sin_addr, 4);
        return 4;
    }
    if (peer.ss_family == AF_INET6) {
        memcpy(out, &((struct sockaddr_in6 *)&peer)->sin6_addr, 16);
        return 16;
    }
    return -1;
}

int pr_address_text(const unsigned char *address, int length, char *out, int size) {
    if (length != 4 && length != 16) return -1;
    if (inet_ntop(length == 4 ? AF_INET : AF_INET6, address, out, (socklen_t)size) == NULL) return -1;
    return (int)strlen(out);
}

int pr_make_address(const char *host, int port, struct sockaddr_storage *out, socklen_t *length) {
    memset(out, 0, sizeof *out);
    struct sockaddr_in *v4 = (struct sockaddr_in *)out;
    if (inet_pton(AF_INET, host, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons((uint16_t)port);
        *length = sizeof *v4;
        return AF_INET;
    }
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)out;
    if (inet_pton(AF_INET6, host, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons((uint16_t)port);
        *length = sizeof *v6;
        return AF_INET6;
    }
    return -1;
}

int pr_local_port(int fd) {
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    if (getsockname(fd, (struct sockaddr *)&address, &length) != 0) return -1;
    if (address.ss_family == AF_INET) return ntohs(((struct sockaddr_in *)&address)->sin_port);
    if (address.ss_family == AF_INET6) return ntohs(((struct sockaddr_in6 *)&address)->sin6_port);
    return -1;
}

int pr_stream_socket(int family) { return socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0); }

int pr_set_int_option(int fd, int level, int name, int value) {
    return setsockopt(fd, level, name, &value, sizeof value);
}

void pr_ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }

void pr_name_current_thread(const char *name) { pthread_setname_np(pthread_self(), name); }

int pr_fix_mmap_threshold(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }

int pr_lower_thread_priority(void) { return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 10); }

// struct sched_attr as the kernel defines it (glibc declares neither it nor sched_setattr).
struct pr_sched_attr {
    uint32_t size;
    uint32_t sched_policy;
    uint64_t sched_flags;
    int32_t sched_nice;
    uint32_t sched_priority;
    uint64_t sched_runtime;
    uint64_t sched_deadline;
    uint64_t sched_period;
    uint32_t sched_util_min;
    uint32_t sched_util_max;
};

int pr_set_thread_slice(unsigned long long nanoseconds) {
    // sched_setattr sets the nice value too: keep the thread's own (a lower one needs privilege).
    errno = 0;
    int nice = getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid));
    if (nice == -1 && errno != 0) return -1;
    struct pr_sched_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.sched_policy = SCHED_OTHER;
    attr.sched_nice = nice;
    attr.sched_runtime = nanoseconds;
    return (int)syscall(SYS_sched_setattr, 0, &attr, 0);
}

/// jemalloc's `mallctl`, when jemalloc is the process's allocator (linked in or preloaded); NULL otherwise.
typedef int (*pr_mallctl_fn)(const char *, void *, size_t *, void *, size_t);

static pr_mallctl_fn pr_mallctl(void) {
    static pr_mallctl_fn fn;
    static int looked;
    if (!__atomic_load_n(&looked, __ATOMIC_ACQUIRE)) {
        // jemalloc only when it is the allocator in charge: its `mallctl` in the object `malloc` resolves to (a
        // sanitizer's malloc in the executable comes first, and jemalloc, linked but unused, would report nothing).
        void *found = dlsym(RTLD_DEFAULT, "mallctl");
        Dl_info ctl, alloc;
        if (found && dladdr(found, &ctl) && dladdr(dlsym(RTLD_DEFAULT, "malloc"), &alloc)
            && ctl.dli_fbase == alloc.dli_fbase)
            fn = (pr_mallctl_fn)found;
        __atomic_store_n(&looked, 1, __ATOMIC_RELEASE);
    }
    return fn;
}

static size_t pr_mallctl_size(pr_mallctl_fn fn, const char *name) {
    size_t value = 0, length = sizeof value;
    return fn(name, &value, &length, NULL, 0) == 0 ? value : 0;
}

int pr_allocator_stats(struct pr_allocator_stats *stats) {
    memset(stats, 0, sizeof *stats);
    pr_mallctl_fn fn = pr_mallctl();
    if (fn) {
        // jemalloc's statistics are a snapshot taken when the epoch advances.
        uint64_t epoch = 1;
        size_t length = sizeof epoch;
        fn("epoch", &epoch, &length, &epoch, length);
        stats->allocator = 1;
        stats->in_use = pr_mallctl_size(fn, "stats.allocated");
        stats->held = pr_mallctl_size(fn, "stats.resident");
        stats->mapped = pr_mallctl_size(fn, "stats.mapped");
        stats->retained = pr_mallctl_size(fn, "stats.retained");
        return 1;
    }
    struct mallinfo2 info = mallinfo2();
    stats->allocator = 0;
    stats->in_use = info.uordblks + info.hblkhd;
    stats->held = info.arena + info.hblkhd;
    stats->mapped = info.arena + info.hblkhd;
    stats->retained = 0;
    return 1;
}

long pr_random_bytes(void *buffer, unsigned long length) {
    unsigned char *out = buffer;
    unsigned long filled = 0;
    while (filled < length) {
        ssize_t got = getrandom(out + filled, length - filled, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        filled += (unsigned long)got;
    }
    return (long)filled;
}
