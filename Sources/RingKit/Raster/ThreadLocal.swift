#if canImport(Glibc)
    import Glibc
#endif

/// One value per thread, made on the thread's first use and released when the thread ends.
final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    // @unchecked: the key is written once in init; each thread only reads and writes its own slot.
    private var key = pthread_key_t()
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
        let created = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
        precondition(created == 0, "pthread_key_create failed: \(created)")
    }

    /// This thread's value.
    var value: Value {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
        }
        let value = make()
        pthread_setspecific(key, Unmanaged.passRetained(value as AnyObject).toOpaque())
        return value
    }
}
