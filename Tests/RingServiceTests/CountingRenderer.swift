import RingKit
import Synchronization
import TestSupport

@testable import RingService

/// RingKit's renderer, counting what the service asks of it, failing the renders `fails` picks, and holding every
/// render at `gate` when one is given.
final class CountingRenderer: Renderer {
    let parses = Atomic<Int>(0)
    let renders = Atomic<Int>(0)
    let fails: @Sendable (Drawing, ImageFormat) -> Bool
    let gate: Gate?

    init(gate: Gate? = nil, fails: @escaping @Sendable (Drawing, ImageFormat) -> Bool = { _, _ in false }) {
        self.gate = gate
        self.fails = fails
    }

    func parse(_ request: Drawing.Request) throws(ParameterError) -> Drawing {
        parses.add(1, ordering: .relaxed)
        return try Drawing.parse(request)
    }

    func render(_ drawing: Drawing, as format: ImageFormat) throws(RenderError) -> [UInt8] {
        renders.add(1, ordering: .relaxed)
        gate?.pass()
        if fails(drawing, format) { throw RenderError("injected failure") }
        return try drawing.render(format)
    }

    var parseCount: Int { parses.load(ordering: .relaxed) }
    var renderCount: Int { renders.load(ordering: .relaxed) }
}
