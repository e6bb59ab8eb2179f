import HTTPServer
import RingKit
import Testing

@testable import RingService

/// Where a render runs, for URL values and live values alike: the decision table, then the service following it.
struct RenderPlacementTests {
    typealias Placement = RenderPlacement

    static let worker = Placement.workerRenderEdge
    static let large = Placement.largeRenderEdge

    /// (format, pixels on a side, asked on a loop, cached) → where it runs.
    @Test(arguments: [
        (ImageFormat.png, worker, true, false, Placement.inPlace),
        (.png, worker + 1, true, false, .loopWorker),
        (.png, large + 1, true, false, .loopWorker),
        (.png, worker + 1, true, true, .inPlace),
        (.png, large + 1, false, false, .inPlace),
        (.svg, large + 1, true, false, .inPlace),
        (.svg, worker, false, true, .inPlace),
        (.gif, 16, true, false, .loopWorker),
        (.webp, 16, true, false, .loopWorker),
        (.webp, worker + 1, true, true, .inPlace),
        (.gif, large + 1, false, false, .inPlace),
    ])
    func decisionTable(format: ImageFormat, edge: Int, onLoop: Bool, cached: Bool, expected: Placement) {
        #expect(Placement.of(format: format, pixelEdge: edge, onLoop: onLoop, cached: cached) == expected)
    }

    /// The cache is asked only when the answer depends on it (it takes the cache's lock).
    @Test func theCacheIsAskedOnlyForAPNGOverTheWorkerEdgeOnALoop() {
        var asked = 0
        func cached() -> Bool {
            asked += 1
            return false
        }
        _ = Placement.of(format: .svg, pixelEdge: 512, onLoop: true, cached: cached())
        _ = Placement.of(format: .png, pixelEdge: Self.worker, onLoop: true, cached: cached())
        _ = Placement.of(format: .png, pixelEdge: 512, onLoop: false, cached: cached())
        #expect(asked == 0)
        #expect(Placement.of(format: .png, pixelEdge: 512, onLoop: true, cached: cached()) == .loopWorker)
        #expect(asked == 1)
    }

    @Test func onlyPNGsOverTheLargeEdgeTakeTheGate() {
        #expect(!Placement.behindLargeRenderGate(format: .png, pixelEdge: Self.large))
        #expect(Placement.behindLargeRenderGate(format: .png, pixelEdge: Self.large + 1))
        #expect(!Placement.behindLargeRenderGate(format: .svg, pixelEdge: Self.large * 2))
    }

    /// A URL value follows the table: a small PNG and an SVG now, a larger PNG miss on the worker, then a hit now.
    @Test func aURLValueIsPlacedByTheTable() {
        let service = makeService(renderer: CountingRenderer())
        func placed(_ target: String) -> Placement? {
            switch service.answer(HTTPRequest(method: .get, target: target)) {
            case .now: .inPlace
            case .later: .loopWorker
            case .whenReady: nil
            }
        }
        #expect(placed("/ring.png?value=5&size=\(Self.worker)") == .inPlace)
        #expect(placed("/ring.svg?value=5&size=512") == .inPlace)
        #expect(placed("/ring.png?value=5&size=512") == .loopWorker)
        _ = service.get("/ring.png?value=5&size=512")
        #expect(placed("/ring.png?value=5&size=512") == .inPlace)
    }
}
