import CSystem
import FoundationEssentials
import Glibc

/// Process figures read from `/proc`, as Prometheus client libraries report them.
enum ProcessStatistics {
    /// Resident set size: the second field of `/proc/self/statm`, in pages.
    static func residentMemoryBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Start time in seconds since the epoch: boot time plus the process's start in clock ticks after boot.
    static func startTime() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")"),
            let system = try? String(contentsOfFile: "/proc/stat", encoding: .utf8)
        else { return nil }
        // Fields after the command name, which may itself hold spaces: state is field 3, starttime field 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        guard let line = system.split(separator: "\n").first(where: { $0.hasPrefix("btime ") }),
            let boot = Double(line.dropFirst(6).trimmingSpaces)
        else { return nil }
        return boot + ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// User and system CPU time the process has used, in seconds: fields 14 and 15 of `/proc/self/stat`, in clock
    /// ticks.
    static func cpuSeconds() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// File descriptors open now (the entries of `/proc/self/fd`, less the one reading it) and the most the process
    /// may open (`RLIMIT_NOFILE`'s soft limit): connections, files and sockets of every kind count.
    static func fileDescriptors() -> (open: Int, max: Int)? {
        guard let directory = opendir("/proc/self/fd") else { return nil }
        var count = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { $0.first }
            if name != UInt8(ascii: ".") { count += 1 }
        }
        closedir(directory)
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        // The directory's own descriptor was open while it was read.
        return (Swift.max(0, count - 1), limit.rlim_cur > UInt64(Int.max) ? Int.max : Int(limit.rlim_cur))
    }

    /// The allocator's view of the heap: bytes in use and held, by name (`pr_allocator_stats`), and which allocator.
    static func allocator() -> (name: String, bytes: [(state: String, value: Int)]) {
        var stats = pr_allocator_stats()
        _ = pr_allocator_stats(&stats)
        let bytes = [
            ("in_use", Int(stats.in_use)), ("held", Int(stats.held)), ("mapped", Int(stats.mapped)),
            ("retained", Int(stats.retained)),
        ]
        return (stats.allocator == 1 ? "jemalloc" : "glibc", bytes)
    }
}
