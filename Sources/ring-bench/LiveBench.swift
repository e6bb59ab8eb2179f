import Foundation
import LiveValues
import RingKit

// `ring-bench --live`: what a live value costs the server once it is read (the lookup a request makes on the event
// loop) and what reading it costs (one fetch from a local upstream). The upstream is a small HTTP responder on
// 127.0.0.1 in this process, configured as a named source (a configured endpoint is fetched whatever its address).

/// Answers every connection on 127.0.0.1 with one JSON document, then closes it; stops when `stop()` closes the
/// listening socket.
final class LocalUpstream {
    let listener: Int32
    let port: Int

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 128) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard fd >= 0, ok else { throw BenchError("cannot listen on 127.0.0.1") }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let body = #"{"totals": {"percent": 87.5, "done": 7, "total": 12}}"#
        let response = Array(
            ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
                + "Connection: close\r\n\r\n" + body).utf8)
        Thread {
            var request = [UInt8](repeating: 0, count: 4096)
            while true {
                let connection = accept(fd, nil, nil)
                guard connection >= 0 else { return }
                _ = read(connection, &request, request.count)
                _ = response.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
                close(connection)
            }
        }.start()
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func wallSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func liveTable() throws {
    let upstream = try LocalUpstream()
    defer { upstream.stop() }
    var settings = LiveSettings()
    settings.sources = ["coverage": .init(url: "http://127.0.0.1:\(upstream.port)/c.json", query: "$.totals.percent")]
    settings.maxFetchesPerHost = 16
    let live = try LiveValues(settings: settings, version: ProgressRingsVersion.current)
    guard
        let source = try live.source(
            url: "coverage", query: nil, maxQuery: "$.totals.total", prometheus: nil, server: nil)
    else { throw BenchError("no source") }
    guard case .fresh = live.fetch(source) else { throw BenchError("the local upstream was not read") }

    print("Live values, one thread; CPU time (ns or µs) per call, a local upstream on 127.0.0.1.\n")
    print("| operation | median | p99 |")
    print("|---|---:|---:|")
    let lookup = measure(batch: 1000) { live.lookup(source) == nil ? 0 : 1 }
    print("| `lookup` of a cached value | \(Int(lookup.median * 1000)) ns | \(Int(lookup.p99 * 1000)) ns |")
    let parsed = try measure(batch: 200) { () throws -> Int in
        let s = try live.source(url: "coverage", query: nil, maxQuery: "$.totals.total", prometheus: nil, server: nil)
        return s.flatMap { live.lookup($0) } == nil ? 0 : 1
    }
    print(
        "| `source` for `url=coverage&maxQuery=$.totals.total` (a configured source), then `lookup` | \(Int(parsed.median * 1000)) ns | \(Int(parsed.p99 * 1000)) ns |"
    )
    let url = "http://127.0.0.1:\(upstream.port)/c.json"
    var settingsURL = settings
    settingsURL.hosts = ["127.0.0.1"]
    settingsURL.allowPrivateAddresses = true
    let liveURL = try LiveValues(settings: settingsURL, version: ProgressRingsVersion.current)
    let parsedURL = try measure(batch: 200) { () throws -> Int in
        let s = try liveURL.source(url: url, query: "$.totals.percent", maxQuery: nil, prometheus: nil, server: nil)
        return s == nil ? 0 : 1
    }
    print(
        "| `source` for `url=http://127.0.0.1:…/c.json&query=$.totals.percent` | \(Int(parsedURL.median * 1000)) ns | \(Int(parsedURL.p99 * 1000)) ns |"
    )

    // A cold fetch each time: every query names a new document.
    var fetchCPU: [Double] = []
    var fetchWall: [Double] = []
    for i in 0..<300 {
        guard
            let cold = try liveURL.source(
                url: url + "?n=\(i)", query: "$.totals.percent", maxQuery: nil, prometheus: nil, server: nil)
        else { continue }
        let (c0, w0) = (nanoseconds(), wallSeconds())
        guard case .fresh = liveURL.fetch(cold) else { throw BenchError("fetch \(i) failed") }
        fetchCPU.append(Double(nanoseconds() - c0) / 1000)
        fetchWall.append((wallSeconds() - w0) * 1e6)
    }
    fetchCPU.sort()
    fetchWall.sort()
    let p99 = fetchCPU.count * 99 / 100
    print(
        "| `fetch` of a cold source (libcurl, connect, GET, JSON), CPU | \(us(fetchCPU[fetchCPU.count / 2])) µs | \(us(fetchCPU[p99])) µs |"
    )
    print("| the same, wall clock | \(us(fetchWall[fetchWall.count / 2])) µs | \(us(fetchWall[p99])) µs |")

    // Lookups from several threads at once: the lock is the only shared thing.
    let threads = max(2, ProcessInfo.processInfo.activeProcessorCount)
    let perThread = 2_000_000
    let done = DispatchGroup()
    let started = wallSeconds()
    for _ in 0..<threads {
        done.enter()
        Thread {
            var hits = 0
            for _ in 0..<perThread where live.lookup(source) != nil { hits += 1 }
            if hits == -1 { print("") }
            done.leave()
        }.start()
    }
    done.wait()
    let rate = Double(threads * perThread) / (wallSeconds() - started)
    print(
        "\n\(threads) threads looking up one cached value at once: \(String(format: "%.1f", rate / 1e6)) million lookups/s"
            + " in all (wall clock, \(ProcessInfo.processInfo.activeProcessorCount) cores).")
}
