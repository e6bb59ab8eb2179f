import CSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Starts named, detached POSIX threads (the loops and their workers, the log writer, live-value fetches), which
/// `top -H` and `ps -L` then show by name.
public enum DetachedThread {
    /// Runs `body` on a new detached thread named `name` (at most 15 bytes: Linux refuses a longer name and the
    /// thread keeps the process's); returns pthread_create's result, 0 when the thread started.
    public static func start(named name: String, _ body: @escaping () -> Void) -> Int32 {
        final class Context {
            let name: String
            let body: () -> Void
            init(name: String, body: @escaping () -> Void) {
                self.name = name
                self.body = body
            }
        }
        let context = Unmanaged.passRetained(Context(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { raw in
                let context = Unmanaged<Context>.fromOpaque(raw!).takeRetainedValue()
                pr_name_current_thread(context.name)
                context.body()
                return nil
            }, context)
        guard result == 0 else {
            Unmanaged<Context>.fromOpaque(context).release()
            return result
        }
        pthread_detach(thread)
        return 0
    }
}
