import HTTPServer
import RingKit
import TestSupport
import Testing

@testable import RingService

/// Every image route reads a live value the same way: one fetch for all of them, and each answer says where its
/// value came from.
@Suite(.serialized)
final class LiveRoutesTests {
    let fixture: FixtureServer

    init() throws {
        fixture = try FixtureServer()
        try fixture.write("c.json", #"{"v": 64}"#)
    }

    deinit { fixture.stop() }

    @Test func everyImageRouteDrawsTheValueReadOnceForAll() throws {
        let service = try makeLiveService(fixture)
        let live = "url=\(QueryParameters.encode(fixture.url("c.json")))&query=v"
        let routes: [(path: String, accept: String?, type: String)] = [
            ("/ring.svg", nil, "image/svg+xml"), ("/ring.png", nil, "image/png"),
            ("/ring", "image/png", "image/png"), ("/ring", "image/svg+xml", "image/svg+xml"),
            ("/badge.svg", nil, "image/svg+xml"), ("/badge.png", nil, "image/png"),
            ("/bar.svg", nil, "image/svg+xml"), ("/bar.png", nil, "image/png"),
        ]
        var sources: [String?] = []
        for route in routes {
            let headers: HTTPHeaders = route.accept.map { [.accept: $0] } ?? [:]
            let response = service.get("\(route.path)?\(live)", headers)
            #expect(response.status == .ok, "\(route.path): \(response.header("X-Error") ?? "")")
            #expect(response.header("Content-Type")?.hasPrefix(route.type) == true, "\(route.path)")
            if route.type == "image/svg+xml" { #expect(response.text.contains("64%"), "\(route.path)") }
            // The same image as the value written in the URL.
            let written = service.get("\(route.path)?value=64", headers)
            #expect(response.body == written.body, "\(route.path) \(route.accept ?? "")")
            sources.append(response.header("X-Source"))
        }
        #expect(sources == ["fresh"] + Array(repeating: "cached", count: routes.count - 1))
        #expect(fixture.requests == ["/c.json"])
    }
}
