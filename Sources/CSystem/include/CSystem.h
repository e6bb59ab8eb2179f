#ifndef PROGRESS_RINGS_CSYSTEM_H
#define PROGRESS_RINGS_CSYSTEM_H

// Linux system calls that Swift's Glibc module does not import usably: epoll (its event struct is packed on
// x86-64), eventfd and accept4 (both need _GNU_SOURCE, which stays inside shim.c). Every function returns what
// the system call returns; on -1, errno holds the reason.

#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

// Event bits, copied from <sys/epoll.h> so callers need not include it.
#define PR_EPOLLIN 0x001u
#define PR_EPOLLOUT 0x004u
#define PR_EPOLLERR 0x008u
#define PR_EPOLLHUP 0x010u
#define PR_EPOLLRDHUP 0x2000u
#define PR_EPOLLEXCLUSIVE (1u << 28)
#define PR_EPOLLET (1u << 31)

#define PR_EPOLL_CTL_ADD 1
#define PR_EPOLL_CTL_DEL 2
#define PR_EPOLL_CTL_MOD 3

/// One ready descriptor, unpacked: the 64-bit token given at registration and the event bits.
typedef struct {
    uint64_t token;
    uint32_t events;
} pr_epoll_event;

int pr_epoll_create(void);
int pr_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t token);
/// Waits like epoll_wait(2) and unpacks at most `max` (≤ 1024) events into `out`.
int pr_epoll_wait(int epfd, pr_epoll_event *out, int max, int timeout_ms);

/// A non-blocking, close-on-exec eventfd starting at 0.
int pr_eventfd(void);
int pr_eventfd_signal(int fd);
int pr_eventfd_drain(int fd);

/// accept4(2) with SOCK_NONBLOCK | SOCK_CLOEXEC.
int pr_accept(int fd);
/// The peer of a connected socket: its address's 4 (IPv4) or 16 (IPv6) bytes into `out`, which holds 16; returns
/// how many, or -1 (not connected, another family).
int pr_peer_address(int fd, unsigned char *out);
/// The text of 4 or 16 address bytes (inet_ntop) into `out` of `size` bytes; returns its length, or -1.
int pr_address_text(const unsigned char *address, int length, char *out, int size);

/// Fills `out` from an IPv4 or IPv6 literal; returns the address family, or -1 when `host` is neither.
int pr_make_address(const char *host, int port, struct sockaddr_storage *out, socklen_t *length);
/// The port a bound socket got (port 0 asks the kernel for a free one), or -1.
int pr_local_port(int fd);

/// A non-blocking, close-on-exec stream socket of this family.
int pr_stream_socket(int family);
int pr_set_int_option(int fd, int level, int name, int value);

/// Names the calling thread (at most 15 bytes are kept), as `top -H` and `perf` show it.
void pr_name_current_thread(const char *name);

/// Ignores SIGPIPE process-wide: a peer that vanishes mid-write gives EPIPE, not death.
void pr_ignore_sigpipe(void);

/// Lowers the calling thread's scheduling priority to nice 10 (Linux nice is per thread), so its work yields
/// the cores to threads at the default priority. Returns 0 on success.
int pr_lower_thread_priority(void);

/// Fixes glibc's mmap threshold (which otherwise grows to the largest block ever freed), so blocks of at least
/// `bytes` are always mapped apart and returned to the kernel when freed. Returns 1 on success.
int pr_fix_mmap_threshold(int bytes);

/// The allocator's own view of the heap, in bytes.
struct pr_allocator_stats {
    /// 1: jemalloc (its `stats.*`), 0: glibc's malloc (`mallinfo2`).
    int allocator;
    /// Bytes the program has allocated and not freed.
    size_t in_use;
    /// Bytes the allocator keeps resident for the heap: in use, free but not returned, and its own metadata (glibc:
    /// its arenas' and mapped blocks' bytes, touched or not).
    size_t held;
    /// Bytes of address space the allocator has mapped for the heap.
    size_t mapped;
    /// jemalloc: bytes of address space kept mapped for reuse but returned to the kernel (not resident). glibc: 0.
    size_t retained;
};

/// Fills `stats` from the allocator the process runs with (looked up once); walks every arena under its lock, so it
/// is for `/metrics`, not for a request. Returns 1.
int pr_allocator_stats(struct pr_allocator_stats *stats);

/// Asks the scheduler for a slice of `nanoseconds` (0.1 ms to 100 ms; 0 for the kernel's default) for the calling
/// thread, keeping its normal policy and its own nice value (sched_setattr's sched_runtime; Linux 6.12 and later).
/// Returns 0 on success, -1 otherwise.
int pr_set_thread_slice(unsigned long long nanoseconds);

/// Fills `length` bytes from the kernel's random source (getrandom(2), blocking until it is seeded); returns the
/// bytes written, or -1 with errno.
long pr_random_bytes(void *buffer, unsigned long length);

#endif
