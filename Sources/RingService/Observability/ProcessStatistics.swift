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
