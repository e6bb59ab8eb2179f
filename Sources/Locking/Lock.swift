#if canImport(Glibc)
    import Glibc
#endif

/// A value behind a `pthread_mutex_t`, used as `Synchronization.Mutex` is: `withLock` is the only way to the value.
///
/// It exists for ThreadSanitizer: the sanitizer intercepts `pthread_mutex_lock` and `pthread_mutex_unlock` and so
/// sees the order the lock makes between threads, while `Mutex`'s lock and unlock run in the toolchain's
/// Synchronization module, which is not instrumented, so every access under a `Mutex` looks unordered to it and is
/// reported as a race. The package uses this lock everywhere, not only in sanitizer builds, so the sanitizer checks
/// the locking that ships; uncontended, a lock and an unlock cost about what `Mutex`'s do (a nanosecond more).
public final class Lock<Value> {
    // On the heap and never moved: a pthread mutex may not change address while in use. The value is behind a
    // pointer too, not in a stored `var`: a class's `var` passed `inout` is checked for exclusive access at run
    // time on every call, which the lock already guarantees.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let value: UnsafeMutablePointer<Value>

    public init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value while holding the lock, and returns what it returns.
    @inlinable
    public func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}

// The value is reached only under the lock, so the lock may be shared wherever the value may be sent.
extension Lock: @unchecked Sendable where Value: Sendable {}
