import Foundation
import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

struct MetricsTests {
    /// Runs `promtool check metrics` on the text; returns its exit status and output.
    static func promtool(_ text: String) async throws -> (Int32, String) {
        try await onOwnThread { try promtoolBlocking(text) }
    }

    static func promtoolBlocking(_ text: String) throws -> (Int32, String) {
        let run = try ExternalCommand.run("promtool", ["check", "metrics"], input: Array(text.utf8))
        return (run.status, run.text + run.errors)
    }

    /// Every kind answers at `/{kind}.{format}` in every format, and metrics name the route by its pattern: the
    /// routes follow from the list of kinds and formats, not from a table written beside them.
    @Test(arguments: Drawing.Kind.allCases)
    func everyKindIsRoutedInEveryFormat(kind: Drawing.Kind) {
        let service = makeService()
        for format in ImageFormat.allCases {
            let response = service.get(
                "/\(kind.rawValue).\(format.rawValue)?\(kind == .spark ? "points=1,2" : "value=5")")
            #expect(response.status == .ok, "\(kind) \(format): \(response.header("X-Error") ?? "")")
            #expect(response.header("Content-Type") == format.contentType)
            let line =
                #"progress_rings_http_requests_total{route="/\#(kind.rawValue).\#(format.rawValue)",format="\#(format.rawValue)",status="200",outcome="image"} 1"#
            #expect(service.get("/metrics").text.contains(line))
        }
    }

    @Test func exposureCountsRequestsCacheAndRendersAndPassesPromtool() async throws {
        let service = makeService()
        _ = service.get("/ring.svg?value=1")
        _ = service.get("/ring.svg?value=1")
        _ = service.get("/ring.png?value=1")
        _ = service.get("/ring.svg?size=1")
        _ = service.get("/nowhere")
        _ = service.get("/healthz", method: HTTPMethod(rawValue: "POST"))
        let response = service.get("/metrics")
        #expect(response.status == .ok)
        #expect(response.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        let text = response.text
        #expect(
            text.contains(
                #"progress_rings_http_requests_total{route="/ring.svg",format="svg",status="200",outcome="image"} 2"#))
        #expect(
            text.contains(
                #"progress_rings_http_requests_total{route="/ring.png",format="png",status="200",outcome="image"} 1"#))
        #expect(
            text.contains(
                #"progress_rings_http_requests_total{route="/ring.svg",format="svg",status="400",outcome="error_image"} 1"#
            ))
        #expect(
            text.contains(
                #"progress_rings_http_requests_total{route="unmatched",format="none",status="404",outcome="refused"} 1"#
            ))
        #expect(
            text.contains(
                #"progress_rings_http_requests_total{route="/healthz",format="none",status="405",outcome="refused"} 1"#)
        )
        #expect(text.contains(#"progress_rings_cache_hits_total{cache="render"} 1"#))
        #expect(text.contains(#"progress_rings_cache_misses_total{cache="render"} 2"#))
        #expect(text.contains(#"progress_rings_cache_entries{cache="render"} 2"#))
        #expect(text.contains(#"progress_rings_render_duration_seconds_count{format="svg"} 1"#))
        #expect(text.contains(#"progress_rings_render_duration_seconds_bucket{format="png",le="+Inf"} 1"#))
        #expect(text.contains("progress_rings_open_connections 0"))
        let rss = text.split(separator: "\n").first { $0.hasPrefix("process_resident_memory_bytes ") }
        #expect((rss.flatMap { Int($0.split(separator: " ")[1]) } ?? 0) > 1_000_000)
        let start = text.split(separator: "\n").first { $0.hasPrefix("process_start_time_seconds ") }
        let startTime = start.flatMap { Double($0.split(separator: " ")[1]) } ?? 0
        #expect(abs(startTime - Date().timeIntervalSince1970) < 3600)
        // The process figures Prometheus' own clients report, and which build answers.
        func number(_ name: String) -> Double? {
            text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap {
                Double($0.split(separator: " ")[1])
            }
        }
        #expect((number("process_cpu_seconds_total") ?? 0) > 0)
        let open = number("process_open_fds") ?? 0
        #expect(open >= 3 && open < (number("process_max_fds") ?? 0))
        #expect(text.contains(#"progress_rings_build_info{version="\#(ProgressRingsVersion.current)",allocator=""#))
        let (status, output) = try await Self.promtool(text)
        #expect(status == 0, "\(output)")
    }

    @Test func promtoolCatchesABrokenExposition() async throws {
        // The check above is only worth something if promtool refuses bad text.
        let (status, _) = try await Self.promtool("# TYPE x counter\nx{a=\"1\" 2\n")
        #expect(status != 0)
    }

    /// With `errorStatus` 200 an error image has the status of an image: the outcome tells them apart.
    @Test func errorImagesServedWith200AreCountedAsErrorImages() {
        let service = makeService { $0.errorStatus = 200 }
        _ = service.get("/ring.svg?value=1")
        _ = service.get("/ring.svg?size=1")
        let text = service.get("/metrics").text
        let prefix = #"progress_rings_http_requests_total{route="/ring.svg",format="svg",status="200","#
        #expect(text.contains(prefix + #"outcome="image"} 1"#), "\(text)")
        #expect(text.contains(prefix + #"outcome="error_image"} 1"#), "\(text)")
    }

    @Test func openConnectionsComeFromTheServer() {
        let service = makeService()
        service.countConnections { 17 }
        #expect(service.get("/metrics").text.contains("progress_rings_open_connections 17\n"))
    }
}
